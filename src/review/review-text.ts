import { SEVERITY_RANK, Severity } from './rules';
import type { Finding, ReviewReport } from './review-types';

/** The findings at or above a severity. @example findingsAtOrAbove(report, 'warning') */
export function findingsAtOrAbove(report: Pick<ReviewReport, 'findings'>, severity: Severity): Finding[] {
  return report.findings.filter((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK[severity]);
}

/** A finding in a few lines for people: severity, rule, message, evidence, the page with the fix. */
export function findingText(f: Finding): string {
  const ids = [...f.evidence.requests, ...f.evidence.deliveries];
  return [
    `${f.severity.toUpperCase()} ${f.rule}${f.workspace ? ` (${f.workspace})` : ''}${f.count > 1 ? ` ×${f.count}` : ''}`,
    `  ${f.message}`,
    ...(ids.length ? [`  evidence: ${ids.slice(0, 6).join(', ')}${ids.length > 6 ? `, … (${ids.length})` : ''}`] : []),
    `  fix: ${f.doc_url}`,
  ].join('\n');
}

/** The coverage and switched-off rules of a report, in a line each (empty when there is nothing to say). */
export function reviewNotes(report: ReviewReport): string[] {
  return [...(report.coverage.note ? [report.coverage.note] : []), ...report.rules_off.map((o) => `rules off in ${o.workspace}: ${o.rules.join(', ')}`)];
}

/**
 * Throws an Error listing the findings at or above `failOn` (default critical), each with its evidence and fix
 * page: the one line a test needs to fail readably on what its integration got wrong.
 * @example assertReviewClean(mock.review(), 'warning')
 */
export function assertReviewClean(report: ReviewReport, failOn: Severity = 'critical'): void {
  const found = findingsAtOrAbove(report, failOn);
  if (found.length === 0) return;
  throw new Error(
    [
      `payments-mock review: ${found.length} finding${found.length === 1 ? '' : 's'} at or above ${failOn}:`,
      ...found.map(findingText),
      ...reviewNotes(report),
    ].join('\n'),
  );
}
