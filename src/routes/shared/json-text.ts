/**
 * A handler's answer already serialised: the kept text of a stored version (Collection.servedText), sent as it
 * is. The pipeline renders it for an older API version like any other answer, so a handler may return one for any.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
