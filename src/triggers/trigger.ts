import type { MockContext } from '../context';
import { EVENT_TYPES } from '../domain/events';
import { ApiError } from '../errors/api-error';
import type { Partition } from '../store/store';
import type { FlowEvent, FlowValue, StepReport } from './flow-types';
import { isEventType, RECIPES } from './recipes';
import { apiErrorOf, Dispatch, flowTarget, RunnableStep, runSteps, StepFailure } from './run-flow';

export interface TriggerOptions {
  /** A workspace id; default the first workspace. */
  workspace?: string;
  /** Live mode instead of test mode (default false). */
  livemode?: boolean;
  /** Parameters of the main request, by their form name: `{ amount: 5000, 'metadata[order]': '42' }`. */
  overrides?: Record<string, string | number | boolean>;
}

/** What a trigger made: the objects (as they are now) and the events its requests emitted, oldest first. */
export interface TriggerResult {
  object: 'trigger';
  type: string;
  workspace: string;
  livemode: boolean;
  objects: Array<Record<string, unknown> & { id: string; object: string }>;
  events: FlowEvent[];
  steps: StepReport[];
}

const MAX_OVERRIDES = 50;

/**
 * Makes an event happen the way a client would: the recipe's API requests, through the same pipeline as any
 * client's (keys, validation, idempotency, events, webhook deliveries). A refused override is the API's own
 * error (400 naming the parameter), with the request in front of its message.
 * @example await trigger(mock.context, (request) => handleRequest(mock.context, request), 'payment.payment_failed', { overrides: { amount: 5000 } })
 */
export async function trigger(ctx: MockContext, dispatch: Dispatch, type: string, options: TriggerOptions = {}): Promise<TriggerResult> {
  if (typeof type !== 'string' || !isEventType(type)) {
    throw new ApiError(
      'parameter_invalid',
      `Unknown event type "${String(type).slice(0, 80)}". Every type the mock emits can be triggered: ${EVENT_TYPES.join(', ')}.`,
      {
        param: 'event',
      },
    );
  }
  const overrides = checkOverrides(options.overrides);
  const target = flowTarget(ctx, options);
  const recipe = RECIPES[type];
  const expiryYear = new Date(ctx.clockFor(target.workspace).now() * 1000).getUTCFullYear() + 5;
  const steps = recipe.steps({ expiryYear }).map((step, index): RunnableStep => {
    if (index !== recipe.main || !('method' in step)) return step;
    return { ...step, params: { ...(step.params ?? {}), ...overrides } };
  });
  let run;
  try {
    run = await runSteps(ctx, dispatch, target, steps, {});
  } catch (error) {
    if (error instanceof StepFailure) throw apiErrorOf(error, `Trigger ${type}`);
    throw error;
  }
  const workspace = ctx.store.workspaces.get(run.workspace);
  const partition = workspace && (run.livemode ? workspace.live : workspace.test);
  return {
    object: 'trigger',
    type,
    workspace: run.workspace,
    livemode: run.livemode,
    objects: partition ? objectsOf(partition, Object.values(run.answers)) : [],
    events: run.events,
    steps: run.steps,
  };
}

function checkOverrides(overrides: unknown): Record<string, FlowValue> {
  if (overrides === undefined) return {};
  if (overrides === null || typeof overrides !== 'object' || Array.isArray(overrides))
    throw new ApiError(
      'parameter_invalid',
      'Invalid overrides: expected an object of parameter names and values, such as {"amount": 5000, "metadata[order]": "42"}.',
      {
        param: 'overrides',
      },
    );
  const entries = Object.entries(overrides);
  if (entries.length > MAX_OVERRIDES) throw new ApiError('parameter_invalid', `Invalid overrides: at most ${MAX_OVERRIDES}.`, { param: 'overrides' });
  const out: Record<string, FlowValue> = Object.create(null) as Record<string, FlowValue>;
  for (const [name, value] of entries) {
    if (name === '' || name.length > 200)
      throw new ApiError('parameter_invalid', 'Invalid overrides: a parameter name is 1 to 200 characters (e.g. amount, metadata[order]).', {
        param: 'overrides',
      });
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw new ApiError(
        'parameter_invalid',
        `Invalid override ${name.slice(0, 80)}: expected a string, number or boolean; write nested parameters in bracket form (metadata[order]=42).`,
        { param: `overrides[${name.slice(0, 80)}]` },
      );
    out[name] = String(value);
  }
  return out;
}

/** The objects the answers name (a declined confirmation's payment included), each as it is now in the store. */
function objectsOf(partition: Partition, answers: unknown[]): TriggerResult['objects'] {
  const ids: string[] = [];
  for (const answer of answers) {
    const value = answer as { id?: unknown; error?: { payment?: { id?: unknown } } } | null;
    const id = typeof value?.id === 'string' ? value.id : value?.error?.payment?.id;
    if (typeof id === 'string' && !ids.includes(id)) ids.push(id);
  }
  const objects: TriggerResult['objects'] = [];
  for (const id of ids) {
    const found = partition.payments.get(id) ?? partition.customers.get(id) ?? partition.refunds.get(id) ?? partition.paymentMethods.get(id);
    if (found) objects.push({ ...(found as unknown as Record<string, unknown>), id: found.id, object: found.object });
  }
  return objects;
}
