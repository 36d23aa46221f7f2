import type { RuleId, Severity } from './rules';

/** What the review found: one rule broken, with the requests and deliveries that show it. */
export interface Finding {
  rule: RuleId;
  severity: Severity;
  /** The workspace whose requests or deliveries show it; null for requests whose key the mock did not know. */
  workspace: string | null;
  message: string;
  evidence: { requests: string[]; deliveries: string[] };
  /** How many times it happened (the evidence lists at most {@link MAX_EVIDENCE} ids of each kind). */
  count: number;
  /** The page that explains the fix: `<mock>/docs/review#<rule>`. */
  doc_url: string;
}

/** A finding before the review adds its severity and page. */
export type RawFinding = Omit<Finding, 'severity' | 'doc_url'>;

/** The most ids of each kind a finding lists. */
const MAX_EVIDENCE = 20;

/** A finding from the ids that show it (at most {@link MAX_EVIDENCE} of each kind are kept). */
export function finding(rule: RuleId, workspace: string | null, message: string, count: number, requests: string[], deliveries: string[] = []): RawFinding {
  return { rule, workspace, message, count, evidence: { requests: requests.slice(0, MAX_EVIDENCE), deliveries: deliveries.slice(0, MAX_EVIDENCE) } };
}

export interface ReviewOptions {
  /** Only this workspace's requests and deliveries. */
  workspace?: string;
  /** From this Request-Id on, or from this Unix time (mock clock) on. */
  since?: string;
}

/** What the review saw and found (`GET /_mock/review`). */
export interface ReviewReport {
  object: 'review';
  workspace: string | null;
  since: string | null;
  /** How much of the session the review could see: the journal keeps only the last `journal_capacity` requests. */
  coverage: { requests: number; deliveries: number; recorded: number; journal_capacity: number; complete: boolean; note: string | null };
  /** The rules a workspace switched off: their findings are not listed. */
  rules_off: Array<{ workspace: string; rules: RuleId[] }>;
  counts: Record<Severity, number>;
  /** The worst first. */
  findings: Finding[];
}
