import { MockResponse } from '../../request-response';

/** An admin answer whose JSON is written piece by piece (an export larger than a string can hold). */
export class StreamedJson {
  constructor(readonly stream: NonNullable<MockResponse['stream']>) {}
}
