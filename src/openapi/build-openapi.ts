import { LATEST_VERSION, versionChanges, VERSIONS } from '../domain/versions';
import { ERROR_CATALOG } from '../errors/catalog';
import { PACKAGE_VERSION } from '../package-version';
import { V1_ROUTES } from '../routes';
import { ADMIN_ROUTES } from '../routes/admin';
import type { AdminRoute, ApiRoute } from '../routes';
import { RESOURCE_EXAMPLES } from '../routes/examples';
import { ADMIN_SCHEMAS } from '../schemas/admin';
import { FIXTURE_SCHEMA } from '../schemas/fixtures';
import { PARAM_SCHEMAS } from '../schemas/params';
import { listSchema, RESOURCE_SCHEMAS } from '../schemas/resources';
import { SCENARIOS } from '../scenarios/scenarios';
import { errorResponseComponents, errorResponses } from './error-responses';
import { WEBHOOKS } from './webhooks';

type Json = Record<string, unknown>;

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

let cached: Json | undefined;

/**
 * The OpenAPI 3.1 document, built from the route registry (`src/routes`) and the same schemas that validate
 * requests, so it describes exactly what the server does. `serverUrl` is where it is served (a port, a mount
 * path): generated clients and Prism point there.
 */
export function openApiDocument(serverUrl = 'http://127.0.0.1:4010'): Json {
  // The document is built once; only the server URL follows where it is served.
  return { ...buildOnce(), servers: [{ url: serverUrl, description: 'This payments-mock' }] };
}

function buildOnce(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = {};
  for (const route of V1_ROUTES) (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = v1Operation(route);
  for (const route of ADMIN_ROUTES) (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = adminOperation(route);
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'payments-mock',
      version: PACKAGE_VERSION,
      summary: 'A strict, stateful sandbox of the payments API.',
      description: infoDescription(),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: TAGS,
    paths,
    webhooks: WEBHOOKS,
    components: {
      schemas: { ...RESOURCE_SCHEMAS, Error: errorSchemaWithCodes(), ...ADMIN_SCHEMAS, FixtureDocument: fixtureDocumentSchema() },
      responses: errorResponseComponents(),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Makes a POST safe to retry for 24 hours: a repeat with the same parameters returns the saved answer with `Idempotent-Replayed: true`.',
          schema: { type: 'string', minLength: 1, maxLength: 255 },
          example: 'order-42-attempt-1',
        },
        ServiceVersion: {
          name: 'Service-Version',
          in: 'header',
          required: false,
          description: `Pins the API version (default: the account's default_version). ${versionNotes()}`,
          schema: { enum: VERSIONS },
          example: LATEST_VERSION,
        },
        MockScenario: {
          name: 'Mock-Scenario',
          in: 'header',
          required: false,
          description: 'Runs this one request under another scenario (see GET /_mock/scenario).',
          schema: { enum: [...SCENARIOS] },
          example: 'manual',
        },
      },
      headers: {
        RequestId: {
          description: 'The id of this request (also in the request journal and in events it caused).',
          schema: { type: 'string', pattern: '^req_[0-9A-Za-z]+$' },
        },
        ServiceVersion: { description: 'The API version the answer is rendered in.', schema: { enum: VERSIONS } },
        IdempotentReplayed: {
          description: '`true` when the answer is the saved answer of an earlier request with the same Idempotency-Key.',
          schema: { const: 'true' },
        },
        RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
        Warning: {
          description:
            'RFC 7234 `299 - "…"`: the request was answered, but part of it named nothing the mock knows (an event `type`); the text names the closest.',
          schema: { type: 'string', pattern: '^299 - ".*"$' },
          example: '299 - "No event type is named payment.succeded. Did you mean payment.succeeded?"',
        },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer sk_test_… (secret), pk_test_… (publishable) or rk_test_… (restricted).' },
        basic: { type: 'http', scheme: 'basic', description: 'The key as user name, empty password (curl -u sk_test_…:).' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'Only when the server was started with --admin-token: Authorization: Bearer <token>.' },
      },
    },
  };
  return cached;
}

const TAGS = [
  { name: 'payments', description: 'Create, confirm, retrieve and refund payments.' },
  { name: 'refunds', description: 'Read refunds.' },
  { name: 'customers', description: 'Create and read customers.' },
  { name: 'payment_methods', description: 'Tokenise cards.' },
  { name: 'events', description: 'The event feed of the last 30 days.' },
  { name: 'account', description: 'The account of the key.' },
  { name: 'admin', description: 'The sandbox control API under /_mock: keys, clock, scenario, journal, state, workspaces, faults. JSON in and out.' },
  { name: 'webhooks', description: 'What the mock POSTs to your registered webhook endpoints.' },
];

/** The error object with its `code` listed from the catalog, so generated clients get the codes as a union. */
function errorSchemaWithCodes(): Json {
  const schema = JSON.parse(JSON.stringify(RESOURCE_SCHEMAS.Error)) as { properties: { error: { properties: { code: Json } } } };
  schema.properties.error.properties.code = { ...schema.properties.error.properties.code, enum: Object.keys(ERROR_CATALOG) };
  return schema as unknown as Json;
}

/** The fixture schema as a component (the state export/import body), without its standalone-file keywords. */
function fixtureDocumentSchema(): Json {
  const { $schema: _schema, $id: _id, ...schema } = FIXTURE_SCHEMA;
  return schema;
}

