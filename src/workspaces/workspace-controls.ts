import { Clock } from '../clock/clock';
import type { SavedControls } from '../state/saved-controls';
import { Scenario } from '../scenarios/scenarios';
import { Scheduler } from '../scheduler/scheduler';

/** What one workspace has of its own; anything missing follows the server. */
interface Control {
  clock?: Clock;
  scheduler?: Scheduler;
  scenario?: Scenario;
}

/**
 * The clocks and scenarios that workspaces have of their own (contract section 17). A workspace follows the
 * server's clock and scenario until one of its own is set: then it gets its own `Clock` (a copy of the server
 * clock at that moment, moved from there) with its own `Scheduler` for its webhook retries, or its own scenario.
 * Workspaces that follow the server cost nothing here: the maps stay empty and the server's objects are returned.
 *
 * @example
 * const controls = new WorkspaceControls(serverClock, serverScheduler, (id) => expireWorkspace(id));
 * const { scheduler } = controls.ownClock('ws_1');
 * await scheduler.advance('31d'); // ws_1 only
 */
export class WorkspaceControls {
  private readonly controls = new Map<string, Control>();
  private scenarioCount = 0;

  constructor(
    private readonly serverClock: Clock,
    private readonly serverScheduler: Scheduler,
    /** Called after a workspace's own clock moved (to drop what expired in it). */
    private readonly onClockChange: (workspace: string) => void,
  ) {}

  /** Whether any workspace has a scenario of its own: only then does the request path look the key up for it. */
  get anyScenario(): boolean {
    return this.scenarioCount > 0;
  }

  clock(workspace: string): Clock {
    return this.controls.get(workspace)?.clock ?? this.serverClock;
  }

  scheduler(workspace: string): Scheduler {
    return this.controls.get(workspace)?.scheduler ?? this.serverScheduler;
  }

  hasOwnClock(workspace: string): boolean {
    return this.controls.get(workspace)?.clock !== undefined;
  }

  /**
   * The workspace's own clock and scheduler, made on first use as a copy of the server clock (same mode, same
   * time), so setting or advancing it starts from what the workspace saw until then. `created` says whether it
   * was made now (the caller moves the workspace's scheduled work onto it).
   */
  ownClock(workspace: string): { clock: Clock; scheduler: Scheduler; created: boolean } {
    const control = this.control(workspace);
    if (control.clock && control.scheduler) return { clock: control.clock, scheduler: control.scheduler, created: false };
    const clock = new Clock();
    if (this.serverClock.state().mode === 'frozen') clock.set('frozen');
    clock.placeAt(this.serverClock.nowMs());
    clock.onChange(() => this.onClockChange(workspace));
    control.clock = clock;
    control.scheduler = new Scheduler(clock);
    return { clock, scheduler: control.scheduler, created: true };
  }

  /** What a state file keeps of a workspace's own clock and scenario (nothing for one that follows the server). */
  saved(workspace: string): SavedControls {
    const control = this.controls.get(workspace);
    if (!control) return {};
    return { ...(control.clock ? { clock: control.clock.toSaved() } : {}), ...(control.scenario ? { scenario: control.scenario } : {}) };
  }

  /**
   * Puts back a workspace's saved clock and scenario (a loaded state): what it had before is dropped first. The
   * caller schedules the workspace's pending work afterwards, on the scheduler it now follows.
   */
  restore(workspace: string, saved: SavedControls): void {
    this.drop(workspace);
    if (saved.clock) {
      const clock = Clock.fromSaved(saved.clock);
      clock.onChange(() => this.onClockChange(workspace));
      this.controls.set(workspace, { clock, scheduler: new Scheduler(clock) });
    }
    if (saved.scenario) this.setScenario(workspace, saved.scenario);
  }

  /** The workspace's own scenario, or undefined when it follows the server's. */
  scenario(workspace: string): Scenario | undefined {
    return this.controls.get(workspace)?.scenario;
  }

  /** `null`: follow the server's scenario again. */
  setScenario(workspace: string, scenario: Scenario | null): void {
    const control = this.control(workspace);
    if (control.scenario) this.scenarioCount--;
    if (scenario) {
      control.scenario = scenario;
      this.scenarioCount++;
    } else delete control.scenario;
    this.prune(workspace, control);
  }

  /** Forgets a workspace's clock (its scheduled work never runs) and scenario: it was deleted. */
  drop(workspace: string): void {
    const control = this.controls.get(workspace);
    if (!control) return;
    control.scheduler?.close();
    if (control.scenario) this.scenarioCount--;
    this.controls.delete(workspace);
  }

  /** Drops the controls of every workspace not in `workspaces` (after a reset or a state import). */
  keepOnly(workspaces: ReadonlyMap<string, unknown>): void {
    for (const id of [...this.controls.keys()]) if (!workspaces.has(id)) this.drop(id);
  }

  /** Ids of the workspaces with a clock of their own. */
  withOwnClock(): string[] {
    return [...this.controls].filter(([, control]) => control.clock).map(([id]) => id);
  }

  schedulers(): Scheduler[] {
    return [...this.controls.values()].flatMap((control) => (control.scheduler ? [control.scheduler] : []));
  }

  close(): void {
    for (const scheduler of this.schedulers()) scheduler.close();
  }

  private control(workspace: string): Control {
    let control = this.controls.get(workspace);
    if (!control) this.controls.set(workspace, (control = {}));
    return control;
  }

  private prune(workspace: string, control: Control): void {
    if (!control.clock && !control.scenario) this.controls.delete(workspace);
  }
}
