import type { WebhookDelivery } from '../schemas/resources';
import { finding, RawFinding } from './review-types';

/** An attempt slower than this (and not timed out) is slow: close to timing out under load. */
const SLOW_ANSWER_MS = 2000;

type Kind = 'webhook_failing' | 'webhook_timeout' | 'webhook_slow';

/**
 * The rules that read the delivery log of one workspace: per endpoint, attempts that failed, timed out or answered
 * slowly.
 * @example checkDeliveries(mock.context.webhooks.list({ workspace: 'ws_acme' }), 'ws_acme')
 */
export function checkDeliveries(deliveries: WebhookDelivery[], workspace: string | null): RawFinding[] {
  const byEndpoint = new Map<string, Record<Kind, { deliveries: Set<string>; attempts: number; example: string }>>();
  for (const delivery of deliveries) {
    for (const attempt of delivery.attempts) {
      const kind = kindOf(attempt);
      if (kind === undefined) continue;
      let kinds = byEndpoint.get(delivery.endpoint);
      if (!kinds) byEndpoint.set(delivery.endpoint, (kinds = emptyKinds()));
      const seen = kinds[kind];
      seen.deliveries.add(delivery.id);
      seen.attempts++;
      seen.example ||= describe(delivery, attempt);
    }
  }
  const out: RawFinding[] = [];
  for (const [endpoint, kinds] of byEndpoint) {
    for (const kind of ['webhook_failing', 'webhook_timeout', 'webhook_slow'] as const) {
      const seen = kinds[kind];
      if (seen.attempts === 0) continue;
      const what = kind === 'webhook_failing' ? 'failed' : kind === 'webhook_timeout' ? 'timed out' : `took over ${SLOW_ANSWER_MS / 1000} s`;
      out.push(
        finding(
          kind,
          workspace,
          `Endpoint ${endpoint}: ${seen.attempts} delivery attempt${seen.attempts === 1 ? '' : 's'} ${what} (${seen.example}).`,
          seen.attempts,
          [],
          [...seen.deliveries],
        ),
      );
    }
  }
  return out;
}

function kindOf(attempt: WebhookDelivery['attempts'][number]): Kind | undefined {
  if (attempt.error === 'timeout') return 'webhook_timeout';
  const ok = attempt.error === null && attempt.response_status !== null && attempt.response_status >= 200 && attempt.response_status < 300;
  if (!ok) return 'webhook_failing';
  return attempt.duration_ms > SLOW_ANSWER_MS ? 'webhook_slow' : undefined;
}

function describe(delivery: WebhookDelivery, attempt: WebhookDelivery['attempts'][number]): string {
  const answer = attempt.error ?? `HTTP ${attempt.response_status}`;
  return `${delivery.event_type} to ${delivery.url}: ${answer} after ${Math.round(attempt.duration_ms)} ms`;
}

function emptyKinds(): Record<Kind, { deliveries: Set<string>; attempts: number; example: string }> {
  const empty = () => ({ deliveries: new Set<string>(), attempts: 0, example: '' });
  return { webhook_failing: empty(), webhook_timeout: empty(), webhook_slow: empty() };
}
