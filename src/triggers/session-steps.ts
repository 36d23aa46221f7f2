import { SCENARIOS } from '../scenarios/scenarios';
import type { ControlEntry } from '../store/control-log';
import type { JournalEntry } from '../store/journal';
import type { FlowStep, FlowValue, KeyKind, RequestStep } from './flow-types';
import { cardShortcut, sendableCard } from './recorded-cards';

/** An id or client secret the mock makes: a prefix and 24 base62 characters (`pay_…`, `pay_…_secret_…`). */
const MADE_ID = /^[a-z]{2,5}_[0-9A-Za-z]{24}(_secret_[0-9A-Za-z]{24})?$/;
/** Field names a reference path can hold. */
const PATH_PART = /^[A-Za-z0-9_-]+$/;

/**
 * Builds the steps in order, keeping what each answer showed so later steps can reference it.
 *
 * @example const steps = new SessionSteps(madeHere); steps.request(entry); steps.list; // [{ name: 'payment_1', … }]
 */
export class SessionSteps {
  readonly list: FlowStep[] = [];
  /** Ids (and client secrets) the session made → the reference to the answer that first showed them. */
  private readonly references = new Map<string, string>();
  /** Payment methods tokenised in the session → the `pm_card_*` shortcut with the same outcome. */
  private readonly shortcuts = new Map<string, string>();
  /** Every string the session sent: an id it sent before any answer showed it was not made by it. */
  private readonly sent = new Set<string>();
  /** Ids the mock made outside the session (by requests it does not hold) that steps send → those steps' indexes. */
  readonly madeOutside = new Map<string, number[]>();
  /** The step being built, and whether its answer said the id it sent did not exist (a replay will say so too). */
  private current = { index: 0, missing: false };

  /** `madeHere`: whether this mock made an id (else it came from fixtures or a client): see `JournalSource`. */
  constructor(private readonly madeHere: (id: string) => boolean = () => false) {}

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
    this.current = { index: this.list.length, missing: entry.status === 404 };
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
    // A refused tokenisation is written with a test card in place of the masked one, so it is refused again alike.
    if (step.params !== undefined && method === 'POST' && entry.path === '/v1/payment_methods' && entry.status !== 200)
      step.params = sendableCard(step.params, refusedParam(answer));
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
    if (!this.current.missing && MADE_ID.test(text) && this.madeHere(text.split('_secret_')[0] as string)) {
      const steps = this.madeOutside.get(text) ?? [];
      if (steps.at(-1) !== this.current.index) steps.push(this.current.index);
      this.madeOutside.set(text, steps);
    }
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

/**
 * `${kind}_${test|live}_…` as the journal masks a key: which kind and mode (undefined when it cannot be read).
 *
 * @example keyOf('rk_test_…T0vW'); // { kind: 'restricted', livemode: false }
 */
export function keyOf(masked: string | null): { kind: KeyKind; livemode: boolean } | undefined {
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

/** The parameter an error answer names (`card[exp_month]`), if any. */
function refusedParam(answer: Record<string, unknown> | null): string | undefined {
  const param = (answer?.error as { param?: unknown } | undefined)?.param;
  return typeof param === 'string' ? param : undefined;
}
