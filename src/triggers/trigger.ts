import type { MockContext } from '../context/mock-context';
import { EVENT_TYPES } from '../domain/events';
import { ApiError } from '../errors/api-error';
import { deeperThan, formPairs } from '../form-text';
import type { Partition } from '../store/store';
import type { FlowEvent, FlowValue, StepReport } from './flow-types';
import { isEventType, RECIPES } from './recipes';
import { apiErrorOf, Dispatch, flowTarget, RunnableStep, runSteps, StepFailure } from './run-flow';

/** An override's value: a parameter's value, or an object or list of them as a JSON body nests them. */
export type OverrideValue = string | number | boolean | null | OverrideValue[] | { [key: string]: OverrideValue };

export interface TriggerOptions {
  /** A workspace id; default the first workspace. */
  workspace?: string;
  /** Live mode instead of test mode (default false). */
  livemode?: boolean;
  /**
   * Parameters of the main request, nested as in a JSON body or by their bracket name:
   * `{ amount: 5000, metadata: { order: '42' } }` or `{ amount: 5000, 'metadata[order]': '42' }`.
   */
  overrides?: Record<string, OverrideValue>;
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

/**
 * Overrides as the main step's form parameters. Each may be given nested, as a JSON body would
 * (`{"metadata": {"order": "42"}}`), or by its bracket name (`{"metadata[order]": "42"}`); both become the same
 * bracket names through the form encoder, so the API validates them as it would a client's form. The same name
 * given both ways with different values is refused naming both spellings: neither silently wins.
 */
function checkOverrides(overrides: unknown): Record<string, FlowValue> {
  if (overrides === undefined) return {};
  if (overrides === null || typeof overrides !== 'object' || Array.isArray(overrides))
    throw new ApiError(
      'parameter_invalid',
      'Invalid overrides: expected an object of parameter names and values, such as {"amount": 5000, "metadata": {"order": "42"}}.',
      {
        param: 'overrides',
      },
    );
  const entries = Object.entries(overrides);
  if (entries.length > MAX_OVERRIDES) throw new ApiError('parameter_invalid', `Invalid overrides: at most ${MAX_OVERRIDES}.`, { param: 'overrides' });
  // Each bracket name with the values it gets and the override key (as written) that gave them.
  const byName = new Map<string, { values: string[]; from: string }>();
  let count = 0;
  for (const [key, value] of entries) {
    if (key === '' || key.length > 200)
      throw new ApiError('parameter_invalid', 'Invalid overrides: a parameter name is 1 to 200 characters (e.g. amount, metadata[order]).', {
        param: 'overrides',
      });
    if (!isOverrideValue(value))
      throw new ApiError(
        'parameter_invalid',
        `Invalid override ${key.slice(0, 80)}: expected a string, number, boolean, null, or an object or list of them at most ${MAX_DEPTH} levels deep (metadata: {"order": "42"}).`,
        { param: `overrides[${key.slice(0, 80)}]` },
      );
    const mine = new Map<string, string[]>();
    for (const [name, text] of formPairs({ [key]: value })) mine.set(name, [...(mine.get(name) ?? []), text]);
    for (const [name, values] of mine) {
      const seen = byName.get(name);
      if (seen && seen.values.join('\u0000') !== values.join('\u0000'))
        throw new ApiError(
          'parameter_invalid',
          `Invalid overrides: ${name.slice(0, 80)} is given twice with different values, by "${seen.from.slice(0, 80)}" (${shown(seen.values)}) and by "${key.slice(0, 80)}" (${shown(values)}). Give it once, nested or by its bracket name.`,
          { param: `overrides[${key.slice(0, 80)}]` },
        );
      if (!seen) byName.set(name, { values, from: key });
      count += seen ? 0 : values.length;
    }
  }
  if (count > MAX_PARAMETERS)
    throw new ApiError('parameter_invalid', `Invalid overrides: at most ${MAX_PARAMETERS} parameters once nested values are counted by their bracket names.`, {
      param: 'overrides',
    });
  const out: Record<string, FlowValue> = Object.create(null) as Record<string, FlowValue>;
  for (const [name, { values }] of byName) {
    // A list item's name ends in []: the list goes under the name without it, so the encoder writes name[]=… again.
    const [target, value] = name.endsWith('[]') ? [name.slice(0, -2), values] : [name, values[0]!];
    if (Object.hasOwn(out, target))
      throw new ApiError('parameter_invalid', `Invalid overrides: ${target.slice(0, 80)} is given both as one value and as a list. Give it one way.`, {
        param: 'overrides',
      });
    out[target] = value;
  }
  return out;
}

const MAX_DEPTH = 5;
const MAX_PARAMETERS = 100;

function isOverrideValue(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return true;
  return typeof value === 'object' && !deeperThan(value, MAX_DEPTH) && Object.values(value).every(isOverrideValue);
}

function shown(values: string[]): string {
  return values.map((value) => JSON.stringify(value.slice(0, 40))).join(', ');
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
