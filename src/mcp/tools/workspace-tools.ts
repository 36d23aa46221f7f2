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
];
