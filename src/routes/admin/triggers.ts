import { ApiError } from '../../errors/api-error';
import { ADMIN_SHAPES } from '../../schemas/admin';
import { redeliver } from '../../triggers/redeliver';
import { runFlow } from '../../triggers/run-flow';
import { trigger, TriggerOptions } from '../../triggers/trigger';
import { onlyKeys, optionalBoolean, optionalString } from '../shared/admin-input';
import type { AdminRoute } from '../route-types';

const PAYMENT = { id: 'pay_3MtwBwLkdIwHu7ix28a3tqPa', object: 'payment', amount: 5000, currency: 'usd', status: 'requires_payment_method', livemode: false };
const EVENT = { id: 'evt_1Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk', object: 'event', type: 'payment.payment_failed', workspace: 'ws_acme' };
const STEP = {
  index: 0,
  name: 'payment',
  kind: 'request',
  request: { method: 'POST', path: '/v1/payments' },
  status: 200,
  request_id: 'req_8kq2LmN4pR6sT8vW0xY2zA4b',
  summary: null,
};
const DELIVERY_EXAMPLE = {
  id: 'whd_7Hq2nUyV7pBz0cR3tL9mKw1E',
  object: 'webhook_delivery',
  workspace: 'ws_acme',
  livemode: false,
  endpoint: 'we_3fK9aQ2LmN8pR4sT0vW6xY1z',
  url: 'http://localhost:3000/webhooks',
  event: EVENT.id,
  event_type: EVENT.type,
  status: 'succeeded',
  attempts: [{ n: 1, at: 1767225600, duration_ms: 3.2, response_status: 200, error: null, response_body: 'ok' }],
  next_attempt_at: null,
  created: 1767225600,
};

/** Triggers, flows and redelivery (contract section 19): admin doors to the same API a client uses. */
export const TRIGGER_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'POST',
    path: '/_mock/trigger',
    operationId: 'adminTrigger',
    summary: 'Make an event happen',
    description:
      'Makes the objects whose state change emits `event`, with the API requests a client would make (through the same pipeline: keys, ' +
      'validation, idempotency, events, webhook deliveries), in a workspace (default: the first) and mode. `overrides` set parameters of ' +
      "the main request and are validated by the API: a refused one is the API's own error (400 naming the parameter). Every type in " +
      "`GET /_mock/events`'s `types` can be triggered; an unknown one is 400 `parameter_invalid` listing them.",
    body: ADMIN_SHAPES.trigger,
    exampleBody: { event: 'payment.payment_failed', overrides: { amount: 5000, 'metadata[order]': '42' } },
    response: ADMIN_SHAPES.triggerResult,
    example: { object: 'trigger', type: EVENT.type, workspace: 'ws_acme', livemode: false, objects: [PAYMENT], events: [EVENT], steps: [STEP] },
    handler: ({ ctx, body, dispatch }) => {
      onlyKeys(body, ['event', 'workspace', 'livemode', 'overrides']);
      const workspace = optionalString(body, 'workspace');
      const livemode = optionalBoolean(body, 'livemode');
      if (body.event === undefined)
        throw new ApiError(
          'parameter_missing',
          'Missing required param: event (an event type such as payment.succeeded; GET /_mock/events lists them in types).',
          {
            param: 'event',
          },
        );
      return trigger(ctx, dispatch, body.event as string, {
        ...(workspace !== undefined ? { workspace } : {}),
        ...(livemode !== undefined ? { livemode } : {}),
        ...(body.overrides !== undefined ? { overrides: body.overrides as TriggerOptions['overrides'] } : {}),
      });
    },
  },
  {
    method: 'POST',
    path: '/_mock/flows',
    operationId: 'adminRunFlow',
    summary: 'Run a flow',
    description:
      'Runs a flow document: API steps (`method`, `path`, `params`, `key`, `idempotency_key`, `expect_error`) whose strings may reference ' +
      'earlier answers (`${pay:id}`, `${pay:data.0.id}`) and `env` values (`${env:ORDER_ID}`), and control steps `{ "advance": "25h" }`, ' +
      '`{ "scenario": "decline" }`, `{ "flush_webhooks": true }`. The document is validated first: 400 `flow_invalid` lists every problem ' +
      'by JSON pointer and nothing runs. A step that fails, or succeeds where `expect_error` says it must fail, stops the flow: 422 ' +
      "`flow_step_failed` / `flow_expectation_failed` naming the step, its request, the API's answer and the answers so far.",
    extraStatuses: [422],
    body: ADMIN_SHAPES.flow,
    exampleBody: {
      steps: [
        { name: 'pay', method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd' } },
        { advance: '25h' },
        { name: 'refund', method: 'POST', path: '/v1/payments/${pay:id}/refund' },
      ],
    },
    response: ADMIN_SHAPES.flowResult,
    example: { object: 'flow_run', workspace: 'ws_acme', livemode: false, answers: { pay: PAYMENT }, steps: [STEP], events: [EVENT] },
    // Over HTTP only the document's own `env` resolves: the server's environment is not the caller's to read.
    handler: ({ ctx, body, dispatch }) => runFlow(ctx, dispatch, body, {}),
  },
  {
    method: 'POST',
    path: '/_mock/events/:id/deliver',
    operationId: 'adminDeliverEvent',
    summary: 'Deliver an event again',
    description:
      'A new delivery of an event that is still in the 30-day window to an endpoint of the same workspace and mode, signed now, attempted ' +
      'at once (and retried on the usual schedule if it fails); answers the delivery once the first attempt is made. An event outside the ' +
      'window or an endpoint of another workspace or mode: 404 `resource_missing`.',
    body: ADMIN_SHAPES.deliverEvent,
    exampleBody: { endpoint: 'we_3fK9aQ2LmN8pR4sT0vW6xY1z' },
    response: { $ref: '#/components/schemas/WebhookDelivery' },
    example: DELIVERY_EXAMPLE,
    handler: ({ ctx, body, path }) => {
      onlyKeys(body, ['endpoint']);
      return redeliver(ctx, path.id as string, body.endpoint);
    },
  },
];
