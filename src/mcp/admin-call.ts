import { deeperThan } from '../form-text';
import type { ApiAnswer, MockApi } from './mock-api';
import type { AdminToolRow, OperationCall, OperationShape, ToolAnswer, ToolInput } from './tool-types';

/** Deeper than any admin body (a flow is the deepest, and its params stop at 8 levels). */
const MAX_INPUT_DEPTH = 32;

const present = (value: unknown) => value !== undefined && value !== null;

/**
 * Makes an admin row's call: picks the first operation whose path parameters the input gives, puts those into the
 * path and the rest into the query (GET, DELETE) or the JSON body, and answers with what the mock answered. The
 * mock validates the rest, so a bad input gets the API's own message.
 *
 * @example
 * await adminCall(row, operations, { by: '25h', workspace: 'ws_acme' }, api); // POST /_mock/workspaces/ws_acme/clock/advance {"by":"25h"}
 */
export async function adminCall(
  row: AdminToolRow,
  operations: Array<{ call: OperationCall; shape: OperationShape }>,
  input: ToolInput,
  api: MockApi,
  signal?: AbortSignal,
): Promise<ToolAnswer> {
  for (const name of [...Object.keys(row.fixed ?? {}), ...(row.omit ?? [])])
    if (input[name] !== undefined) return { ok: false, message: `Received unknown parameter: ${name}. This tool takes ${describeInputs(row)}.` };
  const given: ToolInput = { ...row.defaults, ...input, ...row.fixed };
  const nameOf = (call: OperationCall, param: string) => call.pathFrom?.[param] ?? param;
  const chosen = operations.find(({ call, shape }) => shape.pathParams.every((param) => present(given[nameOf(call, param)]))) ?? operations.at(-1);
  if (!chosen) throw new Error(`MCP tool ${row.name} calls no operation.`);
  const { call, shape } = chosen;
  const rest = { ...given };
  let path = shape.path;
  for (const param of shape.pathParams) {
    const name = nameOf(call, param);
    const value = rest[name];
    delete rest[name];
    if (!present(value)) return { ok: false, message: `Missing required param: ${name}.${row.inputNotes?.[name] ? ` ${row.inputNotes[name]}` : ''}` };
    if (typeof value !== 'string' || value === '') return { ok: false, message: `Invalid ${name}: expected a non-empty string (got ${describe(value)}).` };
    path = path.replace(`{${param}}`, encodeURIComponent(value));
  }
  if (shape.method === 'GET' || shape.method === 'DELETE') {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(rest)) {
      if (!present(value)) continue;
      if (typeof value === 'object')
        return { ok: false, message: `Invalid ${name}: expected a string, number or boolean (got ${describe(value)}).`, detail: { param: name } };
      query.set(name, String(value));
    }
    return answerOf(await api.admin(shape.method, path, { query: query.toString(), signal }));
  }
  // Encoding recurses: a hostile depth (a raw JSON-RPC client can send any) is refused before it overflows.
  if (deeperThan(rest, MAX_INPUT_DEPTH))
    return { ok: false, message: `The input nests more than ${MAX_INPUT_DEPTH} levels deep: no admin call takes anything that deep.` };
  return answerOf(await api.admin(shape.method, path, { body: rest, signal }));
}

/** What a row with fixed or omitted inputs still takes, for the message that refuses one of those. */
function describeInputs(row: AdminToolRow): string {
  const notes = Object.keys(row.inputNotes ?? {});
  return notes.length ? notes.join(', ') : 'no input';
}

/** A 2xx JSON object is the tool's output; anything else is a tool error carrying the API's message. */
export function answerOf(answer: ApiAnswer): ToolAnswer {
  const body = answer.body;
  if (answer.status >= 200 && answer.status < 300 && body !== null && typeof body === 'object' && !Array.isArray(body))
    return { ok: true, value: body as Record<string, unknown> };
  return { ok: false, message: apiMessage(answer), detail: body };
}

/** The message of the API's error object, or a plain description of an answer that carries none. */
export function apiMessage(answer: ApiAnswer): string {
  const error = (answer.body as { error?: { message?: unknown } } | null)?.error;
  if (error && typeof error.message === 'string') return error.message;
  return `The mock answered ${answer.status} without an error message.`;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === '') return 'an empty string';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`.slice(0, 60);
}
