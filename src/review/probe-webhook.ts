import { systemMs } from '../clock/clock';
import type { MockContext } from '../context/mock-context';
import { ApiError } from '../errors/api-error';
import { PACKAGE_VERSION } from '../package-version';
import type { WebhookEndpoint } from '../schemas/resources';
import type { StoredEvent } from '../store/event-log';
import { snapshotOf } from '../store/stored-event';
import type { Partition } from '../store/store';
import { apiErrorOf, Dispatch, runSteps, RunnableStep, StepFailure } from '../triggers/run-flow';
import { deliveryBody, secretsOf } from '../webhooks/attempt-request';
import { signatureHeaders } from '../webhooks/signatures';
import { PROBE_KEY_PREFIX } from '../webhooks/probe-events';
import { PROBE_CASE_IDS, PROBE_CASES, PROBE_SKEW_SECONDS, ProbeCaseId } from './probe-cases';
import { judgeProbe, worstVerdict } from './probe-verdict';
import type { ProbeReport, ProbeResult, ProbeVerdict } from './probe-types';

export type { ProbeReport, ProbeResult } from './probe-types';

/** Not the endpoint's secret: the signature a forger without the secret could make. */
const OTHER_SECRET = 'whsec_cGF5bWVudHMtbW9jayBwcm9iZTogbm90IHRoZSBzZWNyZXQhIQ==';
/** How much of the sent body and of the answer the report keeps. */
const SHOWN_BYTES = 300;

/**
 * Probes a webhook endpoint's handler: makes a payment and refunds it in the endpoint's workspace and mode
 * (through the API, so the objects exist; their events are not delivered), then sends the handler deliveries it
 * must refuse (unsigned, wrongly signed, altered, replayed, from the future) and ones it must accept (valid, a
 * duplicate, out of order), one after another, and judges each answer. Probes are not deliveries: not in the
 * delivery log, never retried, and they never change the endpoint.
 * @example const report = await probeWebhook(mock.context, (request) => handleRequest(mock.context, request), 'we_123');
 */
export async function probeWebhook(ctx: MockContext, dispatch: Dispatch, endpointId: string, inWorkspace?: string): Promise<ProbeReport> {
  // Found (and refused) before anything is made: a probe creates a payment and a refund in the endpoint's workspace.
  const { workspace, partition, endpoint } = findEndpoint(ctx, endpointId, inWorkspace);
  const events = await makeObjects(ctx, dispatch, workspace, partition);
  const probes: ProbeResult[] = [];
  // The secrets a real delivery would be signed with now, on the workspace's clock.
  const secrets = secretsOf(partition, endpoint, ctx.clockFor(workspace).nowMs());
  for (const id of PROBE_CASE_IDS) probes.push(await sendProbe(ctx, workspace, endpoint, secrets, id, events[PROBE_CASES[id].event]));
  const counts: Record<ProbeVerdict, number> = { pass: 0, warning: 0, fail: 0, critical: 0 };
  for (const probe of probes) counts[probe.verdict]++;
  return {
    object: 'webhook_probe',
    endpoint: endpoint.id,
    url: endpoint.url,
    workspace,
    livemode: partition.livemode,
    objects: { payment: objectId(events.payment), refund: objectId(events.refund) },
    verdict: worstVerdict(probes.map((p) => p.verdict)),
    counts,
    probes,
  };
}

/** The endpoint, in any workspace or only in `inWorkspace` (a workspace handle's probe). */
function findEndpoint(ctx: MockContext, id: string, inWorkspace?: string): { workspace: string; partition: Partition; endpoint: WebhookEndpoint } {
  for (const workspace of ctx.store.workspaces.values())
    for (const partition of [workspace.test, workspace.live]) {
      const endpoint = partition.webhookEndpoints.get(id);
      if (endpoint && (inWorkspace === undefined || workspace.id === inWorkspace)) return { workspace: workspace.id, partition, endpoint };
    }
  if (inWorkspace !== undefined)
    throw new ApiError('resource_missing', `No webhook endpoint '${id.slice(0, 100)}' in workspace ${inWorkspace}.`, { param: 'id' });
  throw new ApiError('resource_missing', `No webhook endpoint '${id.slice(0, 100)}'. GET /_mock/webhooks/endpoints lists them.`, { param: 'id' });
}

