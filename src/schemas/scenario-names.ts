/** The scenarios by name, in the order the docs and the dashboard list them: the one list the schemas and src/scenarios/ read. */
export const SCENARIO_NAMES = ['happy', 'manual', 'decline', 'flaky', 'rate-limited', 'slow', 'outage'] as const;
