/** The schemas of a fixture workspace's own settings: its API keys, its own clock and its own scenario. */
import { MAX_UNIX_SECONDS } from './time-range';
import { level, time } from './fixture-fields';
import { SCENARIO_NAMES } from './scenario-names';

export const key = {
  type: 'object',
  additionalProperties: false,
  required: ['key'],
  properties: {
    key: {
      type: 'string',
      pattern: '^(sk|pk|rk)_(test|live)_[0-9A-Za-z_]{8,200}$',
      description: 'The prefix gives the kind (sk secret, pk publishable, rk restricted) and mode (test, live).',
    },
    permissions: {
      type: 'object',
      additionalProperties: false,
      description: 'Restricted keys only; resources left out are "none".',
      properties: { payments: level, refunds: level, customers: level, events: level, payment_methods: level, account: level, webhook_endpoints: level },
    },
    expires_at: { ...time, description: 'When a rotated key stops working (401 api_key_expired).' },
    created: time,
  },
};

/** A workspace's own clock, as a saved state keeps it (see SavedClock in src/clock); absent: the server's clock. */
export const workspaceClock = {
  description:
    "The workspace's own clock (saved state): `real`; `frozen` with `now`; or `offset` with `offset_ms`. Left out, the workspace follows the server clock.",
  type: 'object',
  additionalProperties: false,
  required: ['mode'],
  properties: {
    mode: { enum: ['real', 'frozen', 'offset'] },
    now: {
      description: 'frozen: the instant it stands at, Unix seconds (to the millisecond).',
      type: 'number',
      minimum: -MAX_UNIX_SECONDS,
      maximum: MAX_UNIX_SECONDS,
    },
    offset_ms: {
      description: "offset: how far ahead of the machine's time it runs, in milliseconds (negative: behind).",
      type: 'integer',
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    },
  },
};

/** A workspace's own scenario, as `GET /_mock/workspaces/{id}/scenario` shows it; absent: the server's. */
export const workspaceScenario = {
  description: "The workspace's own scenario (saved state), with its options. Left out, the workspace follows the server's scenario.",
  type: 'object',
  additionalProperties: false,
  required: ['scenario'],
  properties: {
    scenario: { enum: [...SCENARIO_NAMES] },
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        rate: { type: 'number', minimum: 0, maximum: 1 },
        latency_ms: { type: 'integer', minimum: 0, maximum: 60000 },
        limit: { type: 'integer', minimum: 0, maximum: 60000 },
      },
    },
  },
};
