import { parseDuration } from '../clock/duration';
import { ApiError } from '../errors/api-error';
import { SCENARIOS } from '../scenarios/scenarios';
import { PERMISSION_RESOURCES } from '../schemas/resources';
import type { FlowDocument, FlowStep } from './flow-types';
import { escapePointer, referencesIn, stringsIn } from './references';

/** A problem of a flow document, named by its JSON pointer. */
export interface FlowProblem {
  pointer: string;
  message: string;
}

export const MAX_STEPS = 200;
const MAX_DEPTH = 8;
const STEP_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const METHODS = ['GET', 'POST', 'DELETE'];
const KEY_KINDS = ['secret', 'publishable', 'restricted'];
const LEVELS = ['none', 'read', 'write'];
const REQUEST_KEYS = ['name', 'method', 'path', 'params', 'key', 'key_permissions', 'idempotency_key', 'scenario', 'expect_error', 'expect_status'];
const CONTROL_KINDS = ['advance', 'scenario', 'flush_webhooks'] as const;

/**
 * Checks a whole flow document before anything runs, so a flow never stops half-way on a typo: every problem is
 * collected with its JSON pointer (`/steps/2/path`), including references to steps that do not come earlier
 * (dangling) and `${env:NAME}` references that `env` does not hold. Throws 400 `flow_invalid` listing them.
 * @example validateFlow({ steps: [{ name: 'pay', method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd' } }] }, {})
 */
export function validateFlow(input: unknown, env: Record<string, string | undefined>): FlowDocument {
  const problems = flowProblems(input, env);
  if (problems.length === 0) return input as FlowDocument;
  const shown = problems.slice(0, 5).map(({ pointer, message }) => `${pointer || '/'}: ${message}`);
  const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
  throw new ApiError('flow_invalid', `The flow is not valid, nothing ran. ${shown.join(' ')}${more}`, {
    param: (problems[0] as FlowProblem).pointer || '/',
    body: { problems },
  });
}

/** Every problem of a flow document (empty: it is valid). */
export function flowProblems(input: unknown, env: Record<string, string | undefined>): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const problem = (pointer: string, message: string) => void problems.push({ pointer, message });
  if (!isObject(input)) {
    problem('', 'a flow is a JSON object such as {"steps": [{"method": "POST", "path": "/v1/customers"}]}.');
    return problems;
  }
  for (const key of Object.keys(input))
    if (!['workspace', 'livemode', 'env', 'warnings', 'steps'].includes(key))
      problem(`/${escapePointer(key)}`, `unknown field "${clip(key)}": a flow has workspace, livemode, env, warnings and steps.`);
  // What a session kept as a flow says about itself (ids it could not make again): read by people, ignored when run.
  if (input.warnings !== undefined && (!Array.isArray(input.warnings) || input.warnings.some((warning) => typeof warning !== 'string')))
    problem('/warnings', 'expected a list of strings (a session kept as a flow writes them for people; a run ignores them).');
  if (input.workspace !== undefined && (typeof input.workspace !== 'string' || input.workspace === '' || input.workspace.length > 100))
    problem('/workspace', 'expected a workspace id such as "ws_acme" (GET /_mock/workspaces lists them).');
  if (input.livemode !== undefined && typeof input.livemode !== 'boolean') problem('/livemode', 'expected true or false.');
  if (input.env !== undefined) {
    if (!isObject(input.env)) problem('/env', 'expected an object of names and string values, such as {"ORDER_ID": "42"}.');
    else
      for (const [name, value] of Object.entries(input.env)) {
        if (!ENV_NAME.test(name)) problem(`/env/${escapePointer(name)}`, 'a variable name is letters, digits and _.');
        else if (typeof value !== 'string') problem(`/env/${escapePointer(name)}`, 'expected a string value.');
      }
  }
  const steps = input.steps;
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > MAX_STEPS) {
    problem('/steps', `expected a list of 1 to ${MAX_STEPS} steps.`);
    return problems;
  }
  const names = new Map<string, number>();
  const later = new Set(steps.map((step) => (isObject(step) && typeof step.name === 'string' ? step.name : undefined)));
  steps.forEach((step: unknown, index) => {
    const pointer = `/steps/${index}`;
    if (!isObject(step))
      return problem(pointer, 'a step is an object: an API call {"method", "path", …} or {"advance"}, {"scenario"}, {"flush_webhooks": true}.');
    checkName(step, pointer, names, problem);
    const request = 'method' in step || 'path' in step;
    // An API step's `scenario` is its Mock-Scenario header, not a control step.
    const controls = CONTROL_KINDS.filter((kind) => kind in step && !(request && kind === 'scenario'));
    if (controls.length + (request ? 1 : 0) !== 1) {
      const kinds = [...(request ? ['an API call (method, path)'] : []), ...controls.map((kind) => `"${kind}"`)];
      return problem(
        pointer,
        kinds.length === 0
          ? 'this step does nothing: give an API call {"method", "path", …} or one of {"advance": "25h"}, {"scenario": "decline"}, {"flush_webhooks": true}.'
          : `a step does one thing; this one has ${kinds.join(' and ')}: split it into ${kinds.length} steps.`,
      );
    }
    if (request) checkRequest(step, pointer, problem);
    else checkControl(step, controls[0] as (typeof CONTROL_KINDS)[number], pointer, problem);
    if (depth(step.params) > MAX_DEPTH) return;
    // References: to steps named before this one, or to env values the document holds.
    for (const { text, pointer: at } of stringsIn({ path: step.path, params: step.params, idempotency_key: step.idempotency_key }, pointer)) {
      const { references, problem: malformed } = referencesIn(text);
      if (malformed) problem(at, malformed);
      for (const reference of references) {
        if (reference.name === 'env') {
          if (env[reference.path] === undefined && ENV_NAME.test(reference.path))
            problem(
              at,
              `${reference.text}: ${reference.path} is not set (the CLI and mock.runFlow read the environment; POST /_mock/flows reads only the flow's "env").`,
            );
        } else if (!names.has(reference.name) || (names.get(reference.name) as number) >= index) {
          const known = [...names.entries()].filter(([, at]) => at < index).map(([name]) => name);
          problem(
            at,
            `${reference.text} refers to no earlier step: ${later.has(reference.name) ? `step "${reference.name}" comes later (a step can use the answers of the steps before it)` : `no step is named "${reference.name}"`}${known.length ? ` (named before it: ${known.join(', ')})` : ''}.`,
          );
        }
      }
    }
  });
  return problems;
}

