import type { AdminToolRow } from '../tool-types';

/** The integration review: what the integration gets wrong, from the journal, and probes of a webhook handler. */
export const REVIEW_TOOLS: AdminToolRow[] = [
  {
    name: 'review_integration',
    title: 'Review the integration',
    description:
      'Reviews what the sandbox saw (the request journal and the webhook delivery log) and lists what the integration gets wrong, ' +
      'worst first: payments or refunds created without an Idempotency-Key, a retried create that made a second object (a double ' +
      'charge), retries sooner than Retry-After or without backoff, a secret key sent from a browser, a declined card retried, ' +
      'polling one payment, no pinned Service-Version, webhook endpoints that fail, time out or answer slowly. Each finding has a ' +
      'rule id, severity (critical, warning, info), message, evidence (request ids for list_requests, delivery ids for ' +
      'list_deliveries) and doc_url, the page with the fix. Use it after running the code under test, then fix the critical ' +
      'findings first.',
    example: { workspace: 'ws_acme' },
    calls: [{ operation: 'adminReview' }],
  },
  {
    name: 'probe_webhook_endpoint',
    title: "Probe a webhook endpoint's handler",
    description:
      "Checks a webhook handler's verification: makes a payment and a refund in the endpoint's workspace, then sends the handler " +
      'deliveries it must refuse (no signature, signed with another secret, body changed after signing, timestamp 10 minutes old ' +
      'or ahead) and ones it must accept (valid, the same event again, a refund event before its payment event), and judges each ' +
      'answer: a forged, altered or replayed delivery answered 2xx is critical (anyone can forge events to it). Probes are not ' +
      'deliveries: nothing in the delivery log, never retried. Use it after writing or changing a webhook handler.',
    example: { endpoint: 'we_3fK9aQ2LmN8pR4sT0vW6xY1z' },
    calls: [{ operation: 'adminProbeWebhookEndpoint', pathFrom: { id: 'endpoint' } }],
    inputNotes: { endpoint: 'The webhook endpoint id (we_…) from list_webhook_endpoints.' },
  },
  {
    name: 'set_review_rules',
    title: 'Switch review rules off for a workspace',
    description:
      'Replaces the list of review rules switched off for a workspace ([] turns every rule on): review_integration leaves their ' +
      'findings out and lists them under rules_off. Use it when a rule does not apply to what a workspace tests (for example ' +
      'payment_polling in a test of a status page).',
    example: { workspace: 'ws_acme', rules_off: ['payment_polling'] },
    calls: [{ operation: 'adminSetReviewSettings', pathFrom: { id: 'workspace' } }],
    inputNotes: { workspace: 'The workspace id (ws_…).' },
  },
];
