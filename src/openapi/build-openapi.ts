import { ADMIN_ROUTES } from '../http/admin/admin-routes';
import { V1_ROUTES } from '../http/v1-routes';
import { LATEST_VERSION } from '../domain/versions';
import { ERROR_CATALOG } from '../errors/catalog';
import { PACKAGE_VERSION } from '../package-version';
import { PARAM_SCHEMAS } from '../schemas/params';
import { listSchema, RESOURCE_SCHEMAS } from '../schemas/resources';

type Json = Record<string, unknown>;

const errorRef = { $ref: '#/components/responses/Error' };
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

let cached: Json | undefined;

/**
 * The OpenAPI 3.1 document, built from the route table and the same schemas that validate requests, so it
 * describes exactly what the server does.
 */
export function openApiDocument(serverUrl = 'http://127.0.0.1:4010'): Json {
  // The document is built once; only the server URL follows where it is served (a port, a mount path).
  return { ...buildOnce(), servers: [{ url: serverUrl, description: 'This payments-mock' }] };
}

function buildOnce(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = {};
  for (const route of V1_ROUTES) {
    const params = PARAM_SCHEMAS[route.params] as { properties: Record<string, Json>; required: string[] };
    const operation: Json = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.extension ? { 'x-extension': true, description: 'Extension to the service spec.' } : {}),
      security: [{ bearer: [] }, { basic: [] }],
      parameters: [
        ...[...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...(route.method === 'GET'
          ? Object.entries(params.properties).map(([name, schema]) => ({ name, in: 'query', required: params.required.includes(name), schema, ...(name === 'created' ? { style: 'deepObject' } : {}) }))
          : [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }]),
        { name: 'Service-Version', in: 'header', required: false, schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
      ],
      ...(route.method === 'POST'
        ? {
            requestBody: {
              required: params.required.length > 0,
              content: {
                'application/x-www-form-urlencoded': { schema: params },
                'application/json': { schema: params },
              },
            },
          }
        : {}),
      responses: {
        200: {
          description: 'OK',
          content: { 'application/json': { schema: typeof route.response === 'string' ? { $ref: `#/components/schemas/${route.response}` } : listSchema(route.response.list) } },
        },
        default: errorRef,
      },
      'x-permission': `${route.permission[0]}: ${route.permission[1]}`,
    };
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
  }
  for (const route of ADMIN_ROUTES) {
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = {
      operationId: `admin_${route.method.toLowerCase()}_${route.path.replace(/\W+/g, '_').replace(/^_|_$/g, '')}`,
      summary: route.summary,
      tags: ['admin'],
      responses: { 200: { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } }, default: errorRef },
    };
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'payments-mock',
      version: PACKAGE_VERSION,
      description: `A stateful sandbox of the payments API. API version ${LATEST_VERSION}. Error codes: ${Object.keys(ERROR_CATALOG).join(', ')}.`,
    },
    servers: [{ url: 'http://127.0.0.1:4010' }],
    tags: [{ name: 'admin', description: 'The sandbox control API under /_mock.' }],
    paths,
    components: {
      schemas: RESOURCE_SCHEMAS,
      responses: { Error: { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer sk_test_…' },
        basic: { type: 'http', scheme: 'basic', description: 'The key as user name, empty password (curl -u sk_test_…:).' },
      },
    },
  };
  return cached;
}
