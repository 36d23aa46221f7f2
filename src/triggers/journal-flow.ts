import { ApiError } from '../errors/api-error';
import { SCENARIOS } from '../scenarios/scenarios';
import type { JournalEntry } from '../store/journal';
import type { ControlEntry } from '../store/control-log';
import type { FlowDocument, FlowStep, FlowValue, KeyKind, RequestStep } from './flow-types';
import { MAX_STEPS } from './validate-flow';
import { sessionCut } from './session-cut';
import { cardShortcut } from './recorded-cards';

/** What a session kept as a flow is made from: the request journal and the changes among its requests. */
export interface JournalSource {
  journal: { capacity: number; chronological(): Array<{ ordinal: number; entry: JournalEntry }>; controls: { list(): readonly ControlEntry[] } };
  workspaceIds: () => Iterable<string>;
}

export interface JournalFlowOptions {
  /** The session's workspace (default: the workspace of its first request). */
  workspace?: string;
  /** A Request-Id (from that request on) or Unix seconds (from the first request or change made at or after it, in order). */
  since?: string;
}

/** An id or client secret the mock makes: a prefix and 24 base62 characters (`pay_…`, `pay_…_secret_…`). */
const MADE_ID = /^[a-z]{2,5}_[0-9A-Za-z]{24}(_secret_[0-9A-Za-z]{24})?$/;
/** Field names a reference path can hold. */
const PATH_PART = /^[A-Za-z0-9_-]+$/;

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
    if (![...source.workspaceIds()].includes(workspace))
      throw new ApiError('resource_missing', `No such workspace: '${workspace.slice(0, 100)}'. GET /_mock/workspaces lists them.`, {
        param: 'workspace',
        status: 400,
      });
    throw new ApiError('parameter_invalid', `The journal holds no /v1 request of workspace ${workspace}${since.text}: there is no session to keep as a flow.`, {
      param: 'workspace',
    });
  }
  const controls = allControls.filter((change, index) => since.control(change, index) && (change.workspace === null || change.workspace === workspace));
  const steps = new SessionSteps();
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
  return { workspace, livemode, steps: steps.list };
}

/** Builds the steps in order, keeping what each answer showed so later steps can reference it. */
class SessionSteps {
  readonly list: FlowStep[] = [];
  /** Ids (and client secrets) the session made → the reference to the answer that first showed them. */
  private readonly references = new Map<string, string>();
  /** Payment methods tokenised in the session → the `pm_card_*` shortcut with the same outcome. */
  private readonly shortcuts = new Map<string, string>();
  /** Every string the session sent: an id it sent before any answer showed it was not made by it. */
  private readonly sent = new Set<string>();

  control(change: ControlEntry): void {
    this.list.push(change.kind === 'advance' ? { advance: duration(change.seconds) } : { scenario: change.scenario });
  }

  request(entry: JournalEntry): void {
    const method = entry.method as RequestStep['method'];
    const answer = entry.response_body as Record<string, unknown> | null;
    // A card tokenised here is not written: the payment method it made is named by its test-card shortcut instead.
    const shortcut = method === 'POST' && entry.path === '/v1/payment_methods' && entry.status === 200 ? cardShortcut(answer) : undefined;
    if (shortcut !== undefined && typeof answer?.id === 'string') {
      this.shortcuts.set(answer.id, shortcut);
      return;
    }
    const name = `${typeof answer?.object === 'string' && answer.object !== 'list' ? answer.object : entry.status === 200 ? 'answer' : 'refused'}_${this.list.length + 1}`;
    const step: RequestStep = {
      name,
      method,
      path: entry.path
        .split('/')
        .map((part) => this.text(decodeSegment(part), true))
        .join('/'),
    };
    if (entry.request_body !== null && typeof entry.request_body === 'object' && Object.keys(entry.request_body).length > 0)
      step.params = this.value(entry.request_body) as Record<string, FlowValue>;
    const kind = keyOf(entry.key)?.kind;
    if (kind !== undefined && kind !== 'secret') step.key = kind;
    // What the restricted key could do: a replay takes a key that may do as much (the first one might be read-only).
    if (kind === 'restricted' && entry.key_permissions)
      step.key_permissions = Object.fromEntries(Object.entries(entry.key_permissions).filter(([, level]) => level !== 'none'));
    const scenario = entry.request_headers['mock-scenario'];
    if (scenario !== undefined && (SCENARIOS as readonly string[]).includes(scenario)) step.scenario = scenario;
    if (entry.idempotency_key !== null && method === 'POST') step.idempotency_key = entry.idempotency_key;
    step.expect_status = entry.status;
    const code = (answer?.error as { code?: unknown } | undefined)?.code;
    if (entry.status >= 400) step.expect_error = { status: entry.status, ...(typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? { code } : {}) };
    this.list.push(step);
    if (method === 'POST') this.learn(answer, name, [], 0);
  }

  /** A value sent, with the session's ids as references (the journal masked its keys and card numbers already). */
  private value(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value, false);
    if (value === null || typeof value !== 'object' || depth > 8) return value;
    if (Array.isArray(value)) return value.map((item) => this.value(item, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.value(item, depth + 1)]));
  }

  private text(text: string, inPath: boolean): string {
    const replaced = this.shortcuts.get(text) ?? this.references.get(text);
    if (replaced !== undefined) return replaced;
    this.sent.add(text);
    return inPath ? encodeURIComponent(text).replace(/%40/g, '@') : text;
  }

  /** Notes every id an answer shows for the first time, with the path to it, unless the session sent it before. */
  private learn(value: unknown, name: string, path: string[], depth: number): void {
    if (typeof value === 'string') {
      if (MADE_ID.test(value) && !this.sent.has(value) && !this.references.has(value) && !this.shortcuts.has(value))
        this.references.set(value, `\${${name}:${path.join('.')}}`);
      return;
    }
    if (value === null || typeof value !== 'object' || depth > 8) return;
    for (const [key, item] of Object.entries(value)) if (PATH_PART.test(key)) this.learn(item, name, [...path, key], depth + 1);
  }
}

/** `${kind}_${test|live}_…` as the journal masks a key: which kind and mode (undefined when it cannot be read). */
function keyOf(masked: string | null): { kind: KeyKind; livemode: boolean } | undefined {
  const match = /^(sk|pk|rk)_(test|live)_/.exec(masked ?? '');
  if (!match) return undefined;
  const kind = ({ sk: 'secret', pk: 'publishable', rk: 'restricted' } as const)[match[1] as 'sk' | 'pk' | 'rk'];
  return { kind, livemode: match[2] === 'live' };
}

/** Seconds as the shortest duration that says them (`25h`, `90m`, `45s`), negative too. */
function duration(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const size = Math.abs(seconds);
  for (const [unit, length] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
  ] as const)
    if (size % length === 0) return `${sign}${size / length}${unit}`;
  return `${sign}${size}s`;
}

function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
