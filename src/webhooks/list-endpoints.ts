import type { Store } from '../store/store';
import { WebhookEndpoint } from '../schemas/resources';

/** Every endpoint of every workspace and mode, whole (secret included), oldest first: what the admin API lists. */
export function webhookEndpoints(store: Store): Array<WebhookEndpoint & { workspace: string }> {
  const data: Array<WebhookEndpoint & { workspace: string }> = [];
  for (const workspace of store.workspaces.values()) {
    for (const partition of [workspace.test, workspace.live]) {
      for (const endpoint of partition.webhookEndpoints.values()) data.push({ ...endpoint, workspace: workspace.id });
    }
  }
  return data;
}
