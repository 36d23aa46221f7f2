import { ClockMode } from '../../clock/clock';
import type { MockContext } from '../../context/mock-context';
import { ApiError } from '../../errors/api-error';
import { asParamAsync, clockMove, onlyKeys, requiredString } from '../shared/admin-input';
import { ADMIN_SHAPES } from '../../schemas/admin';
import { parseScenario, SCENARIO_DESCRIPTIONS, ScenarioOptions } from '../../scenarios/scenarios';
import { AdminRoute } from '../route-types';

const clockState = { $ref: '#/components/schemas/ClockState' };
const scenarioState = { $ref: '#/components/schemas/ScenarioState' };
const CLOCK_EXAMPLE = { mode: 'frozen', now: 1767225600, iso: '2026-01-01T00:00:00.000Z' };
const SCENARIO_EXAMPLE = { scenario: 'happy', options: {}, description: 'Payments confirm themselves and succeed.' };

/** The mock clock and the scenario: what time it is and how the sandbox behaves. */
export const ADMIN_CLOCK_AND_SCENARIO_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/clock',
    operationId: 'adminGetClock',
    summary: 'The mock clock',
    description: 'The clock mode and the mock time, in Unix seconds and ISO-8601.',
    response: clockState,
    example: CLOCK_EXAMPLE,
    handler: ({ ctx }) => ctx.clock.state(),
  },
  {
    method: 'PUT',
    path: '/_mock/clock',
    operationId: 'adminSetClock',
    summary: 'Set the clock mode and time',
    description: '`real` follows the machine; `frozen` stands still at `now`; `offset` runs at real speed from `now`.',
    body: ADMIN_SHAPES.setClock,
    exampleBody: { mode: 'frozen', now: '2026-01-01T00:00:00Z' },
    response: clockState,
    example: CLOCK_EXAMPLE,
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['mode', 'now']);
      const mode = requiredString(body, 'mode') as ClockMode;
      if (!['real', 'frozen', 'offset'].includes(mode))
        throw new ApiError('parameter_invalid', `Invalid mode: ${mode}. Use real, frozen or offset.`, { param: 'mode' });
      const now = body.now as string | number | undefined;
      if (now !== undefined && typeof now !== 'string' && typeof now !== 'number')
        throw new ApiError('parameter_invalid', 'Invalid now: use Unix seconds or an ISO-8601 time.', { param: 'now' });
      return asParamAsync('now', () => ctx.setClock(mode, now));
    },
  },
  {
    method: 'POST',
    path: '/_mock/clock/advance',
    operationId: 'adminAdvanceClock',
    summary: 'Move the clock',
    description:
      'Moves the clock by a duration ("25h", "-1d") or a number of seconds, in any mode: idempotency keys expire, key grace ends, events age. Every webhook attempt that comes due in the span is made, in order, with the clock standing at its due time, before this answers.',
    body: ADMIN_SHAPES.advanceClock,
    exampleBody: { by: '25h' },
    response: clockState,
    example: CLOCK_EXAMPLE,
    handler: ({ ctx, body }) => {
      const by = clockMove(body);
      return asParamAsync('by', () => ctx.advanceClock(by));
    },
  },
  {
    method: 'GET',
    path: '/_mock/scenario',
    operationId: 'adminGetScenario',
    summary: 'The current scenario',
    description: 'The scenario every /v1 request follows unless it sends a `Mock-Scenario` header.',
    response: scenarioState,
    example: SCENARIO_EXAMPLE,
    handler: ({ ctx }) => scenarioBody(ctx),
  },
  {
    method: 'PUT',
    path: '/_mock/scenario',
    operationId: 'adminSetScenario',
    summary: 'Switch scenario',
    description: 'Switches the scenario for every following /v1 request: happy, manual, decline, flaky, rate-limited, slow or outage, with its options.',
    body: ADMIN_SHAPES.setScenario,
    exampleBody: { scenario: 'flaky', options: { rate: 0.2 } },
    response: scenarioState,
    example: SCENARIO_EXAMPLE,
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['scenario', 'options']);
      const options = body.options ?? {};
      if (typeof options !== 'object' || options === null || Array.isArray(options))
        throw new ApiError('parameter_invalid', 'Invalid options: expected an object such as {"rate": 0.2}.', { param: 'options' });
      ctx.setScenario(parseScenario(requiredString(body, 'scenario'), options as ScenarioOptions));
      return scenarioBody(ctx);
    },
  },
];

function scenarioBody(ctx: MockContext) {
  return { scenario: ctx.scenario.scenario, options: ctx.scenario.options, description: SCENARIO_DESCRIPTIONS[ctx.scenario.scenario] };
}
