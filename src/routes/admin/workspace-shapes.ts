/*
 * The JSON Schemas and examples of what `/_mock/workspaces` answers: a workspace with the clock and scenario it
 * follows, and the counts of what it holds (in the OpenAPI document and checked against every answer by a test).
 */
import { SCENARIO_NAMES } from '../../schemas/scenario-names';

export const CLOCK = {
  type: 'object',
  additionalProperties: false,
  required: ['mode', 'now', 'iso', 'workspace', 'follows_server'],
  properties: {
    mode: { enum: ['real', 'frozen', 'offset'] },
    now: { type: 'integer', description: 'Mock Unix seconds.' },
    iso: { type: 'string' },
    workspace: { type: 'string' },
    follows_server: { type: 'boolean', description: "true until the workspace's clock is set or moved." },
  },
};
export const SCENARIO = {
  type: 'object',
  additionalProperties: false,
  required: ['scenario', 'options', 'description', 'workspace', 'follows_server'],
  properties: {
    scenario: { enum: [...SCENARIO_NAMES] },
    options: { $ref: '#/components/schemas/ScenarioOptions' },
    description: { type: 'string' },
    workspace: { type: 'string' },
    follows_server: { type: 'boolean', description: "true while the workspace follows the server's scenario." },
  },
};
export const WORKSPACE = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'object', 'name', 'account', 'created', 'default_version', 'clock', 'scenario', 'counts'],
  properties: {
    id: { type: 'string' },
    object: { const: 'workspace' },
    name: { type: 'string' },
    account: { type: 'string' },
    created: { type: 'integer' },
    default_version: { type: 'string' },
    clock: CLOCK,
    scenario: SCENARIO,
    counts: {
      type: 'object',
      description: 'Objects of each kind per mode: { test: { payment, customer, refund, payment_method, webhook_endpoint, event }, live: … }.',
      additionalProperties: { type: 'object', additionalProperties: { type: 'integer' } },
    },
  },
};
export const CLOCK_EXAMPLE = { mode: 'frozen', now: 1767225600, iso: '2026-01-01T00:00:00.000Z', workspace: 'ws_acme', follows_server: false };
export const SCENARIO_EXAMPLE = {
  scenario: 'decline',
  options: {},
  description: 'Self-confirmation fails with card_declined.',
  workspace: 'ws_acme',
  follows_server: false,
};
const COUNTS_EXAMPLE = { payment: 3, customer: 2, refund: 1, payment_method: 0, webhook_endpoint: 1, event: 7 };
export const WORKSPACE_EXAMPLE = {
  id: 'ws_acme',
  object: 'workspace',
  name: 'Acme Books',
  account: 'acct_1Nv0FGQ9RKHgCVdK',
  created: 1767225600,
  default_version: '2025-08-27',
  clock: CLOCK_EXAMPLE,
  scenario: SCENARIO_EXAMPLE,
  counts: { test: COUNTS_EXAMPLE, live: COUNTS_EXAMPLE },
};
