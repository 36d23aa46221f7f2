import { ApiError } from '../errors/api-error';
import { ErrorCode, isErrorCode } from '../errors/catalog';

export interface Fault {
  id: number;
  method: string | null;
  /** A path, or a prefix ending in `*` (`/v1/payments*`). */
  path: string;
  times: number;
  phase: 'before' | 'after';
  /** An error code from the catalog, or `reset` to drop the connection. */
  error: ErrorCode | 'reset';
}

/**
 * Faults queued by tests (`POST /_mock/faults`): the next matching /v1 requests fail as described, each fault
 * `times` times, then it is gone.
 */
export class FaultQueue {
  private faults: Fault[] = [];
  private nextId = 1;

  add(input: Record<string, unknown>): Fault {
    const known = new Set(['method', 'path', 'times', 'phase', 'error']);
    for (const key of Object.keys(input)) {
      if (!known.has(key))
        throw new ApiError('parameter_unknown', `Received unknown parameter: ${key}. A fault takes method, path, times, phase and error.`, { param: key });
    }
    const { method, path, times = 1, phase = 'before', error = 'api_error' } = input;
    if (typeof path !== 'string' || !path.startsWith('/v1')) {
      throw new ApiError('parameter_invalid', 'Invalid path: give a /v1 path, optionally ending in * to match a prefix (e.g. /v1/payments*).', {
        param: 'path',
      });
    }
    if (method !== undefined && (typeof method !== 'string' || !/^(GET|POST|PUT|DELETE|PATCH)$/i.test(method))) {
      throw new ApiError('parameter_invalid', 'Invalid method: use GET or POST, or leave it out to match any.', { param: 'method' });
    }
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1 || times > 1000) {
      throw new ApiError('parameter_invalid_integer', 'Invalid times: use an integer from 1 to 1000.', { param: 'times' });
    }
    if (phase !== 'before' && phase !== 'after') {
      throw new ApiError('parameter_invalid', 'Invalid phase: use "before" (fails without executing) or "after" (executes, then fails).', { param: 'phase' });
    }
    if (typeof error !== 'string' || (error !== 'reset' && !isErrorCode(error))) {
      throw new ApiError(
        'parameter_invalid',
        `Invalid error: use an error code from /docs/errors (e.g. api_error, rate_limit, card_declined) or "reset" to drop the connection.`,
        { param: 'error' },
      );
    }
    const fault: Fault = { id: this.nextId++, method: method ? method.toUpperCase() : null, path, times, phase, error: error as Fault['error'] };
    this.faults.push(fault);
    return fault;
  }

  /** Takes one use of the first fault matching this request and phase. */
  take(method: string, path: string, phase: Fault['phase']): Fault | undefined {
    if (this.faults.length === 0) return undefined;
    const fault = this.faults.find((f) => f.phase === phase && (f.method === null || f.method === method) && matches(f.path, path));
    if (!fault) return undefined;
    fault.times -= 1;
    if (fault.times === 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  clear(): void {
    this.faults = [];
  }
}

function matches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}
