import type { EventBus } from '../bus/bus';
import { EventRequest } from '../store/event-log';
import { Partition, Store, Workspace } from '../store/store';

/**
 * Everything a domain operation needs about the request that runs it: where its data lives (one account, one
 * mode), the mock time, the API version, and the request to name in the events it emits.
 */
export interface Scope {
  store: Store;
  workspace: Workspace;
  partition: Partition;
  livemode: boolean;
  now: number;
  version: string;
  request: EventRequest;
  /** Where the domain publishes what happened (webhooks and the dashboard follow it). */
  bus: EventBus;
}
