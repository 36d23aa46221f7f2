import { ApiError } from '../errors/api-error';
import type { ControlEntry } from '../store/control-log';
import type { JournalEntry } from '../store/journal';

/** Which requests (by ordinal) and changes (by their place in the control log) a session kept as a flow holds. */
export interface SessionCut {
  /** ` since …`, for messages. */
  text: string;
  request(ordinal: number): boolean;
  control(change: ControlEntry, index: number): boolean;
}

/**
 * Where a session starts: at the beginning, at a Request-Id (that request on, with the changes made just before it),
 * or at a Unix time. A time cuts in the journal's order, which is the session's, never by the mock clock: the
 * session starts at the first request or change, in order, made at or after that time (a request's `created`; a
 * clock move's time before it moved; a scenario change's time), and keeps everything after it, whatever the clock
 * did later (a clock moved back makes later requests older than the cut).
 *
 * @example sessionCut('1767232800', journal.chronological(), journal.controls.list(), journal.capacity).request(3)
 */
export function sessionCut(
  since: string | undefined,
  all: ReadonlyArray<{ ordinal: number; entry: JournalEntry }>,
  controls: readonly ControlEntry[],
  capacity: number,
): SessionCut {
  if (since === undefined || since === '') return { text: '', request: () => true, control: () => true };
  const text = ` since ${since}`;
  if (/^\d{1,12}$/.test(since)) {
    const time = Number(since);
    const firstRequest = all.find(({ entry }) => entry.created >= time)?.ordinal;
    const firstControl = controls.findIndex((change) => madeAt(change) >= time);
    const control = controls[firstControl];
    // A change comes after the request of its `after` ordinal, before the next one.
    if (control !== undefined && (firstRequest === undefined || control.after < firstRequest))
      return { text, request: (ordinal) => ordinal > control.after, control: (_, index) => index >= firstControl };
    if (firstRequest === undefined) return { text, request: () => false, control: () => false };
    return { text, request: (ordinal) => ordinal >= firstRequest, control: (change) => change.after >= firstRequest };
  }
  if (!/^req_/.test(since))
    throw new ApiError('parameter_invalid', `Invalid since: ${since.slice(0, 100)}. Give a Request-Id (req_…) or Unix seconds.`, { param: 'since' });
  const first = all.find(({ entry }) => entry.id === since)?.ordinal;
  if (first === undefined)
    throw new ApiError(
      'resource_missing',
      `No request '${since.slice(0, 100)}' in the journal (it keeps the latest ${capacity}); GET /_mock/requests lists them.`,
      {
        param: 'since',
        status: 400,
      },
    );
  return { text, request: (ordinal) => ordinal >= first, control: (change) => change.after >= first - 1 };
}

/** When a change was made: a move of the server clock is noted at the time it moved to, so it was made that much earlier. */
function madeAt(change: ControlEntry): number {
  return change.kind === 'advance' && change.workspace === null ? change.created - change.seconds : change.created;
}
