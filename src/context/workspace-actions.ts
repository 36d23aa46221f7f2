import type { Scenario } from '../scenarios/scenarios';
import { refill, StoreHost, storeReplaced } from './store-swap';

/**
 * Sets the scenario of one workspace (`workspace`) or of the server (null), noting it among the journal's
 * requests (a session kept as a flow replays it) and telling followers. A workspace given `null` follows the
 * server's scenario again.
 * @example setScenarioOf(ctx, 'ws_1', parseScenario('decline'))
 */
export function setScenarioOf(host: StoreHost & { scenario: Scenario }, workspace: string | null, scenario: Scenario | null): void {
  host.changes++;
  if (workspace === null) host.scenario = scenario ?? host.scenario;
  else host.workspaces.setScenario(workspace, scenario);
  const name = scenario?.scenario ?? null;
  host.journal.controls.record({ kind: 'scenario', scenario: name, workspace, after: host.journal.recorded, created: host.clock.now() });
  if (host.bus.scenario.hasSubscribers) host.bus.scenario.publish({ workspace, scenario: name });
}

/**
 * Empties one workspace: a fixture workspace goes back to its fixture contents (relative times from its own
 * clock), one made at run time goes empty. Its deliveries go with its data and its webhook work in flight is
 * dropped; its keys, clock and scenario stay. Returns false if there is no such workspace.
 */
export function resetWorkspace(host: StoreHost, id: string): boolean {
  const workspace = host.store.workspaces.get(id);
  if (!workspace) return false;
  host.changes++;
  host.webhooks.dropWorkspace(workspace);
  storeReplaced(host, () => refill(host, id));
  host.webhooks.loadWorkspace(id);
  if (host.bus.reset.hasSubscribers) host.bus.reset.publish({ workspace: id });
  return true;
}

/** Drops a workspace, its keys, its data, its clock and scenario. Returns false if there is no such workspace. */
export function deleteWorkspace(host: StoreHost, id: string): boolean {
  const workspace = host.store.workspaces.get(id);
  if (!workspace) return false;
  host.changes++;
  host.webhooks.dropWorkspace(workspace);
  storeReplaced(host, () => host.store.removeWorkspace(id));
  host.workspaces.drop(id);
  host.webhooks.sync();
  return true;
}
