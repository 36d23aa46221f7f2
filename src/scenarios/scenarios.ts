import { ApiError } from '../errors/api-error';
import { Random } from '../store/random';
import { SCENARIO_NAMES } from '../schemas/scenario-names';

export const SCENARIOS = SCENARIO_NAMES;
export type ScenarioName = (typeof SCENARIOS)[number];

export const SCENARIO_DESCRIPTIONS: Record<ScenarioName, string> = {
  happy: 'Payments confirm themselves and succeed.',
  manual: 'Payments wait in requires_confirmation for POST /v1/payments/{id}/confirm.',
  decline: 'Self-confirmation fails: requires_payment_method with card_declined.',
  flaky: 'Happy, plus a seeded share of requests fail: half before executing, half after (500 or a dropped connection).',
  'rate-limited': 'Happy, plus 429 rate_limit past a number of requests per second per key.',
  slow: 'Happy, plus seeded latency on every request.',
  outage: 'Every /v1 request answers 503 service_unavailable.',
};

export interface ScenarioOptions {
  /** flaky: the share of requests that fail (0..1, default 0.1). */
  rate?: number;
  /** slow: fixed latency in ms instead of the seeded 300–1500 ms. */
  latency_ms?: number;
  /** rate-limited: requests a second per key (default 25). */
  limit?: number;
}

export interface Scenario {
  scenario: ScenarioName;
  options: ScenarioOptions;
}

export function isScenarioName(name: string): name is ScenarioName {
  return (SCENARIOS as readonly string[]).includes(name);
}

export function parseScenario(name: string, options: ScenarioOptions = {}): Scenario {
  if (!isScenarioName(name)) {
    throw new ApiError('parameter_invalid', `Unknown scenario "${name}". Use one of: ${SCENARIOS.join(', ')}.`, { param: 'scenario' });
  }
  const checked: ScenarioOptions = {};
  for (const [option, value] of Object.entries(options ?? {})) {
    if (!['rate', 'latency_ms', 'limit'].includes(option)) {
      throw new ApiError('parameter_unknown', `Unknown scenario option "${option}". Use rate, latency_ms or limit.`, { param: `options[${option}]` });
    }
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    const valid =
      typeof number === 'number' &&
      Number.isFinite(number) &&
      (option === 'rate' ? number >= 0 && number <= 1 : Number.isInteger(number) && number >= 0 && number <= 60000);
    if (!valid) {
      const range = option === 'rate' ? 'a fraction from 0 to 1 (0.1 = 10%)' : 'a whole number from 0 to 60000';
      throw new ApiError('parameter_invalid', `Invalid scenario option ${option}: ${String(value)}. Use ${range}.`, { param: `options[${option}]` });
    }
    checked[option as keyof ScenarioOptions] = number;
  }
  return { scenario: name, options: checked };
}

/** How a flaky request goes wrong, if it does. */
export type FlakyFault = 'none' | 'before' | 'after-error' | 'after-drop';

/**
 * The random choices scenarios make, from the instance's seeded source, so `--seed` repeats them.
 */
export class ScenarioDice {
  /** Two streams, so a slow scenario's latency draws never shift which requests a flaky one fails. */
  constructor(
    private readonly faults: Random,
    private readonly latency: Random,
  ) {}

  flaky(rate: number): FlakyFault {
    if (this.faults.next() >= rate) return 'none';
    const roll = this.faults.next();
    if (roll < 0.5) return 'before';
    return roll < 0.75 ? 'after-error' : 'after-drop';
  }

  latencyMs(options: ScenarioOptions): number {
    return options.latency_ms ?? this.latency.int(300, 1500);
  }
}
