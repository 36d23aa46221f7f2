import type { KeyRecord } from '../store/store';
import type { MissedId } from '../near-miss/explain-missing';
import type { MockResponse } from '../request-response';

/** What the pipeline learned about a request, for the journal and the log line. */
export interface V1Outcome {
  response: MockResponse;
  key: KeyRecord | undefined;
  idempotencyKey: string | null;
  replayed: boolean;
  params: unknown;
  /** A 404 for an id that another workspace or mode holds: where, for the journal (the admin side) only. */
  missed: MissedId | null;
}
