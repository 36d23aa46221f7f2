import type { MockContext } from '../context/mock-context';
import { ApiError } from '../errors/api-error';
import type { JournalEntry } from '../store/journal';
import type { ControlEntry } from '../store/control-log';
import type { FlowDocument } from './flow-types';
import { MAX_STEPS } from './validate-flow';
import { sessionCut } from './session-cut';
import { keyOf, SessionSteps } from './session-steps';
import { noSuchWorkspace } from '../domain/workspaces';

/** What a session kept as a flow is made from: the request journal and the changes among its requests. */
export interface JournalSource {
  journal: { capacity: number; chronological(): Array<{ ordinal: number; entry: JournalEntry }>; controls: { list(): readonly ControlEntry[] } };
  workspaceIds: () => Iterable<string>;
  /**
   * Whether this mock made an id (`pay_…`): a step that sends one the session did not make refers to an object made
   * by a request the flow does not hold, which a replay on a fresh mock will not find. Fixture ids are not made.
   */
  madeHere?: (id: string) => boolean;
}

/**
 * What an instance holds of its session: its journal, its workspaces, and its id codec to tell the ids it made.
 *
 * @example journalFlow(sessionSource(ctx), { workspace: 'acme' })
 */
export function sessionSource(ctx: Pick<MockContext, 'journal' | 'store'>): JournalSource {
  return {
    journal: ctx.journal,
    workspaceIds: () => ctx.store.workspaces.keys(),
    madeHere: (id) => ctx.store.ids.numberOf(id.slice(0, id.indexOf('_')), id) !== undefined,
  };
}

export interface JournalFlowOptions {
  /** The session's workspace (default: the workspace of its first request). */
  workspace?: string;
  /** A Request-Id (from that request on) or Unix seconds (from the first request or change made at or after it, in order). */
  since?: string;
}

/**
 * A session of the journal as a flow document (`GET /_mock/requests?as=flow`): the requests of one workspace and
 * mode, oldest first, with the clock moves and scenario changes made among them as control steps. Ids the
 * session made become references to the answer that first showed them (`${payment_1:id}`), so the flow makes
 * fresh objects on a fresh mock; ids it only sent (fixtures) stay as they are. Every step records the status it
 * got (`expect_status`, and `expect_error` for a refusal), so a replay that answers otherwise stops there. Keys
 * are never written (a step names the kind of key), nor card numbers: a card tokenised in the session becomes the
 * `pm_card_*` shortcut of the same outcome in the steps that use it. What it reads is the journal, masked already
 * (src/masking/): keys and card numbers never reach it whole.
 */
export function journalFlow(source: JournalSource, options: JournalFlowOptions = {}): FlowDocument & { workspace: string; livemode: boolean } {
  if (source.journal.capacity === 0)
    throw new ApiError(
      'parameter_invalid',
      'The journal is off (--journal 0, or journalSize: 0): the mock keeps no request, so there is no session to keep as a flow. Start it with --journal <n> (1000 by default) to keep one.',
    );
  const all = source.journal.chronological();
  const allControls = source.journal.controls.list();
  const since = sessionCut(options.since, all, allControls, source.journal.capacity);
  const kept = all.filter(({ ordinal, entry }) => since.request(ordinal) && entry.workspace !== null && keyOf(entry.key) !== undefined);
  const workspace = options.workspace ?? kept[0]?.entry.workspace ?? undefined;
  if (workspace === undefined)
    throw new ApiError('parameter_invalid', `The journal holds no /v1 request${since.text} made with a known key: there is no session to keep as a flow.`, {
      // The parameter that narrowed the session to nothing, if one did.
      ...(options.since !== undefined ? { param: 'since' } : options.workspace !== undefined ? { param: 'workspace' } : {}),
    });
  const ofWorkspace = kept.filter(({ entry }) => entry.workspace === workspace);
  const livemode = keyOf(ofWorkspace[0]?.entry.key ?? null)?.livemode ?? false;
  const requests = ofWorkspace.filter(({ entry }) => keyOf(entry.key)?.livemode === livemode && entry.status !== 0);
  if (requests.length === 0) {
    if (![...source.workspaceIds()].includes(workspace)) throw noSuchWorkspace(workspace, 'workspace', 400);
    throw new ApiError('parameter_invalid', `The journal holds no /v1 request of workspace ${workspace}${since.text}: there is no session to keep as a flow.`, {
      param: 'workspace',
    });
  }
  const controls = allControls.filter((change, index) => since.control(change, index) && (change.workspace === null || change.workspace === workspace));
  const steps = new SessionSteps(source.madeHere);
  let next = 0;
  for (const { ordinal, entry } of requests) {
    for (; next < controls.length && (controls[next] as ControlEntry).after < ordinal; next++) steps.control(controls[next] as ControlEntry);
    steps.request(entry);
  }
  for (; next < controls.length; next++) steps.control(controls[next] as ControlEntry);
  if (steps.list.length > MAX_STEPS)
    throw new ApiError(
      'parameter_invalid',
      `The session has ${steps.list.length} steps, more than a flow holds (${MAX_STEPS}): keep part of it with since=<Request-Id> (GET /_mock/requests lists them).`,
      { param: 'since' },
    );
  const warnings = outsideWarning(steps.madeOutside, { dropped: (all[0]?.ordinal ?? 1) - 1, capacity: source.journal.capacity, since: options.since });
  return { workspace, livemode, ...(warnings ? { warnings } : {}), steps: steps.list };
}

/**
 * The warning of a flow whose steps send ids made by requests it does not hold (cut from the journal by its size,
 * left out by `since`, or made before the journal was cleared): a replay on a fresh mock answers 404 there. It names
 * what keeps more: a larger `--journal`, an earlier `since`.
 */
function outsideWarning(madeOutside: Map<string, number[]>, cut: { dropped: number; capacity: number; since: string | undefined }): string[] | undefined {
  if (madeOutside.size === 0) return undefined;
  const ids = [...madeOutside.keys()];
  const steps = [...new Set([...madeOutside.values()].flat())].sort((a, b) => a - b);
  const named = `${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ` and ${ids.length - 3} more` : ''}`;
  const where = `${steps.length === 1 ? 'Step' : 'Steps'} ${steps.slice(0, 5).join(', ')}${steps.length > 5 ? ', …' : ''} ${steps.length === 1 ? 'uses' : 'use'}`;
  const ways = [
    ...(cut.dropped > 0
      ? [`the journal keeps the latest ${cut.capacity} requests and dropped ${cut.dropped}: start the mock with a larger --journal <n> (PAYMENTS_MOCK_JOURNAL)`]
      : []),
    ...(cut.since !== undefined ? [`export from an earlier request with an earlier --since (since=)`] : []),
  ];
  const fix =
    ways.length > 0
      ? `To keep the whole session, ${ways.join('; or ')}.`
      : 'They were made before the journal was last cleared (or come from a state file): record the session again from its start.';
  return [`${where} ${named}, made by requests this flow does not hold: a replay on a fresh mock will not find ${ids.length === 1 ? 'it' : 'them'}. ${fix}`];
}
