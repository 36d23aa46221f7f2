import { openApiDocument } from '../openapi/build-openapi';
import type { JsonSchema, OperationSchemas, OperationShape } from './tool-types';

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'delete'] as const;

/**
 * The admin operations of the OpenAPI document the mock serves, by `operationId`, with every `$ref` inlined (an
 * MCP tool's schemas stand alone: a client validates a tool's structured output against its `outputSchema`).
 *
 * @example
 * operationSchemas().get('adminAdvanceClock'); // { method: 'POST', path: '/_mock/clock/advance', body: { properties: { by: … } }, … }
 */
export function operationSchemas(document: Json = openApiDocument()): OperationSchemas {
  const byId = new Map<string, OperationShape>();
  const paths = document.paths as Record<string, Record<string, Json>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation && typeof operation.operationId === 'string') byId.set(operation.operationId, shape(document, path, method, operation));
    }
  }
  return {
    get(operationId) {
      const found = byId.get(operationId);
      if (!found) throw new Error(`No operation ${operationId} in the OpenAPI document: an MCP tool row names an operation the mock does not have.`);
      return found;
    },
  };
}

function shape(document: Json, path: string, method: (typeof METHODS)[number], operation: Json): OperationShape {
  const parameters = (inline(document, operation.parameters ?? []) as Json[]).filter(Boolean);
  const query: Record<string, JsonSchema> = {};
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    query[parameter.name as string] = { ...(parameter.schema as Json), description: parameter.description };
  }
  const content = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  const bodySchema = content?.['application/json']?.schema as Json | undefined;
  const body = bodySchema
    ? (() => {
        const schema = inline(document, bodySchema) as Json;
        return { properties: (schema.properties ?? {}) as Record<string, JsonSchema>, required: (schema.required ?? []) as string[] };
      })()
    : undefined;
  const ok = (operation.responses as Record<string, Json>)['200']?.content as Record<string, Json> | undefined;
  const response = inline(document, ok?.['application/json']?.schema ?? { type: 'object' }) as JsonSchema;
  return {
    method: method.toUpperCase() as OperationShape['method'],
    path,
    pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name as string),
    query,
    body,
    response,
  };
}

/** A copy with `$ref`s replaced by what they point at, and the document-only keys (`example`, `x-…`) left out. */
function inline(document: Json, value: unknown, trail: string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(document, item, trail));
  if (!value || typeof value !== 'object') return value;
  const object = value as Json;
  if (typeof object.$ref === 'string') {
    const ref = object.$ref;
    // The document has no recursive schemas today; should one appear, the cycle ends in "anything" rather than forever.
    if (trail.includes(ref)) return {};
    const { $ref: _ref, ...siblings } = object;
    const target = inline(document, resolve(document, ref), [...trail, ref]) as Json;
    return { ...target, ...(inline(document, siblings, trail) as Json) };
  }
  const copy: Json = {};
  for (const [key, item] of Object.entries(object)) {
    if (key === 'example' || key.startsWith('x-')) continue;
    copy[key] = key === 'properties' ? names(document, item as Json, trail) : inline(document, item, trail);
  }
  return copy;
}

/** A `properties` map: its keys are field names (a field may be called `example`), its values schemas. */
function names(document: Json, properties: Json, trail: string[]): Json {
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, inline(document, schema, trail)]));
}

function resolve(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Unsupported $ref ${ref}: only references inside the document are resolved.`);
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) node = (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`Dangling $ref ${ref} in the OpenAPI document.`);
  return node;
}
