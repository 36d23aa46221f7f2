import { ApiError } from '../../errors/api-error';
import { probeWebhook } from '../../review/probe-webhook';
import { reviewJournal } from '../../review/review-journal';
import { reviewSettings, setRulesOff } from '../../review/rules-off';
import { REVIEW_SHAPES } from '../../schemas/review';
import { onlyKeys } from '../shared/admin-input';
import type { AdminRoute } from '../route-types';

const FINDING = {
  rule: 'idempotency_key_missing',
  severity: 'warning',
  workspace: 'ws_acme',
  message: '2 payments and 0 refunds were created without an Idempotency-Key: a retry after a dropped connection would make a second one.',
  evidence: { requests: ['req_8kq2LmN4pR6sT8vW0xY2zA4b', 'req_9Lr3MnO5qS7tU9wX1yZ3aB5c'], deliveries: [] },
  count: 2,
  doc_url: 'http://127.0.0.1:4010/docs/review#idempotency_key_missing',
};
const PROBE = {
  id: 'no_signature',
  title: 'A delivery with no signature headers',
  expect: 'refuse',
  sent: {
    event: 'evt_1Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk',
    event_type: 'payment.succeeded',
    timestamp: null,
    headers: { 'Content-Type': 'application/json', 'Service-Probe': 'no_signature' },
    body: '{"id":"evt_1Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk","object":"event","type":"payment.succeeded",…',
  },
  answer: { status: 400, error: null, duration_ms: 2.1, body: 'No signatures found' },
  verdict: 'pass',
  why: 'Answered 400 in 2 ms: refused, as it must be.',
};

/** The integration review (contract section 27): the journal review, its per-workspace rules, webhook handler probes. */
export const REVIEW_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/review',
    operationId: 'adminReview',
    summary: 'Review the integration',
    description:
      'Findings from what the sandbox saw (the request journal and the delivery log), worst first: each with its rule id, severity ' +
      '(critical, warning, info), message, evidence (request and delivery ids), count and the page that explains the fix ' +
      '(`/docs/review#<rule>`). The sandbox’s own requests (triggers, flows, probes) are left out. `coverage` says when the journal ' +
      'kept only the last `--journal` requests; `rules_off` lists the rules a workspace switched off.',
    query: {
      workspace: { type: 'string', description: 'Only this workspace (ws_…).' },
      since: { type: 'string', description: 'From this Request-Id on, or from this Unix time (mock clock) on.' },
    },
    response: REVIEW_SHAPES.review,
    example: {
      object: 'review',
      workspace: 'ws_acme',
      since: null,
      coverage: { requests: 12, deliveries: 3, recorded: 12, journal_capacity: 1000, complete: true, note: null },
      rules_off: [],
      counts: { critical: 0, warning: 1, info: 0 },
      findings: [FINDING],
    },
    handler: ({ ctx, query }) =>
      reviewJournal(
        ctx,
        {
          ...(query.get('workspace') !== null ? { workspace: query.get('workspace') as string } : {}),
          ...(query.get('since') !== null ? { since: query.get('since') as string } : {}),
        },
        ctx.baseUrl ?? '',
      ),
  },
  {
    method: 'GET',
    path: '/_mock/workspaces/:id/review',
    operationId: 'adminGetReviewSettings',
    summary: "A workspace's review rules",
    description: 'The review rules this workspace switched off, and every rule id.',
    response: REVIEW_SHAPES.settings,
    example: { object: 'review_settings', workspace: 'ws_acme', rules_off: ['payment_polling'], rules: ['duplicate_object', 'payment_polling'] },
    handler: ({ ctx, path }) => reviewSettings(ctx, path.id as string),
  },
  {
    method: 'PUT',
    path: '/_mock/workspaces/:id/review',
    operationId: 'adminSetReviewSettings',
    summary: 'Switch review rules off for a workspace',
    description:
      'Replaces the list of rules switched off for this workspace (`[]` turns every rule on). Their findings are left out of its review, which lists them under `rules_off`. An unknown rule id is 400 `parameter_invalid` naming the rules.',
    body: REVIEW_SHAPES.settingsBody,
    exampleBody: { rules_off: ['payment_polling'] },
    response: REVIEW_SHAPES.settings,
    example: { object: 'review_settings', workspace: 'ws_acme', rules_off: ['payment_polling'], rules: ['duplicate_object', 'payment_polling'] },
    handler: ({ ctx, path, body }) => {
      onlyKeys(body, ['rules_off']);
      if (body.rules_off === undefined)
        throw new ApiError('parameter_missing', 'Missing required param: rules_off (a list of rule ids, such as ["payment_polling"]).', { param: 'rules_off' });
      return setRulesOff(ctx, path.id as string, body.rules_off);
    },
  },
  {
    method: 'POST',
    path: '/_mock/webhooks/endpoints/:id/probe',
    operationId: 'adminProbeWebhookEndpoint',
    summary: "Probe a webhook endpoint's handler",
    description:
      'Makes a payment and refunds it in the endpoint’s workspace and mode (through the API, so the handler can fetch them; their events ' +
      'are not delivered), then sends the handler, one after another: deliveries it must refuse (no signature, another secret, a body ' +
      'changed after signing, a timestamp 10 minutes old, one 10 minutes ahead) and ones it must accept (a refund’s event before its ' +
      'payment’s, a valid delivery, the same delivery again). Each answer is judged: a forged, altered or replayed delivery answered 2xx ' +
      'is `critical`; a wrong answer otherwise, or none within the delivery timeout, `fail`; slower than 3 s, `warning`. Probes carry ' +
      '`Service-Probe: <probe id>`; they are not deliveries (not in the delivery log, never retried) and never change the endpoint.',
    response: REVIEW_SHAPES.probe,
    example: {
      object: 'webhook_probe',
      endpoint: 'we_3fK9aQ2LmN8pR4sT0vW6xY1z',
      url: 'http://localhost:3000/webhooks',
      workspace: 'ws_acme',
      livemode: false,
      objects: { payment: 'pay_3MtwBwLkdIwHu7ix28a3tqPa', refund: 're_1Nv0FGQ9RKHgCVdK2f1Q9Jjm' },
      verdict: 'pass',
      counts: { pass: 1, warning: 0, fail: 0, critical: 0 },
      probes: [PROBE],
    },
    handler: ({ ctx, body, path, dispatch }) => {
      onlyKeys(body, []);
      return probeWebhook(ctx, dispatch, path.id as string);
    },
  },
];
