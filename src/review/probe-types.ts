import type { ProbeCaseId } from './probe-cases';

// The shapes of a probe report, apart from the code that makes it: the public API's types (mock.webhooks.probe,
// the runners' helpers) import these, so a consumer's compiler never reaches the Node-only sending code.

/** From best to worst. */
export type ProbeVerdict = 'pass' | 'warning' | 'fail' | 'critical';

/** One probe as the report shows it: what was sent, what came back, and what that means. */
export interface ProbeResult {
  id: ProbeCaseId;
  title: string;
  expect: 'refuse' | 'accept';
  sent: { event: string; event_type: string; timestamp: number | null; headers: Record<string, string>; body: string };
  answer: { status: number | null; error: string | null; duration_ms: number; body: string | null };
  verdict: ProbeVerdict;
  why: string;
}

/** The report of `POST /_mock/webhooks/endpoints/{id}/probe`. */
export interface ProbeReport {
  object: 'webhook_probe';
  endpoint: string;
  url: string;
  workspace: string;
  livemode: boolean;
  /** The objects the probe made (through the API, so the handler can fetch them): a payment and its refund. */
  objects: { payment: string; refund: string };
  verdict: ProbeVerdict;
  counts: Record<ProbeVerdict, number>;
  probes: ProbeResult[];
}
