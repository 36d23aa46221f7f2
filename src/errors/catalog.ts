/**
 * Every error the mock can answer with, in one place. The served `/docs/errors` page and the README's error
 * table are generated from (and tested against) this catalog, so they cannot drift apart.
 */
export type ErrorType =
  'authentication_error' | 'permission_error' | 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'rate_limit_error' | 'api_error';

export interface ErrorSpec {
  status: number;
  type: ErrorType;
  /** What the code means, for the docs page. */
  meaning: string;
  /** How a client fixes it, for the docs page. */
  fix: string;
  /**
   * Answers as the mock gives them, for the docs page, docs/errors.md and the OpenAPI document (a test provokes each
   * and compares): where a code's message says more than its meaning, such as the near misses it names.
   */
  examples?: ReadonlyArray<{ title: string; request: string; error: Record<string, unknown> }>;
}

export const ERROR_CATALOG = {
  missing_api_key: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The request carried no API key.',
    fix: 'Send `Authorization: Bearer <key>` (or `curl -u <key>:`). `GET /_mock/keys` lists the keys.',
  },
  invalid_api_key: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The API key is not one this server knows.',
    fix: 'Use a key from the start-up banner or `GET /_mock/keys`; keys made at run time vanish on reset.',
  },
  api_key_expired: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The key was rotated and its grace period is over.',
    fix: 'Use the key that the rotation returned.',
  },
  secret_key_required: {
    status: 403,
    type: 'permission_error',
    meaning: 'A publishable key may only tokenise cards, confirm a payment and read that payment with its client_secret.',
    fix: 'Call this endpoint from your server with a secret key.',
  },
  insufficient_permissions: {
    status: 403,
    type: 'permission_error',
    meaning: 'The restricted key lacks the permission this request needs.',
    fix: 'Use a key with the named permission, or a secret key.',
  },
  parameter_missing: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A required parameter was not sent.',
    fix: 'Send the named parameter.',
  },
  parameter_unknown: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A parameter the endpoint does not accept was sent (often a typo).',
    fix: 'Remove or correct the named parameter.',
  },
  parameter_invalid_integer: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A parameter that must be an integer was not one, or was out of range.',
    fix: 'Send a whole number (a JSON number, or digits in a form body or query string) within the stated range.',
  },
  parameter_invalid_empty: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A parameter was sent with an empty value.',
    fix: 'Send a value, or leave the parameter out.',
  },
  parameter_invalid: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A parameter has the wrong type, format or length.',
    fix: 'Correct the named parameter as the message says.',
  },
  amount_too_small: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The amount is below the minimum.',
    fix: 'Send an amount of at least 1 (smallest currency unit).',
  },
  amount_too_large: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The amount is above the maximum, or a refund is larger than what is left to refund.',
    fix: 'Send a smaller amount; for refunds, at most the payment amount minus amount_refunded.',
  },
  charge_already_refunded: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The payment has been refunded in full already.',
    fix: 'Nothing is left to refund.',
  },
  payment_intent_unexpected_state: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The payment is not in a state that allows this operation.',
    fix: 'Check the payment status first: confirm needs requires_confirmation, requires_payment_method or requires_action; refund needs succeeded.',
  },
  webhook_endpoint_limit: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The account already has 16 webhook endpoints in this mode, the most it may have.',
    fix: 'Delete an endpoint you no longer need (`DELETE /v1/webhook_endpoints/{id}`), or reuse one.',
  },
  resource_missing: {
    status: 404,
    type: 'invalid_request_error',
    meaning: 'No such object in this account and mode (test or live).',
    fix: 'Check the id, and that the key belongs to the same workspace and mode as the object.',
    examples: [
      {
        title: 'An object of the other mode of the same workspace',
        request: 'GET /v1/payments/pay_4RbQ9s2LmXc7Vt1NzK8wYhDp with a test key, for a payment made with a live key',
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such payment: 'pay_4RbQ9s2LmXc7Vt1NzK8wYhDp'; a similar object exists in live mode, but a test mode key was used to make this request.",
          param: 'id',
          doc_url: 'http://127.0.0.1:4010/docs/errors#resource_missing',
        },
      },
    ],
  },
  url_invalid: {
    status: 404,
    type: 'invalid_request_error',
    meaning: 'No endpoint has this path.',
    fix: 'Check the path against `GET /openapi.json`; the message and `suggestions` name the closest routes.',
    examples: [
      {
        title: 'A path close to a route',
        request: 'GET /v1/payment',
        error: {
          type: 'invalid_request_error',
          code: 'url_invalid',
          message: 'Unrecognized request URL (GET /v1/payment). Did you mean GET /v1/payments or GET /v1/payments/{id}?',
          suggestions: ['GET /v1/payments', 'GET /v1/payments/{id}'],
          doc_url: 'http://127.0.0.1:4010/docs/errors#url_invalid',
        },
      },
    ],
  },
  version_invalid: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The Service-Version header is malformed or names no known version.',
    fix: 'Send one of the versions listed by `GET /_mock/versions`, or leave the header out.',
  },
  idempotency_key_mismatch: {
    status: 400,
    type: 'idempotency_error',
    meaning: 'The Idempotency-Key was used before with another path or other parameters.',
    fix: 'Use a fresh key for a different request.',
  },
  idempotency_key_in_use: {
    status: 409,
    type: 'idempotency_error',
    meaning: 'A request with this Idempotency-Key is still being processed.',
    fix: 'Wait for the first request to finish, then retry.',
  },
  request_too_large: {
    status: 413,
    type: 'invalid_request_error',
    meaning: 'The request body is larger than 1 MiB.',
    fix: 'Send a smaller body.',
  },
  body_invalid: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The body could not be parsed as JSON or as a form.',
    fix: 'Send valid JSON with `Content-Type: application/json`, or a form body with `application/x-www-form-urlencoded`.',
  },
  request_timeout: {
    status: 408,
    type: 'invalid_request_error',
    meaning: 'The request (headers and body) was not received within 30 seconds.',
    fix: 'Send the whole request at once; check for a client or proxy that stalls while uploading.',
  },
  request_header_too_large: {
    status: 431,
    type: 'invalid_request_error',
    meaning: 'The request headers are larger than the server accepts (16 KiB).',
    fix: 'Send smaller headers (cookies, long custom headers).',
  },
  request_malformed: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'The request is not valid HTTP/1.1 (bad request line or headers).',
    fix: 'Send a well-formed HTTP request; check the client or proxy in between.',
  },
  content_type_unsupported: {
    status: 415,
    type: 'invalid_request_error',
    meaning: 'The body is neither a form nor JSON.',
    fix: 'Use `Content-Type: application/x-www-form-urlencoded` or `application/json`.',
  },
  method_not_allowed: {
    status: 405,
    type: 'invalid_request_error',
    meaning: 'The path exists but not with this HTTP method.',
    fix: 'Use a method from the Allow header.',
  },
  card_declined: {
    status: 402,
    type: 'card_error',
    meaning: 'The card was declined; `decline_code` says why.',
    fix: 'Ask the customer for another payment method.',
  },
  expired_card: {
    status: 402,
    type: 'card_error',
    meaning: 'The card has expired.',
    fix: 'Ask the customer for another card.',
  },
  rate_limit: {
    status: 429,
    type: 'rate_limit_error',
    meaning: 'Too many requests for this key in one second.',
    fix: 'Wait for Retry-After seconds, then retry.',
  },
  api_error: {
    status: 500,
    type: 'api_error',
    meaning: 'The server failed (in the mock: an injected fault).',
    fix: 'Retry with the same Idempotency-Key: if the first attempt executed, the retry returns its result.',
  },
  service_unavailable: {
    status: 503,
    type: 'api_error',
    meaning: 'The service is unavailable (the `outage` scenario).',
    fix: 'Retry later.',
  },
  memory_budget_exceeded: {
    status: 503,
    type: 'api_error',
    meaning:
      'The mock holds as much as its memory budget (`--max-memory`) allows, so a request that would store something new is refused. Reads, deletes, resets, exports and the admin API still work.',
    fix: 'Reset a workspace (`POST /_mock/workspaces/{id}/reset` or `POST /_mock/reset`), delete one, or keep the store with `--state` and restart with a larger `--max-memory`. `GET /_mock/memory` shows what each workspace holds.',
  },
  state_save_failed: {
    status: 500,
    type: 'api_error',
    meaning:
      'The store could not be written to the `--state` file: the file system refused it (a read-only or removed folder, no space, no permission). The previous file is whole, and the store is still in memory.',
    fix: 'Make the folder writable (or free space), then `POST /_mock/state/save` again; or export with `GET /_mock/state` and restart with another `--state` path.',
  },
  flow_invalid: {
    status: 400,
    type: 'invalid_request_error',
    meaning: 'A flow document is not valid: each problem is named by its JSON pointer in `problems`, and nothing ran.',
    fix: 'Correct the parts the pointers name; a reference `${name:path}` must name a step that comes earlier.',
  },
  flow_step_failed: {
    status: 422,
    type: 'invalid_request_error',
    meaning: 'A step of a flow failed: the flow stopped there. The error names the step, its request and what the API answered (`response`).',
    fix: "Fix the step (or the state it runs in), or add `expect_error` if the failure is the point; `answers` holds the earlier steps' answers.",
  },
  flow_expectation_failed: {
    status: 422,
    type: 'invalid_request_error',
    meaning: 'A flow step with `expect_error` succeeded, or failed with another status or code: the flow stopped there.',
    fix: 'Check what the step really answered (`response`), then correct the step or its `expect_error`.',
  },
  admin_unauthorized: {
    status: 401,
    type: 'authentication_error',
    meaning: 'The admin API is protected by --admin-token and the request did not carry it.',
    fix: 'Send `Authorization: Bearer <admin token>` to /_mock endpoints.',
  },
  host_not_allowed: {
    status: 403,
    type: 'permission_error',
    meaning:
      'The admin API and the dashboard answer only to the listening address, localhost, 127.0.0.1, [::1] and the names given to `--allowed-hosts` (a defence against DNS rebinding).',
    fix: "Open the mock by the address its banner prints (`http://127.0.0.1:4010/_mock/dashboard`), or, for a name of your own such as a container's service name, start it with `--allowed-hosts <name>`.",
  },
  origin_not_allowed: {
    status: 403,
    type: 'permission_error',
    meaning: 'A write to /_mock came from a web page on another origin; nothing was changed.',
    fix: 'Call the admin API from curl, a script or a test (no `Origin` header), or from the dashboard the mock serves.',
  },
} satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_CATALOG, value);
}
