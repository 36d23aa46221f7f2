import type { MockContext } from '../context';
import { WebhookEndpoint } from '../schemas/resources';

/** Every endpoint of every workspace and mode, whole (secret included), oldest first: what the admin API lists. */
export function webhookEndpoints(ctx: MockContext): Array<WebhookEndpoint & { workspace: string }> {
  const data: Array<WebhookEndpoint & { workspace: string }> = [];
  for (const workspace of ctx.store.workspaces.values()) {
    for (const partition of [workspace.test, workspace.live]) {
      for (const endpoint of partition.webhookEndpoints.values()) data.push({ ...endpoint, workspace: workspace.id });
    }
  }
  return data;
}
