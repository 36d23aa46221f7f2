import { isKnownVersion } from '../domain/versions';
import { copyMetadata } from '../domain/payments';
import { FixtureTime, FixtureWebhookDelivery, FixtureWebhookEndpoint, FixtureWorkspace } from './fixture-types';
import { WebhookEndpoint } from '../schemas/resources';
import { StoredDelivery } from '../store/deliveries';
import { makeId, Random } from '../store/random';
import { SecretRoll, Store, Workspace } from '../store/store';
import { enabledEventsProblem, MAX_ENDPOINTS, newSecret, urlProblem } from '../webhooks/endpoints';

type At = (time: FixtureTime | undefined, pointer: string, fallback?: number) => number;
type Problem = (pointer: string, message: string) => void;

/**
 * Loads a workspace's `webhook_endpoints` (fixtures and state) and `webhook_deliveries` (state only), after its
 * test and live data: a delivery names its event. What the schema cannot check (the URL, the event types, the
 * limit of 16, references) is reported with its JSON pointer.
 */
export function loadWebhookFixtures(
  store: Store,
  workspace: Workspace,
  fixture: FixtureWorkspace,
  at: At,
  problem: Problem,
  place: (where: string) => Random,
): void {
  (fixture.webhook_endpoints ?? []).forEach((e: FixtureWebhookEndpoint, i) => {
    const pointer = `/webhook_endpoints/${i}`;
    const partition = e.livemode ? workspace.live : workspace.test;
    const id = e.id ?? makeId(place(`${workspace.id}${pointer}/id`), 'we');
    if (partition.webhookEndpoints.get(id)) return problem(`${pointer}/id`, `endpoint "${id}" is defined twice`);
    if (partition.webhookEndpoints.size >= MAX_ENDPOINTS) return problem(pointer, `at most ${MAX_ENDPOINTS} endpoints per mode`);
    const urlIssue = urlProblem(e.url);
    if (urlIssue) return problem(`${pointer}/url`, urlIssue);
    const eventsIssue = enabledEventsProblem(e.enabled_events);
    if (eventsIssue) return problem(`${pointer}/enabled_events`, eventsIssue);
    if (e.api_version && !isKnownVersion(e.api_version)) return problem(`${pointer}/api_version`, `unknown version "${e.api_version}"`);
    const endpoint: WebhookEndpoint = {
      id,
      object: 'webhook_endpoint',
      url: e.url,
      enabled_events: [...e.enabled_events],
      status: e.status ?? 'enabled',
      // Without a fixed secret, one derived from where the endpoint sits: the same in every run and after reset.
      secret: e.secret ?? newSecret(place(`${workspace.id}${pointer}/${id}/secret`)),
      api_version: e.api_version ?? null,
      description: e.description ?? null,
      metadata: copyMetadata(e.metadata),
      created: at(e.created, `${pointer}/created`, workspace.created),
      livemode: partition.livemode,
    };
    partition.webhookEndpoints.add(endpoint, store.seqOf('we', id));
    if (e.previous_secret)
      partition.webhookSecretRolls.set(id, {
        secret: e.previous_secret.secret,
        expires_at: at(e.previous_secret.expires_at, `${pointer}/previous_secret/expires_at`),
      });
  });

  (fixture.webhook_deliveries ?? []).forEach((d: FixtureWebhookDelivery, i) => {
    const pointer = `/webhook_deliveries/${i}`;
    const partition = d.livemode ? workspace.live : workspace.test;
    if (partition.webhookDeliveries.has(d.id)) return problem(`${pointer}/id`, `delivery "${d.id}" is defined twice`);
    const endpoint = partition.webhookEndpoints.get(d.endpoint);
    if (!endpoint) return problem(`${pointer}/endpoint`, `no webhook endpoint "${d.endpoint}" in this mode`);
    const event = partition.events.get(d.event);
    if (!event) return problem(`${pointer}/event`, `no event "${d.event}" in this mode`);
    const delivery: StoredDelivery = {
      id: d.id,
      endpoint: endpoint.id,
      url: d.url ?? endpoint.url,
      event,
      status: d.status,
      attempts: (d.attempts ?? []).map((attempt) => ({ ...attempt })),
      nextDueMs: d.status === 'pending' ? (d.next_attempt_at ?? d.created) * 1000 : null,
      created: d.created,
      seq: store.seqOf('whd', d.id),
    };
    partition.webhookDeliveries.set(delivery.id, delivery);
  });
}

/** A workspace's endpoints, both modes, in their fixture form now (a secret roll in progress included). */
export function endpointFixturesOf(workspace: Workspace): FixtureWebhookEndpoint[] {
  const fixtures: FixtureWebhookEndpoint[] = [];
  for (const partition of [workspace.test, workspace.live]) {
    for (const endpoint of partition.webhookEndpoints.values()) fixtures.push(endpointFixture(endpoint, partition.webhookSecretRolls.get(endpoint.id)));
  }
  return fixtures;
}

/** An endpoint in its fixture form: a secret always, so a restart keeps it, and the previous one while it still signs. */
export function endpointFixture(endpoint: WebhookEndpoint, roll?: SecretRoll): FixtureWebhookEndpoint {
  return { ...endpoint, secret: endpoint.secret ?? undefined, ...(roll ? { previous_secret: { ...roll } } : {}) };
}

/** A workspace's deliveries, both modes, copied into their fixture form now (deliveries change in place). */
export function webhookDeliveriesOf(workspace: Workspace): FixtureWebhookDelivery[] {
  const deliveries: FixtureWebhookDelivery[] = [];
  for (const partition of [workspace.test, workspace.live]) {
    for (const delivery of partition.webhookDeliveries.values()) {
      deliveries.push({
        id: delivery.id,
        endpoint: delivery.endpoint,
        url: delivery.url,
        event: delivery.event.id,
        livemode: partition.livemode,
        status: delivery.status,
        attempts: delivery.attempts.map((attempt) => ({ ...attempt })),
        next_attempt_at: delivery.nextDueMs === null ? null : Math.ceil(delivery.nextDueMs / 1000),
        created: delivery.created,
      });
    }
  }
  return deliveries;
}
