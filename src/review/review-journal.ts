import type { MockContext } from '../context/mock-context';
import { maskKey } from '../masking/mask-text';
import { ApiError } from '../errors/api-error';
import { requestOf } from '../store/stored-event';
import { checkDeliveries } from './delivery-checks';
import { checkRequests } from './journal-checks';
import { ReviewedRequest, reviewedRequest } from './journal-facts';
import { rulesOff } from './rules-off';
import { REVIEW_RULES, RULE_IDS, ruleDocUrl, RuleId, SEVERITY_RANK, Severity } from './rules';
import type { Finding, RawFinding, ReviewOptions, ReviewReport } from './review-types';
import { noSuchWorkspace } from '../domain/workspaces';

export type { ReviewOptions, ReviewReport } from './review-types';

/**
 * Reviews what the sandbox saw: the request journal and the delivery log, of one workspace or all, computed now
 * (never on the request path). The sandbox's own requests (triggers, flows, probes) are left out.
 * @example const report = reviewJournal(mock.context, { workspace: 'ws_acme' }, 'http://127.0.0.1:4010');
 */
export function reviewJournal(ctx: MockContext, options: ReviewOptions, docsBase: string): ReviewReport {
  const { workspace, since } = options;
  if (workspace !== undefined && !ctx.store.workspaces.has(workspace)) throw noSuchWorkspace(workspace, 'workspace', 400);
  const journal = ctx.journal.chronological();
  const from = startOf(journal, since, ctx.journal.kept);
  const byWorkspace = new Map<string | null, ReviewedRequest[]>();
  const owner = keyOwners(ctx);
  let requests = 0;
  for (const { ordinal, entry, at_ms } of journal) {
    if (ordinal < from.ordinal || (from.byTime && entry.created < from.created)) continue;
    const request = reviewedRequest(entry, at_ms);
    if (!request) continue;
    // Refused before its key was looked up (an outage answers first, as a real API does): the key still tells whose it was.
    request.workspace ??= (request.key !== null && owner.get(request.key)) || null;
    if (workspace !== undefined && request.workspace !== workspace) continue;
    requests++;
    const list = byWorkspace.get(request.workspace) ?? [];
    list.push(request);
    byWorkspace.set(request.workspace, list);
  }
  // Every kept delivery, not the newest page of them: the review's coverage counts what it read.
  const deliveries = ctx.webhooks
    .list({ ...(workspace !== undefined ? { workspace } : {}), limit: Number.MAX_SAFE_INTEGER })
    .filter((d) => d.created >= from.created);
  const deliveriesBy = new Map<string, typeof deliveries>();
  for (const delivery of deliveries) {
    const list = deliveriesBy.get(delivery.workspace) ?? [];
    list.push(delivery);
    deliveriesBy.set(delivery.workspace, list);
  }

  const raw: RawFinding[] = [];
  const madeObject = objectMaker(ctx);
  for (const [id, list] of byWorkspace) raw.push(...checkRequests(list, id, madeObject));
  for (const [id, list] of deliveriesBy) raw.push(...checkDeliveries(list, id));

  const off = rulesOffFor(ctx, workspace);
  const findings = raw
    .filter((f) => f.workspace === null || !off.find((o) => o.workspace === f.workspace)?.rules.includes(f.rule))
    .map((f): Finding => ({ ...f, severity: REVIEW_RULES[f.rule].severity, doc_url: ruleDocUrl(docsBase, f.rule) }))
    .sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || RULE_IDS.indexOf(a.rule) - RULE_IDS.indexOf(b.rule));
  const counts: Record<Severity, number> = { critical: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  const dropped = ctx.journal.recorded - ctx.journal.kept;
  return {
    object: 'review',
    workspace: workspace ?? null,
    since: since ?? null,
    coverage: {
      requests,
      deliveries: deliveries.length,
      recorded: ctx.journal.recorded,
      journal_capacity: ctx.journal.capacity,
      complete: dropped === 0,
      note:
        dropped === 0
          ? null
          : `The journal keeps the last ${ctx.journal.capacity} requests: the ${dropped} before them were not reviewed. Start the mock with a larger --journal to review more.`,
    },
    rules_off: off.filter((o) => o.rules.length > 0),
    counts,
    findings,
  };
}

/**
 * Where the review starts: an ordinal (from a Request-Id: requests from it on, deliveries from its mock time on) or
 * a mock time (from Unix seconds: both by their time).
 */
function startOf(
  journal: Array<{ ordinal: number; entry: { id: string; created: number } }>,
  since: string | undefined,
  kept: number,
): { ordinal: number; created: number; byTime: boolean } {
  if (since === undefined || since === '') return { ordinal: 0, created: -Infinity, byTime: false };
  if (/^\d+$/.test(since)) return { ordinal: 0, created: Number(since), byTime: true };
  const found = journal.find(({ entry }) => entry.id === since);
  if (!found)
    throw new ApiError(
      'parameter_invalid',
      `Invalid since: ${since.slice(0, 60)} is neither Unix seconds nor a Request-Id in the journal (it keeps the last ${kept} requests).`,
      { param: 'since' },
    );
  // Deliveries have no ordinal: those made from that request's mock time on.
  return { ordinal: found.ordinal, created: found.entry.created, byTime: false };
}

/** Each known key, masked as the journal shows it, to its workspace. */
function keyOwners(ctx: MockContext): Map<string, string> {
  const owners = new Map<string, string>();
  for (const record of ctx.store.keys.values()) owners.set(maskKey(record.key), record.workspace);
  return owners;
}

function rulesOffFor(ctx: MockContext, workspace: string | undefined): Array<{ workspace: string; rules: RuleId[] }> {
  const ids = workspace !== undefined ? [workspace] : [...ctx.store.workspaces.keys()];
  return ids.map((id) => ({ workspace: id, rules: rulesOff(ctx, id) }));
}

/**
 * Whether a create that was not answered 200 made its object all the same (a fault after executing, a dropped
 * connection): its Request-Id is on an event. The events are read once, and only if such a request is asked about.
 */
function objectMaker(ctx: MockContext): (request: ReviewedRequest) => boolean {
  let made: Set<string> | undefined;
  return (request) => {
    if (request.status < 500 || request.workspace === null) return false;
    if (!made) {
      made = new Set();
      for (const workspace of ctx.store.workspaces.values())
        for (const partition of [workspace.test, workspace.live]) for (const event of partition.events.values()) made.add(requestOf(event).id ?? '');
    }
    return made.has(request.id);
  };
}
