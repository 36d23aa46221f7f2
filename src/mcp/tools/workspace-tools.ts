import { answerOf } from '../admin-call';
import type { JsonSchema, ToolRow } from '../tool-types';
import { unknownParam } from './tool-input';

const dataOf = (schema: JsonSchema) => (schema.properties as Record<string, JsonSchema>).data as JsonSchema;

/** Where the sandbox is and who may call it: workspaces and their keys. */
export const WORKSPACE_TOOLS: ToolRow[] = [
  {
    name: 'list_workspaces',
    title: 'List workspaces and keys',
    description:
      "Lists the mock's base URL, every workspace (id, name, account, the clock and scenario it follows, object counts per mode) and " +
      'every API key, whole, with its kind (secret, publishable, restricted), mode (livemode) and workspace. Call it first: it says ' +
      'which base URL and keys to configure in the code being written or tested (a secret test key for server code, a publishable ' +
      'one for browser code). Takes no input.',
    example: {},
    inputSchema: { type: 'object', additionalProperties: false, properties: {} },
    outputSchema: (schemas) => ({
      type: 'object',
      additionalProperties: false,
      required: ['url', 'workspaces', 'keys'],
      properties: {
        url: { type: 'string', description: 'The base URL of the mock: point the SDK or HTTP client under test at it.' },
        workspaces: dataOf(schemas.get('adminListWorkspaces').response),
        keys: dataOf(schemas.get('adminListKeys').response),
      },
    }),
    calls: ['GET /_mock/workspaces', 'GET /_mock/keys'],
    readOnly: true,
    run: async (input, api, signal) => {
      const unknown = unknownParam(input, [], 'list_workspaces takes no input.');
      if (unknown) return unknown;
      const workspaces = answerOf(await api.admin('GET', '/_mock/workspaces', { signal }));
      if (!workspaces.ok) return workspaces;
      const keys = answerOf(await api.admin('GET', '/_mock/keys', { signal }));
      if (!keys.ok) return keys;
      return { ok: true, value: { url: api.url, workspaces: workspaces.value.data, keys: keys.value.data } };
    },
  },
  {
    name: 'create_workspace',
    title: 'Create an isolated workspace',
    description:
      'Creates a fresh, empty workspace with a key of every kind in test and live mode, and answers its id, account and keys. Use it ' +
      'to try something without touching other data: pass its id as `workspace` to request, get_clock, advance_clock, set_scenario ' +
      'or reset to give it its own data, clock and scenario.',
    example: { name: 'checkout experiment' },
    calls: [{ operation: 'adminCreateWorkspace' }],
    inputNotes: { name: 'A name to recognise it by (default: generated).' },
  },
  {
    name: 'create_key',
    title: 'Create an API key',
    description:
      'Creates an API key of a kind (secret, publishable, restricted) and mode in a workspace and answers it whole. Use a restricted ' +
      'key with `permissions` to test what the code may and may not do with less than a secret key (a resource left out is none; no ' +
      'permissions at all reads everything).',
    example: { workspace: 'acme', kind: 'restricted', livemode: false, permissions: { payments: 'read' } },
    calls: [{ operation: 'adminCreateKey' }],
    inputNotes: {
      workspace: 'The workspace id the key belongs to (list_workspaces lists them).',
      kind: 'secret, publishable or restricted.',
      livemode: 'true for a live-mode key (default test).',
      permissions: 'Restricted keys only: { "payments": "read" | "write" | "none", … }.',
    },
  },
  {
    name: 'rotate_key',
    title: 'Rotate an API key',
    description:
      'Replaces a key with a new one of the same kind; the old key keeps working for `expires_in` on the mock clock (default "24h"; ' +
      '"now" ends it at once), then answers 401 api_key_expired. Use it to test that the code picks up a rotated key, with advance_clock ' +
      'to reach the end of the grace period.',
    example: { key: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc', expires_in: '1h' },
    calls: [{ operation: 'adminRotateKey' }],
    inputNotes: { key: 'The whole key to rotate.', expires_in: 'How long the old key still works: a duration ("1h", "7d"), seconds, or "now".' },
  },
];
