import { checkRange, Clock, ClockMode, ClockState, parseInstant } from '../clock/clock';
import { parseDuration } from '../clock/duration';
import type { EventBus } from '../bus/bus';
import type { Scheduler } from '../scheduler/scheduler';
import type { Journal } from '../store/journal';
import type { Webhooks } from '../webhooks/webhooks';
import type { WorkspaceControls } from '../workspaces/workspace-controls';

/** What a clock move touches: the server's clock and scheduler, workspace clocks, webhooks, the journal, the bus. */
export interface ClockHost {
  changes: number;
  readonly clock: Clock;
  readonly scheduler: Scheduler;
  readonly workspaces: WorkspaceControls;
  readonly webhooks: Webhooks;
  readonly journal: Journal;
  readonly bus: EventBus;
  clockFor(workspace: string): Clock;
}

/**
 * Moves the server clock, running the webhook attempts that come due on the way.
 * @example await advanceClock(ctx, '25h')
 */
export async function advanceClock(host: ClockHost, by: string | number): Promise<ClockState> {
  const before = host.clock.now();
  return clockMoved(host, await host.scheduler.advance(by), null, before);
}

/** Sets the server clock's mode (and time), running what comes due. */
export async function setClock(host: ClockHost, mode: ClockMode, now?: string | number): Promise<ClockState> {
  const before = host.clock.now();
  return clockMoved(host, await host.scheduler.set(mode, now), null, before);
}

/**
 * Moves one workspace's clock (giving it a clock of its own first, if it followed the server), running its
 * webhook attempts that come due on the way. Other workspaces, and the server clock, stay where they are.
 */
export async function advanceWorkspaceClock(host: ClockHost, workspace: string, by: string | number): Promise<ClockState> {
  // Checked first: a refused duration leaves the workspace following whatever it followed.
  checkRange(host.clockFor(workspace).nowMs() + parseDuration(by) * 1000);
  const before = host.clockFor(workspace).now();
  const state = await ownScheduler(host, workspace).advance(by);
  return clockMoved(host, state, workspace, before);
}

/** Sets one workspace's clock (a clock of its own from now on); the rest stay where they are. */
export async function setWorkspaceClock(host: ClockHost, workspace: string, mode: ClockMode, now?: string | number): Promise<ClockState> {
  if (mode === 'real' && now !== undefined) new Clock().set(mode, now); // throws the clock's own explanation
  if (now !== undefined) checkRange(parseInstant(now));
  const before = host.clockFor(workspace).now();
  const state = await ownScheduler(host, workspace).set(mode, now);
  return clockMoved(host, state, workspace, before);
}

/** Tells followers, and notes the move among the journal's requests (a session kept as a flow replays it). */
function clockMoved(host: ClockHost, clock: ClockState, workspace: string | null, before: number): ClockState {
  host.changes++;
  const seconds = clock.now - before;
  if (seconds !== 0) host.journal.controls.record({ kind: 'advance', seconds, workspace, after: host.journal.recorded, created: host.clock.now() });
  if (host.bus.clock.hasSubscribers) host.bus.clock.publish({ workspace, clock });
  return clock;
}

/** The workspace's own scheduler, made now if it followed the server (its pending attempts move onto it). */
function ownScheduler(host: ClockHost, workspace: string): Scheduler {
  const { scheduler, created } = host.workspaces.ownClock(workspace);
  if (created) host.webhooks.rescheduleWorkspace(workspace);
  return scheduler;
}
