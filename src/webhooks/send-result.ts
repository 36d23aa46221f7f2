/*
 * What a POST to a receiver gives back, apart from send.ts: the declarations of the public Webhooks class name it,
 * and send.ts's own declarations import node:http, which a consumer without @types/node cannot resolve.
 */

/** What one POST to a receiver came to. */
export interface SendResult {
  /** The HTTP status, when an answer came. */
  status: number | null;
  /** null when an answer came (its status says whether it succeeded); else why none did (see `errorName`). */
  error: string | null;
  /** The first 1 KiB of the answer. */
  body: string | null;
  durationMs: number;
}

/** A request in flight that a close or a reset may cut. */
export interface Cancelable {
  destroy(): void;
}
