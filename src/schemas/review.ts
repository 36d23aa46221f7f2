/**
 * The shapes of the integration review's admin answers (`GET /_mock/review`, the review settings of a workspace,
 * `POST /_mock/webhooks/endpoints/{id}/probe`): the OpenAPI document and the MCP tools describe them from here.
 */
import { closed, integer as int, string as str } from './admin-fields';

const strings = { type: 'array', items: str };
const severity = { enum: ['critical', 'warning', 'info'] };
const verdict = { enum: ['pass', 'warning', 'fail', 'critical'] };
const finding = closed({
  rule: { ...str, description: 'The rule id; /docs/review#<rule> explains it.' },
  severity,
  workspace: { type: ['string', 'null'] },
  message: str,
  evidence: closed({
    requests: { ...strings, description: 'Request-Ids (req_…), as GET /_mock/requests shows them.' },
    deliveries: { ...strings, description: 'Delivery ids (whd_…).' },
  }),
  count: { ...int, description: 'How many times it happened (evidence lists at most 20 ids of each kind).' },
  doc_url: { ...str, description: 'The page that explains the fix.' },
});

const counts = closed({ critical: int, warning: int, info: int });

export const REVIEW_SHAPES = {
  review: closed({
    object: { const: 'review' },
    workspace: { type: ['string', 'null'] },
    since: { type: ['string', 'null'] },
    coverage: closed({
      requests: { ...int, description: 'The requests reviewed (the sandbox’s own, from triggers, flows and probes, are left out).' },
      deliveries: int,
      recorded: { ...int, description: 'Requests recorded since the journal was last cleared.' },
      journal_capacity: int,
      complete: { type: 'boolean', description: 'False when the journal dropped older requests (it keeps the last --journal N).' },
      note: { type: ['string', 'null'] },
    }),
    rules_off: { type: 'array', items: closed({ workspace: str, rules: strings }) },
    counts,
    findings: { type: 'array', items: finding },
  }),
  settings: closed({
    object: { const: 'review_settings' },
    workspace: str,
    rules_off: strings,
    rules: strings,
  }),
  settingsBody: closed({ rules_off: { ...strings, description: 'The rule ids to switch off for this workspace ([] turns every rule on).' } }),
  probe: closed({
    object: { const: 'webhook_probe' },
    endpoint: str,
    url: str,
    workspace: str,
    livemode: { type: 'boolean' },
    objects: closed({ payment: str, refund: str }),
    verdict,
    counts: closed({ pass: int, warning: int, fail: int, critical: int }),
    probes: {
      type: 'array',
      items: closed({
        id: str,
        title: str,
        expect: { enum: ['refuse', 'accept'] },
        sent: closed({
          event: str,
          event_type: str,
          timestamp: { type: ['integer', 'null'] },
          headers: { type: 'object', additionalProperties: str },
          body: { ...str, description: 'The first 300 characters of the body sent.' },
        }),
        answer: closed({
          status: { type: ['integer', 'null'] },
          error: { type: ['string', 'null'] },
          duration_ms: { type: 'number' },
          body: { type: ['string', 'null'], description: 'The first 300 characters of the answer.' },
        }),
        verdict,
        why: str,
      }),
    },
  }),
} satisfies Record<string, object>;