function v1Operation(route: ApiRoute): Json {
  const params = PARAM_SCHEMAS[route.params] as { properties: Record<string, Json>; required: readonly string[] };
  const isPost = route.method === 'POST';
  const who = [
    `Restricted keys need \`${route.permission[0]}: ${route.permission[1]}\`.`,
    route.publishable
      ? "Publishable keys may call it with the payment's `client_secret` where one applies."
      : 'Publishable keys get 403 `secret_key_required`.',
    route.extension ? 'Extension to the service spec.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const example = exampleOf(route.response, route.path);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: `${route.description}\n\n${who}`,
    tags: [route.permission[0]],
    security: [{ bearer: [] }, { basic: [] }],
    parameters: [
      ...pathParameters(route.path),
      ...(isPost ? [] : Object.entries(params.properties).map(([name, schema]) => queryParameter(name, schema, params.required.includes(name)))),
      ...(isPost ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      { $ref: '#/components/parameters/ServiceVersion' },
      { $ref: '#/components/parameters/MockScenario' },
    ],
    ...(isPost ? { requestBody: requestBody(params, route.exampleParams) } : {}),
    responses: {
      200: {
        description: 'OK',
        headers: {
          'Request-Id': { $ref: '#/components/headers/RequestId' },
          'Service-Version': { $ref: '#/components/headers/ServiceVersion' },
          ...(isPost ? { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } : {}),
          ...Object.fromEntries((route.headers ?? []).map((name) => [name, { $ref: `#/components/headers/${name}` }])),
        },
        content: { [JSON_TYPE]: { schema: responseSchema(route.response), example } },
      },
      ...errorResponses('v1', [...(isPost ? [409, 413, 415] : []), ...(route.extraStatuses ?? [])]),
    },
    ...(route.extension ? { 'x-extension': true } : {}),
    'x-permission': `${route.permission[0]}: ${route.permission[1]}`,
  };
}

function adminOperation(route: AdminRoute): Json {
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: `${route.description}${route.open ? '' : '\n\nWith --admin-token, send `Authorization: Bearer <token>`.'}`,
    tags: ['admin'],
    security: route.open ? [] : [{ adminToken: [] }, {}],
    parameters: [
      ...pathParameters(route.path),
      ...Object.entries(route.query ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, description: schema.description, schema })),
    ],
    ...(route.body ? { requestBody: { required: true, content: { [JSON_TYPE]: { schema: route.body, example: route.exampleBody } } } } : {}),
    responses: {
      200: { description: 'OK', content: { [JSON_TYPE]: { schema: route.response, example: route.example } } },
      ...errorResponses('admin', route.extraStatuses ?? []),
    },
  };
}

const PATH_PARAMETER_DOCS: Record<string, string> = {
  id: 'The id of the object.',
  key: 'The whole key to rotate.',
};

function pathParameters(path: string): Json[] {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: PATH_PARAMETER_DOCS[name as string] ?? name,
    schema: { type: 'string' },
  }));
}

/** Object-valued query parameters (`created[gte]=…`) use bracket nesting: OpenAPI's deepObject style. */
function queryParameter(name: string, schema: Json, required: boolean): Json {
  const nested = isObjectSchema(schema);
  return {
    name,
    in: 'query',
    required,
    description: (schema.description as string | undefined) ?? name,
    schema,
    ...(nested ? { style: 'deepObject', explode: true } : {}),
  };
}

/**
 * Form and JSON bodies take the same parameters. Form bodies nest with brackets (`metadata[order]=42`,
 * `card[number]=…`): each object-valued property is encoded as deepObject, so generated clients send it so.
 */
function requestBody(params: { properties: Record<string, Json>; required: readonly string[] }, example: Record<string, unknown> | undefined): Json {
  const encoding = Object.fromEntries(
    Object.entries(params.properties)
      .filter(([, schema]) => isObjectSchema(schema))
      .map(([name]) => [name, { style: 'deepObject', explode: true }]),
  );
  return {
    required: params.required.length > 0,
    content: {
      [FORM_TYPE]: { schema: params, ...(Object.keys(encoding).length ? { encoding } : {}), ...(example ? { example } : {}) },
      [JSON_TYPE]: { schema: params, ...(example ? { example } : {}) },
    },
  };
}

function isObjectSchema(schema: Json): boolean {
  if (schema.type === 'object') return true;
  const variants = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  return Boolean(variants?.some((variant) => variant.type === 'object'));
}

function responseSchema(response: ApiRoute['response']): Json {
  return typeof response === 'string' ? { $ref: `#/components/schemas/${response}` } : (listSchema(response.list) as Json);
}

function exampleOf(response: ApiRoute['response'], path: string): unknown {
  if (typeof response === 'string') return RESOURCE_EXAMPLES[response as keyof typeof RESOURCE_EXAMPLES];
  const item = RESOURCE_EXAMPLES[response.list as keyof typeof RESOURCE_EXAMPLES];
  return { object: 'list', url: path.replace(/:id/, 'pay_3MtwBwLkdIwHu7ix28a3tqPa'), has_more: false, data: [item] };
}

function versionNotes(): string {
  return `Versions: ${VERSIONS.join(', ')}. ${versionChanges()
    .map(({ version, description }) => `${version}: ${description}`)
    .join(' ')}`;
}

function infoDescription(): string {
  return [
    'A strict, stateful, in-memory sandbox of the payments API: scriptable time, failures and fixtures.',
    '',
    `**API versions.** The newest is ${LATEST_VERSION}; send \`Service-Version\` to pin another. What changed:`,
    ...versionChanges().map(({ version, description }) => `- ${version}: ${description}`),
    '',
    '**Bodies.** `application/x-www-form-urlencoded` with bracket nesting (`metadata[order]=42`) or `application/json`. Unknown parameters are refused.',
    '',
    `**Errors.** Every error is \`{ "error": { type, code, message, param?, doc_url } }\`. Codes: ${Object.keys(ERROR_CATALOG).join(', ')}.`,
  ].join('\n');
}
