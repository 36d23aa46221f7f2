import { PROBE_SLOW_MS, ProbeCase } from './probe-cases';
import type { ProbeVerdict } from './probe-types';

export type { ProbeVerdict } from './probe-types';

/** What came back from the handler (a webhook send's result). */
export interface ProbeAnswer {
  status: number | null;
  error: string | null;
  durationMs: number;
}

const RANK: Record<ProbeVerdict, number> = { pass: 0, warning: 1, fail: 2, critical: 3 };

/** The worst of some verdicts (`pass` for none). @example worstVerdict(['pass', 'critical']) // 'critical' */
export function worstVerdict(verdicts: ProbeVerdict[]): ProbeVerdict {
  return verdicts.reduce<ProbeVerdict>((worst, v) => (RANK[v] > RANK[worst] ? v : worst), 'pass');
}

/**
 * Judges one answer: a delivery that must be refused passes on any non-2xx answer (a 2xx is the case's `wrong`
 * verdict, critical where it means forged events get in); one that must be accepted passes on a 2xx. No answer
 * within the delivery timeout fails whatever was expected (a real delivery would fail too); a pass slower than
 * a few seconds is a warning.
 * @example judgeProbe(PROBE_CASES.no_signature, { status: 200, error: null, body: 'ok', durationMs: 3 }, 10000).verdict // 'critical'
 */
export function judgeProbe(probe: ProbeCase, result: ProbeAnswer, timeoutMs: number): { verdict: ProbeVerdict; why: string } {
  const ms = Math.round(result.durationMs);
  if (result.error === 'timeout')
    return { verdict: 'fail', why: `No answer within ${timeoutMs / 1000} s (the delivery timeout): a real delivery would fail and be retried.` };
  if (result.status === null) return { verdict: 'fail', why: `No answer (${result.error ?? 'no status'}): is the handler listening at this URL?` };
  const accepted = result.status >= 200 && result.status < 300 && result.error === null;
  const answer = `Answered ${result.status} in ${ms} ms`;
  if (probe.expect === 'refuse' && accepted) return { verdict: probe.wrong, why: `${answer}, but it must refuse this delivery. ${probe.meaning}` };
  if (probe.expect === 'accept' && !accepted) return { verdict: probe.wrong, why: `${answer}, but it must accept this delivery. ${probe.meaning}` };
  if (ms > PROBE_SLOW_MS)
    return {
      verdict: 'warning',
      why: `${answer}: right, but slow. Over ${PROBE_SLOW_MS / 1000} s is close to the ${timeoutMs / 1000} s timeout; answer first, then do the work.`,
    };
  return { verdict: 'pass', why: `${answer}: ${probe.expect === 'refuse' ? 'refused, as it must be' : 'accepted, as it must be'}.` };
}
