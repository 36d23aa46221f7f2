import { checkRange, SavedClock, systemMs } from '../clock/clock';
import type { Scenario } from '../scenarios/scenarios';
import { FixtureWorkspace } from './fixture-types';

/** What a state file keeps of a workspace's own clock and scenario; a field left out follows the server. */
export interface SavedControls {
  clock?: SavedClock;
  scenario?: Scenario;
}

/**
 * What the schema cannot check about a workspace's saved clock: which field its mode takes, and that the time it
 * gives is one the clock can show. Returns the problem's pointer below `/clock` and its message, or undefined.
 *
 * @example
 * savedClockProblem({ mode: 'frozen' } as SavedClock); // { pointer: '', message: 'a frozen clock needs "now" …' }
 */
export function savedClockProblem(clock: SavedClock): { pointer: string; message: string } | undefined {
  const fields = clock as { now?: number; offset_ms?: number };
  const needs = clock.mode === 'frozen' ? 'now' : clock.mode === 'offset' ? 'offset_ms' : undefined;
  const a = clock.mode === 'offset' ? `an ${clock.mode}` : `a ${clock.mode}`;
  for (const field of ['now', 'offset_ms'] as const) {
    if (fields[field] !== undefined && field !== needs) return { pointer: `/${field}`, message: `${a} clock takes no "${field}"` };
  }
  if (needs !== undefined && fields[needs] === undefined) {
    const what = needs === 'now' ? 'the instant it stands at (Unix seconds)' : "how far ahead of the machine's time it runs (milliseconds)";
    return { pointer: '', message: `${a} clock needs "${needs}": ${what}` };
  }
  if (clock.mode === 'offset') {
    try {
      checkRange(systemMs() + clock.offset_ms);
    } catch {
      return { pointer: '/offset_ms', message: `offset ${clock.offset_ms} ms puts the clock beyond the years -271821 to 275760` };
    }
  }
  return undefined;
}

/** The saved clocks and scenarios of the workspaces of a (checked) document, by workspace id. */
export function savedControlsOf(workspaces: readonly FixtureWorkspace[]): Map<string, SavedControls> {
  const controls = new Map<string, SavedControls>();
  for (const workspace of workspaces) {
    if (!workspace.clock && !workspace.scenario) continue;
    controls.set(workspace.id, {
      ...(workspace.clock ? { clock: workspace.clock } : {}),
      ...(workspace.scenario ? { scenario: { scenario: workspace.scenario.scenario, options: { ...workspace.scenario.options } } } : {}),
    });
  }
  return controls;
}
