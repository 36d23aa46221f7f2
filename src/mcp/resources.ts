import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TEST_CARDS, TEST_PAYMENT_METHODS } from '../domain/test-cards';
import { errorsMarkdown } from '../errors/errors-markdown';
import { PACKAGE_ROOT } from '../package-root';
import type { MockApi } from './mock-api';

/** One MCP resource: reference material an agent reads instead of guessing. */
export interface McpResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  read: (api: MockApi, signal?: AbortSignal) => Promise<string>;
}

const ERROR_SHAPE =
  'Every error answer is `{ "error": { "type", "code", "message", "param"?, "doc_url" } }`; a card error (402) adds ' +
  '`decline_code` and `payment`. The message names what to change.';

/**
 * The resources the MCP server offers. The OpenAPI document comes from the mock it talks to (what that mock
 * serves); the errors, test cards and behaviour reference ship with this package.
 *
 * @example
 * const text = await MCP_RESOURCES.find((r) => r.uri === 'payments-mock://test-cards')!.read(api);
 */
export const MCP_RESOURCES: McpResource[] = [
  {
    uri: 'payments-mock://openapi.json',
    name: 'openapi.json',
    title: 'OpenAPI document',
    description: 'The OpenAPI 3.1 document of the mock: every /v1 operation with its parameters, answers and errors, the admin API and the webhooks.',
    mimeType: 'application/json',
    read: (api, signal) => api.document('/openapi.json', signal),
  },
  {
    uri: 'payments-mock://errors',
    name: 'errors.md',
    title: 'Errors catalogue',
    description: 'Every error code the mock answers with: HTTP status, type, what it means and how to fix the request.',
    mimeType: 'text/markdown',
    read: async () => `# payments-mock errors\n\n${ERROR_SHAPE}\n\n${errorsMarkdown()}\n`,
  },
  {
    uri: 'payments-mock://test-cards',
    name: 'test-cards.json',
    title: 'Test cards',
    description: 'The card numbers and pm_card_* shortcuts whose confirmation succeeds, declines or asks for 3-D Secure.',
    mimeType: 'application/json',
    read: async () =>
      `${JSON.stringify(
        {
          note: 'Any other number that passes the Luhn check succeeds. Card numbers and CVCs are never stored or returned (only brand and last4).',
          cards: TEST_CARDS,
          payment_methods: Object.entries(TEST_PAYMENT_METHODS).map(([id, number]) => ({ id, number })),
        },
        null,
        2,
      )}\n`,
  },
  {
    uri: 'payments-mock://behaviour',
    name: 'behaviour.md',
    title: 'Behaviour reference',
    description:
      'How the mock fills every gap the API specification leaves: object fields, the payment lifecycle, declines, idempotency, lists, keys, versions, the admin surface.',
    mimeType: 'text/markdown',
    read: () => readFile(join(PACKAGE_ROOT, 'docs', 'behaviour.md'), 'utf8'),
  },
];
