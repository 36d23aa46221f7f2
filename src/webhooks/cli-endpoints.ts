import { Store } from '../store/store';

/** An endpoint asked for with `--webhook <url>`: its id and secret are chosen once, so reset keeps them. */
export interface CliEndpoint {
  url: string;
  id: string;
  secret: string;
}

/**
 * Makes sure each `--webhook` URL has an endpoint for every event in the first workspace's test mode. One already
 * there for that URL (restored from `--state`) is kept, with its own secret.
 */
export function ensureCliEndpoints(store: Store, endpoints: CliEndpoint[], now: number): void {
  const workspace = store.workspaces.values().next().value;
  if (!workspace || endpoints.length === 0) return;
  const partition = workspace.test;
  for (const { url, id, secret } of endpoints) {
    if ([...partition.webhookEndpoints.values()].some((endpoint) => endpoint.url === url)) continue;
    partition.webhookEndpoints.add(
      {
        id,
        object: 'webhook_endpoint',
        url,
        enabled_events: ['*'],
        status: 'enabled',
        secret,
        api_version: null,
        description: 'Registered by --webhook',
        metadata: {},
        created: now,
        livemode: false,
      },
      store.nextSeq(),
    );
  }
}

/** The secret the banner shows for a `--webhook` URL: the one its endpoint in the store has now. */
export function cliEndpointSecret(store: Store, url: string): string | undefined {
  const workspace = store.workspaces.values().next().value;
  if (!workspace) return undefined;
  for (const endpoint of workspace.test.webhookEndpoints.values()) if (endpoint.url === url) return endpoint.secret ?? undefined;
  return undefined;
}
