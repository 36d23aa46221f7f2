import type { AdminToolRow } from '../tool-types';

/** Making things happen the way a client would: trigger an event, run a flow, deliver an event again. */
export const TRIGGER_TOOLS: AdminToolRow[] = [
  {
    name: 'trigger',
    title: 'Make an event happen',
    description:
      'Makes an event of the given type happen the way a client would: the API requests whose state change emits it run through the ' +
      'same pipeline as a client (keys, validation, idempotency), so the objects, the events and the webhook deliveries to registered ' +
      'endpoints are real. Use it to see exactly what a webhook handler receives for a type, without scripting the calls. `overrides` ' +
      'set request parameters of the main request (amount, currency, metadata[order], description…) and are validated like the API: a ' +
      'refused one is the API error naming the parameter. Every type the mock emits works (customer.created, payment.succeeded, ' +
      'payment.payment_failed, refund.created, payment.refunded, payment_method.created, …).',
    example: { event: 'payment.payment_failed', overrides: { amount: 5000, metadata: { order: '42' } } },
    calls: [{ operation: 'adminTrigger' }],
    inputNotes: {
      event: 'An event type, such as payment.payment_failed.',
      workspace: 'A workspace id (ws_…); left out, the first workspace.',
      livemode: 'true for the live mode (default test).',
      overrides: 'Request parameters, nested as in a JSON body or by their bracket name: { "amount": 5000, "metadata": { "order": "42" } }.',
    },
  },
  {
    name: 'run_flow',
    title: 'Run a scripted flow of API calls',
    description:
      'Runs a flow: a list of steps against one workspace, each an API call ({ name?, method, path, params?, key?, idempotency_key?, ' +
      'expect_error? }) or a control step ({ advance: "25h" }, { scenario: "decline" }, { flush_webhooks: true }). Strings may refer to ' +
      'earlier named answers (${pay:id}, ${pay:data.0.id}) and to `env` (${env:ORDER_ID}). The whole document is checked first (every ' +
      'problem with its JSON pointer); a step that fails, or does not fail when expect_error says it should, stops the flow naming the ' +
      'step, its request and the API error. Use it to set up a multi-step situation (refund after 25 h, a decline then another card) ' +
      'in one call. Answers every named answer.',
    example: {
      steps: [
        { name: 'pay', method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd' } },
        { advance: '25h' },
        { name: 'refund', method: 'POST', path: '/v1/payments/${pay:id}/refund' },
      ],
    },
    calls: [{ operation: 'adminRunFlow' }],
    inputNotes: {
      steps: 'The steps, in order (1 to 200).',
      workspace: 'A workspace id (ws_…); left out, the first workspace.',
      livemode: 'true for the live mode (default test).',
      env: 'Values for ${env:NAME} references: { "ORDER_ID": "42" }.',
    },
  },
  {
    name: 'deliver_event',
    title: 'Deliver an event to an endpoint again',
    description:
      'Sends an event (still in its 30-day window) to a webhook endpoint of the same workspace and mode again, as a new delivery signed ' +
      'now, and answers that delivery once its first attempt is made. Use it to replay what a handler failed on after fixing it, or to ' +
      'send an event to an endpoint registered after it happened. Event ids come from request answers or list_deliveries; endpoint ids ' +
      'from list_webhook_endpoints.',
    example: { id: 'evt_1Xk9uQmT2cV8bN4rJ6wH0pLs', endpoint: 'we_5Gd3sRkP8wZ1yN6vB2mQ7tLc' },
    calls: [{ operation: 'adminDeliverEvent' }],
    inputNotes: { id: 'The event id (evt_…).', endpoint: 'The webhook endpoint id (we_…), of the same workspace and mode.' },
  },
];
