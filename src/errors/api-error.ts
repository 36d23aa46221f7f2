import { ERROR_CATALOG, ErrorCode } from './catalog';

/** Extra fields an error object may carry beside type, code and message. */
export interface ErrorExtras {
  /** Overrides the catalog's status where one code serves two cases (resource_missing for a bad parameter: 400). */
  status?: number;
  param?: string;
  decline_code?: string;
  /** HTTP headers to send with the error (Allow, Retry-After). Not part of the body. */
  headers?: Record<string, string>;
  /** Fields merged into the error body, e.g. the payment of a declined confirmation. */
  body?: Record<string, unknown>;
}

/**
 * The one error class handlers throw. Its status and type come from the catalog, so a code can never be sent
 * with the wrong status.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extras: ErrorExtras;

  constructor(code: ErrorCode, message: string, extras: ErrorExtras = {}) {
    super(message);
    this.code = code;
    this.status = extras.status ?? ERROR_CATALOG[code].status;
    this.extras = extras;
  }

  /** The `{ error: {...} }` body, with `doc_url` built from the server's own address. */
  toBody(docsBase: string): { error: Record<string, unknown> } {
    const error: Record<string, unknown> = {
      type: ERROR_CATALOG[this.code].type,
      code: this.code,
      message: this.message,
    };
    if (this.extras.param !== undefined) error.param = this.extras.param;
    if (this.extras.decline_code !== undefined) error.decline_code = this.extras.decline_code;
    if (this.extras.body) Object.assign(error, this.extras.body);
    error.doc_url = `${docsBase}/docs/errors#${this.code}`;
    return { error };
  }
}

/** A mistake in how the mock was configured (flags, fixtures, port): printed as one line, exit code 1. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
