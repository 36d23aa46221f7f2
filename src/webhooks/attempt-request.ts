import type { Agent } from 'node:http';
import { systemMs } from '../clock/clock';
import { renderEvent } from '../domain/events';
import { PACKAGE_VERSION } from '../package-version';
import { nodeBuiltin } from '../runtime/platform';
import type { WebhookEndpoint } from '../schemas/resources';
import type { StoredDelivery } from '../store/deliveries';
import type { StoredEvent } from '../store/event-log';
import type { Partition } from '../store/store';
import { Cancelable, postWebhook, SendResult } from './send';
import { postWebhookWithFetch } from './send-fetch';
import { signatureHeaders } from './signatures';

/** How attempts go out: `node` (node:http with keep-alive agents) or `fetch` (the global fetch MSW and browsers see). */
export interface AttemptTransport {
  readonly webhookTimeoutMs: number;
  readonly webhookTransport: 'node' | 'fetch';
  /** CA certificates (PEM) trusted on top of the system's for https: receivers (`--webhook-ca`). */
  readonly webhookCa?: readonly string[] | undefined;
}

/**
 * Makes the HTTP request of one attempt: the event rendered in the endpoint's API version, signed with the
 * endpoint's secrets of the moment, sent over the configured transport. What to do with the answer (log,
 * retry, finish) is the delivery's business (delivery-states.ts, run by webhooks.ts); this only sends and keeps
 * the connections.
 */
export class AttemptSender {
  private readonly agents = new Map<string, Agent>();
  /** The CAs https: deliveries trust when `--webhook-ca` adds some (worked out on the first such delivery). */
  private ca: string[] | undefined;

  constructor(private readonly transport: AttemptTransport) {}

  /** Sends attempt `n` of a delivery to its endpoint at `atMs` (the mock clock); `track` sees the request in flight. */
  send(
    partition: Partition,
    endpoint: WebhookEndpoint,
    delivery: StoredDelivery,
    n: number,
    atMs: number,
    track: (request: Cancelable) => () => void,
  ): Promise<SendResult> {
    const body = deliveryBody(delivery.event, endpoint);
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': `payments-mock/${PACKAGE_VERSION}`,
      ...signatureHeaders(secretsOf(partition, endpoint, atMs), delivery.event.id, body, Math.floor(systemMs() / 1000)),
      'Service-Delivery': delivery.id,
      'Service-Delivery-Attempt': String(n),
    };
    return this.post(endpoint.url, headers, body, track);
  }

  /**
   * POSTs a body to a receiver over the configured transport, with the kept connections and the `--webhook-ca`
   * trust: an attempt of a delivery, or a probe of the handler (review/probe-webhook.ts).
   */
  post(url: string, headers: Record<string, string>, body: string, track: (request: Cancelable) => () => void): Promise<SendResult> {
    const timeoutMs = this.transport.webhookTimeoutMs;
    return this.transport.webhookTransport === 'fetch'
      ? postWebhookWithFetch(new URL(url), headers, body, { timeoutMs, track })
      : postWebhook(new URL(url), headers, body, { timeoutMs, agentFor: (protocol) => this.agentFor(protocol), track, ...this.trust(url) });
  }

  private trust(url: string): { ca?: string[] } {
    if (!this.transport.webhookCa?.length || !url.startsWith('https:')) return {};
    return { ca: (this.ca ??= extraTrust(this.transport.webhookCa)) };
  }

  /** Closes the kept connections. */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
  }

  /** Connections to receivers stay open between attempts: an endpoint's deliveries go one after another. */
  private agentFor(protocol: 'http:' | 'https:'): Agent {
    let agent = this.agents.get(protocol);
    if (!agent) {
      const transport = nodeBuiltin<typeof import('node:http')>(protocol === 'https:' ? 'node:https' : 'node:http') as typeof import('node:http');
      this.agents.set(protocol, (agent = new transport.Agent({ keepAlive: true, maxSockets: 16, maxFreeSockets: 16, timeout: 30_000 })));
    }
    return agent;
  }
}

/**
 * `ca` replaces Node's trust rather than adding to it, so the extra CAs go with the system's: Node's bundled roots,
 * and on Node 22+ those of `NODE_EXTRA_CA_CERTS` and `--use-system-ca` too (`tls.getCACertificates('default')`).
 */
function extraTrust(extra: readonly string[]): string[] {
  const tls = nodeBuiltin<typeof import('node:tls') & { getCACertificates?: (kind: string) => string[] }>('node:tls');
  const system = tls?.getCACertificates?.('default') ?? tls?.rootCertificates ?? [];
  return [...system, ...extra];
}

/** The secrets a delivery is signed with now: the endpoint's, and its previous one while a roll keeps it valid (probes sign with them too). */
export function secretsOf(partition: Partition, endpoint: WebhookEndpoint, atMs: number): string[] {
  const secret = endpoint.secret ?? '';
  const roll = partition.webhookSecretRolls.get(endpoint.id);
  return roll && roll.expires_at * 1000 > atMs ? [secret, roll.secret] : [secret];
}

/**
 * The body an endpoint gets for an event: the event as `GET /v1/events/{id}` shows it, rendered in the endpoint's
 * API version. Probes (src/review) send the same bytes a delivery would.
 * @example deliveryBody(event, endpoint) // '{"id":"evt_…","object":"event",…}'
 */
export function deliveryBody(event: StoredEvent, endpoint: WebhookEndpoint): string {
  return JSON.stringify(renderEvent(inVersion(event, endpoint)));
}

/** The event as an endpoint pinned to an API version gets it: its object rendered in that version. */
function inVersion(event: StoredEvent, endpoint: WebhookEndpoint): StoredEvent {
  return endpoint.api_version === null || endpoint.api_version === event.api_version ? event : event.inVersion(endpoint.api_version);
}
