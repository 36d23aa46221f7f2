import { adminCall } from './admin-call';
import type { AdminToolRow, JsonSchema, McpTool, OperationSchemas, OperationShape, ToolRow } from './tool-types';

/**
 * Turns the tool table into tools: an admin row's input schema is the union of its operations' parameters (path
 * parameters under the names the row gives them), its output schema the operation's answer (or any of them).
 *
 * @example
 * const tools = buildTools(MCP_TOOLS, operationSchemas());
 * tools.find((tool) => tool.name === 'advance_clock')?.inputSchema; // { type: 'object', properties: { by: …, workspace: … }, required: ['by'] }
 */
export function buildTools(rows: ToolRow[], schemas: OperationSchemas): McpTool[] {
  return rows.map((row) => {
    const description = `${row.description}\n\nExample input: ${JSON.stringify(row.example)}`;
    if (!isAdminRow(row)) {
      const { outputSchema, ...rest } = row;
      return { ...rest, description, outputSchema: outputSchema(schemas) };
    }
    const operations = row.calls.map((call) => ({ call, shape: schemas.get(call.operation) }));
    return {
      name: row.name,
      title: row.title,
      description,
      example: row.example,
      inputSchema: inputSchema(row, operations),
      outputSchema: outputSchema(operations.map(({ shape }) => variant(shape.response, row.answers))),
      calls: operations.map(({ call, shape }) => `${shape.method} ${renamePath(shape.path, call.pathFrom)}`),
      readOnly: operations.every(({ shape }) => shape.method === 'GET'),
      run: (input, api, signal) => adminCall(row, operations, input, api, signal),
    };
  });
}

function isAdminRow(row: ToolRow): row is AdminToolRow {
  return !('run' in row);
}

function inputSchema(row: AdminToolRow, operations: Array<{ call: AdminToolRow['calls'][number]; shape: OperationShape }>): JsonSchema {
  const variants = operations.map(({ call, shape }) => {
    const properties: Record<string, JsonSchema> = { ...shape.query, ...(shape.body?.properties ?? {}) };
    const required = [...(shape.body?.required ?? [])];
    for (const param of shape.pathParams) {
      const name = call.pathFrom?.[param] ?? param;
      properties[name] = { type: 'string', minLength: 1 };
      required.push(name);
    }
    return { properties, required };
  });
  const properties: Record<string, JsonSchema> = {};
  for (const variant of variants) {
    for (const [name, schema] of Object.entries(variant.properties)) {
      const seen = properties[name];
      properties[name] = seen === undefined || JSON.stringify(seen) === JSON.stringify(schema) ? schema : { anyOf: [seen, schema] };
    }
  }
  for (const name of [...Object.keys(row.fixed ?? {}), ...(row.omit ?? [])]) delete properties[name];
  for (const [name, note] of Object.entries(row.inputNotes ?? {})) {
    if (!properties[name]) throw new Error(`MCP tool ${row.name}: a note for ${name}, which none of its operations takes.`);
    properties[name] = { ...properties[name], description: note };
  }
  for (const [name, value] of Object.entries(row.defaults ?? {})) properties[name] = { ...properties[name], default: value };
  const required = Object.keys(properties).filter((name) => variants.every((variant) => variant.required.includes(name)));
  return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
}

/** One shape of an answer that may be several (`oneOf`), or the answer's schema as it is. */
function variant(response: JsonSchema, index: number | undefined): JsonSchema {
  const options = response.oneOf as JsonSchema[] | undefined;
  if (index === undefined || !options) return response;
  const { oneOf: _options, ...rest } = response;
  return { ...rest, ...(options[index] as JsonSchema) };
}

/** MCP wants an object at the root: one answer shape as it is, several as the object any of them is. */
function outputSchema(responses: JsonSchema[]): JsonSchema {
  const distinct = responses.filter((schema, index) => responses.findIndex((other) => JSON.stringify(other) === JSON.stringify(schema)) === index);
  if (distinct.length === 1) return { type: 'object', ...distinct[0] };
  return { type: 'object', anyOf: distinct };
}

/** `/_mock/workspaces/{id}/clock` with `{ id: 'workspace' }` → `/_mock/workspaces/{workspace}/clock`, as the docs show it. */
function renamePath(path: string, pathFrom: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => `{${pathFrom?.[name] ?? name}}`);
}