/** A payment confirmed with a succeeding card, then refunded: its payment.succeeded and refund.created events. */
async function makeObjects(
  ctx: MockContext,
  dispatch: Dispatch,
  workspace: string,
  partition: Partition,
): Promise<{ payment: StoredEvent; refund: StoredEvent }> {
  // Unique per probe (two at once included): an Idempotency-Key is kept 24 h, and a second probe must make new objects.
  const key = `${PROBE_KEY_PREFIX}${ctx.store.newId('prb')}`;
  const manual = { scenario: 'manual', form: true } as const;
  const steps: RunnableStep[] = [
    {
      name: 'payment',
      method: 'POST',
      path: '/v1/payments',
      params: { amount: '2000', currency: 'usd', description: 'Made by payments-mock webhook probe' },
      idempotency_key: `${key}-payment`,
      ...manual,
    },
    { method: 'POST', path: '/v1/payments/${payment:id}/confirm', params: { payment_method: 'pm_card_visa' }, idempotency_key: `${key}-confirm`, ...manual },
    { method: 'POST', path: '/v1/payments/${payment:id}/refund', idempotency_key: `${key}-refund`, ...manual },
  ];
  let run;
  try {
    run = await runSteps(ctx, dispatch, { workspace, livemode: partition.livemode }, steps, {});
  } catch (error) {
    if (error instanceof StepFailure) throw apiErrorOf(error, 'Webhook probe');
    throw error;
  }
  const find = (type: string): StoredEvent => {
    const made = run.events.find((event) => event.type === type);
    const event = made && partition.events.get(made.id);
    if (!event) throw new ApiError('api_error', `The webhook probe made no ${type} event in workspace ${workspace}.`);
    return event;
  };
  return { payment: find('payment.succeeded'), refund: find('refund.created') };
}

async function sendProbe(
  ctx: MockContext,
  workspace: string,
  endpoint: WebhookEndpoint,
  endpointSecrets: string[],
  id: ProbeCaseId,
  event: StoredEvent,
): Promise<ProbeResult> {
  const probe = PROBE_CASES[id];
  const now = Math.floor(systemMs() / 1000);
  const signed = deliveryBody(event, endpoint);
  let body = signed;
  let timestamp: number | null = now;
  let secrets = endpointSecrets;
  if (id === 'no_signature') timestamp = null;
  if (id === 'wrong_secret') secrets = [OTHER_SECRET];
  if (id === 'replayed') timestamp = now - PROBE_SKEW_SECONDS;
  if (id === 'future_timestamp') timestamp = now + PROBE_SKEW_SECONDS;
  if (id === 'altered_body') body = altered(signed);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': `payments-mock/${PACKAGE_VERSION}`,
    ...(timestamp === null ? {} : signatureHeaders(secrets, event.id, signed, timestamp)),
    'Service-Probe': id,
  };
  // Sent as deliveries are: the same transport, kept connections and --webhook-ca trust.
  const result = await ctx.webhooks.post(workspace, endpoint.url, headers, body);
  const { verdict, why } = judgeProbe(probe, result, ctx.webhookTimeoutMs);
  return {
    id,
    title: probe.title,
    expect: probe.expect,
    sent: { event: event.id, event_type: eventType(body), timestamp, headers, body: body.slice(0, SHOWN_BYTES) },
    answer: {
      status: result.status,
      error: result.error,
      duration_ms: result.durationMs,
      body: result.body === null ? null : result.body.slice(0, SHOWN_BYTES),
    },
    verdict,
    why,
  };
}

/** The body with its amount multiplied by 100: what someone changing it on the way would do. */
function altered(body: string): string {
  const event = JSON.parse(body) as { data: { object: { amount?: number } } };
  event.data.object.amount = (event.data.object.amount ?? 1) * 100;
  return JSON.stringify(event);
}

function eventType(body: string): string {
  return (JSON.parse(body) as { type: string }).type;
}

function objectId(event: StoredEvent): string {
  return String((snapshotOf(event) as { id?: unknown }).id ?? '');
}
