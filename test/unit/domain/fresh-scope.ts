import { EventBus } from '../../../src/bus/bus';
import { Scope } from '../../../src/domain/scope';
import { newWorkspace } from '../../../src/domain/workspaces';
import { Random } from '../../../src/store/random';
import { Store } from '../../../src/store/store';

/** 2026-01-01T00:00:00Z in Unix seconds: the mock time of every scope below unless told otherwise. */
export const T0 = Date.parse('2026-01-01T00:00:00Z') / 1000;

/**
 * What a domain operation needs, without a server: a fresh store (seeded ids) with one empty workspace, its
 * test-mode partition and a bus nobody follows. The domain functions take it as a request would give it.
 */
export function freshScope(now = T0): Scope {
  const store = new Store(new Random(1));
  const { workspace } = newWorkspace(store, { now });
  return { store, workspace, partition: workspace.test, livemode: false, now, version: workspace.default_version, request: 'req_unit', bus: new EventBus() };
}

/** The same scope at a later mock time (what a later request would see). */
export function later(scope: Scope, seconds: number): Scope {
  return { ...scope, now: scope.now + seconds };
}