type Problem = (pointer: string, message: string) => void;

function checkName(step: Record<string, unknown>, pointer: string, names: Map<string, number>, problem: Problem): void {
  if (step.name === undefined) return;
  if (typeof step.name !== 'string' || !STEP_NAME.test(step.name) || step.name === 'env')
    return problem(`${pointer}/name`, 'a step name is a letter or _ then up to 63 letters, digits, _ or - (and not "env", which names the environment).');
  if (names.has(step.name)) return problem(`${pointer}/name`, `"${step.name}" already names step ${names.get(step.name)}: step names are unique.`);
  names.set(step.name, Number(pointer.slice('/steps/'.length)));
}

function checkRequest(step: Record<string, unknown>, pointer: string, problem: Problem): void {
  for (const key of Object.keys(step))
    if (!REQUEST_KEYS.includes(key)) problem(`${pointer}/${escapePointer(key)}`, `unknown field "${clip(key)}": an API step has ${REQUEST_KEYS.join(', ')}.`);
  if (typeof step.method !== 'string' || !METHODS.includes(step.method))
    problem(
      `${pointer}/method`,
      `expected ${METHODS.join(', ')} (upper case)${typeof step.method === 'string' && METHODS.includes(step.method.toUpperCase()) ? `: write "${step.method.toUpperCase()}"` : ''}.`,
    );
  if (typeof step.path !== 'string' || !/^\/v1(\/|$)/.test(step.path) || step.path.length > 2048)
    problem(`${pointer}/path`, 'expected a /v1 path such as "/v1/payments/${pay:id}/refund" (the admin API is driven by control steps).');
  else if (/[?#]/.test(step.path)) problem(`${pointer}/path`, 'put query parameters in "params", not in the path.');
  if (step.params !== undefined) {
    if (!isObject(step.params)) problem(`${pointer}/params`, 'expected an object of parameters, such as {"amount": 2000, "currency": "usd"}.');
    else if (depth(step.params) > MAX_DEPTH) problem(`${pointer}/params`, `nested more than ${MAX_DEPTH} levels deep.`);
  }
  if (step.key !== undefined && (typeof step.key !== 'string' || !KEY_KINDS.includes(step.key))) problem(`${pointer}/key`, `expected ${KEY_KINDS.join(', ')}.`);
  if (step.key_permissions !== undefined) checkKeyPermissions(step, pointer, problem);
  if (step.scenario !== undefined && (typeof step.scenario !== 'string' || !(SCENARIOS as readonly string[]).includes(step.scenario)))
    problem(`${pointer}/scenario`, `expected one of ${SCENARIOS.join(', ')}: the Mock-Scenario this request runs under.`);
  if (step.idempotency_key !== undefined) {
    if (typeof step.idempotency_key !== 'string' || step.idempotency_key === '' || step.idempotency_key.length > 255)
      problem(`${pointer}/idempotency_key`, 'expected a string of 1 to 255 characters.');
    else if (step.method !== 'POST') problem(`${pointer}/idempotency_key`, 'only POST requests take an idempotency key.');
  }
  if (step.expect_error !== undefined) {
    const expected = step.expect_error;
    if (!isObject(expected) || (expected.status === undefined && expected.code === undefined))
      return problem(`${pointer}/expect_error`, 'expected {"status": 402} and/or {"code": "card_declined"}.');
    for (const key of Object.keys(expected))
      if (key !== 'status' && key !== 'code') problem(`${pointer}/expect_error/${escapePointer(key)}`, `unknown field "${clip(key)}": use status and/or code.`);
    if (
      expected.status !== undefined &&
      (typeof expected.status !== 'number' || !Number.isInteger(expected.status) || expected.status < 400 || expected.status > 599)
    )
      problem(`${pointer}/expect_error/status`, 'expected an error status from 400 to 599.');
    if (expected.code !== undefined && (typeof expected.code !== 'string' || !/^[a-z_]{1,64}$/.test(expected.code)))
      problem(`${pointer}/expect_error/code`, 'expected an error code such as card_declined (/docs/errors lists them).');
  }
  checkExpectStatus(step, pointer, problem);
}

/** `key_permissions`: with a restricted key, an object of resources and levels, as `POST /_mock/keys` takes them. */
function checkKeyPermissions(step: Record<string, unknown>, pointer: string, problem: Problem): void {
  const at = `${pointer}/key_permissions`;
  if (step.key !== 'restricted') problem(at, 'key_permissions says what a restricted key must be allowed: add "key": "restricted", or remove key_permissions.');
  if (!isObject(step.key_permissions)) return problem(at, 'expected an object of resources and levels, such as {"refunds": "write"}.');
  for (const [resource, level] of Object.entries(step.key_permissions)) {
    if (!(PERMISSION_RESOURCES as readonly string[]).includes(resource))
      problem(`${at}/${escapePointer(resource)}`, `unknown resource "${clip(resource)}": use ${PERMISSION_RESOURCES.join(', ')}.`);
    else if (typeof level !== 'string' || !LEVELS.includes(level)) problem(`${at}/${escapePointer(resource)}`, `expected ${LEVELS.join(', ')}.`);
  }
}

/** `expect_status`: 200 or an error status, and the same status as `expect_error`'s when both are given. */
function checkExpectStatus(step: Record<string, unknown>, pointer: string, problem: Problem): void {
  const status = step.expect_status;
  if (status === undefined) return;
  if (typeof status !== 'number' || !Number.isInteger(status) || (status !== 200 && (status < 400 || status > 599)))
    return problem(`${pointer}/expect_status`, 'expected 200, or an error status from 400 to 599.');
  const expected = step.expect_error;
  if (isObject(expected) && expected.status !== undefined && expected.status !== status)
    problem(`${pointer}/expect_status`, `expect_error says ${String(expected.status)} and expect_status ${status}: give one status.`);
  else if (isObject(expected) && status === 200) problem(`${pointer}/expect_status`, 'a step with expect_error cannot expect 200.');
}

function checkControl(step: Record<string, unknown>, kind: (typeof CONTROL_KINDS)[number], pointer: string, problem: Problem): void {
  for (const key of Object.keys(step))
    if (key !== kind && key !== 'name') problem(`${pointer}/${escapePointer(key)}`, `unknown field "${clip(key)}" in a "${kind}" step.`);
  const value = step[kind];
  const at = `${pointer}/${kind}`;
  if (kind === 'advance') {
    if (typeof value !== 'string' && typeof value !== 'number') return problem(at, 'expected a duration such as "25h" or a number of seconds.');
    try {
      parseDuration(value);
    } catch (error) {
      problem(at, (error as Error).message);
    }
  } else if (kind === 'scenario') {
    if (value !== null && (typeof value !== 'string' || !(SCENARIOS as readonly string[]).includes(value)))
      problem(at, `expected one of ${SCENARIOS.join(', ')}, or null to follow the server's scenario.`);
  } else if (value !== true) problem(at, 'expected true.');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** How deep a value nests, counted no further than `MAX_DEPTH + 1` (a hostile document may nest thousands deep). */
function depth(value: unknown, limit = MAX_DEPTH + 1): number {
  if (value === null || typeof value !== 'object' || limit === 0) return 0;
  let deepest = 0;
  for (const item of Object.values(value)) {
    deepest = Math.max(deepest, depth(item, limit - 1));
    if (deepest >= limit - 1) break;
  }
  return deepest + 1;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** Whether a step is an API call (else a control step). */
export function isRequestStep(step: FlowStep): step is Extract<FlowStep, { method: string }> {
  return 'method' in step;
}
