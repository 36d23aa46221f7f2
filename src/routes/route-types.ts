import type { MockContext } from '../context/mock-context';
import type { Scope } from '../domain/scope';
import type { ParamSchemaName } from '../schemas/params';
import type { PermissionResource, ResourceName } from '../schemas/resources';
import type { ScenarioName } from '../scenarios/scenarios';
import type { KeyRecord } from '../store/store';
import type { MockRequest, MockResponse } from '../request-response';

/**
 * What every route carries for people and tools: the HTTP layer ignores it, the OpenAPI builder
 * (`src/openapi/build-openapi.ts`) turns it into the operation. Fill every field for a new route; a test lints the
 * document (Redocly, openapi-parser) and checks each example against its schema.
 */
export interface RouteDoc {
  /** Unique, camelCase: the method name generated clients get (`createPayment`). */
  operationId: string;
  /** One line, imperative or noun phrase: `Create a payment`. */
  summary: string;
  /** A paragraph or two of Markdown: what it does, who may call it, what comes back, what to watch for. */
  description: string;
  /**
   * HTTP statuses this operation answers besides 200 and the ones every operation of its kind can answer
   * (/v1: 400, 401, 403, 404, 429, 500, 503, and for POST 409, 413, 415; /_mock: 400, 401, 403, 404).
   * For example `[402]` for a confirmation that a card can decline.
   */
  extraStatuses?: number[];
}

/** One `/v1` route: the HTTP layer mounts it, the OpenAPI builder documents it. */
export interface ApiRoute extends RouteDoc {
  method: 'GET' | 'POST' | 'DELETE';
  /** `/v1/payments/:id/refund`: segments starting with `:` capture one path segment (documented as `{id}`). */
  path: string;
  /** The request parameter schema in `src/schemas/params.ts` (query for GET, body for POST). */
  params: ParamSchemaName;
  /** Which permission a restricted key needs. */
  permission: [PermissionResource, 'read' | 'write'];
  /** Whether a publishable key may call it at all (the handler checks the client_secret). */
  publishable?: boolean;
  /** The response schema (a component of `RESOURCE_SCHEMAS`), or a list of it. */
  response: ResourceName | { list: ResourceName };
  /** Whether this is an extension to the service spec (`x-extension` in the document). */
  extension?: boolean;
  /** An example request (form or JSON parameters) for the document; checked against `params` by a test. */
  exampleParams?: Record<string, unknown>;
  /** Headers the handler may add to a 200 answer, by name: components of the OpenAPI document's `headers`. */
  headers?: Array<'Warning'>;
  handler: (call: Call<unknown>) => unknown;
}

/** What a handler gets: validated parameters, the key, and the scope (account, mode, time) of the request. */
export interface Call<P = Record<string, never>> {
  ctx: MockContext;
  scope: Scope;
  key: KeyRecord;
  params: P;
  path: Record<string, string>;
  /** The request path without its query string: the `url` of a list. */
  url: string;
  scenario: ScenarioName;
  /** The address the client used (`http://127.0.0.1:4010`), for absolute links such as the 3-D Secure page. */
  origin: string;
  /** The answer's headers: a handler may add one (a `Warning`); those of its route's `headers` are documented. */
  headers: Record<string, string>;
}

/** Types a route's handler by its own parameters, then stores it in the table beside the others. */
export function route<P>(definition: Omit<ApiRoute, 'handler'> & { handler: (call: Call<P>) => unknown }): ApiRoute {
  return definition as ApiRoute;
}

/** A JSON Schema object, as the admin tables declare their bodies and answers. */
export type JsonSchema = Record<string, unknown>;

/** The query string of an admin request (a `URLSearchParams`; declared so the typings need no DOM or Node types). */
export interface QueryParams {
  get(name: string): string | null;
  keys(): Iterable<string>;
}

/** What an admin handler gets: the JSON body, the query and the path parameters. */
export interface AdminCall {
  ctx: MockContext;
  body: Record<string, unknown>;
  query: QueryParams;
  path: Record<string, string>;
  /** Runs a request through the whole pipeline, as a client's (triggers and flows make their API calls with it). */
  dispatch: (request: MockRequest) => MockResponse | Promise<MockResponse>;
}

/** One `/_mock` route: JSON in and out. */
export interface AdminRoute extends RouteDoc {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /**
   * The query parameters it accepts, by name, with their schema. Any other query parameter is refused with
   * 400 parameter_unknown before the handler runs (typos never pass silently).
   */
  query?: Record<string, JsonSchema & { description: string }>;
  /** The JSON body it accepts (the handler validates it; the document shows it). */
  body?: JsonSchema;
  /** The JSON answer's schema. */
  response: JsonSchema;
  /** An example answer; checked against `response` by a test. */
  example: unknown;
  /** An example body, for routes with one; checked against `body` by a test. */
  exampleBody?: unknown;
  /** Open without the admin token (only the health check). */
  open?: boolean;
  handler: (call: AdminCall) => unknown;
}
