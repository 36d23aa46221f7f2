import { Command, Option } from 'commander';
import { connectionOptions } from './connection-options';
import type { ProbeReport } from '../review/probe-types';
import type { ReviewReport } from '../review/review-types';
import { findingsAtOrAbove, findingText, reviewNotes } from '../review/review-text';
import type { Severity } from '../review/rules';
import type { Palette } from './colors';
import { getAdmin, postAdmin } from './mock-client';

interface Flags {
  url: string;
  adminToken?: string;
  json?: boolean;
}

interface Out {
  stdout: (text: string) => void;
}

const SEVERITIES = ['critical', 'warning', 'info'];

function shared(command: Command): Command {
  return connectionOptions(command).option('--json', 'print the report as JSON');
}

/**
 * `payments-mock review [--fail-on <severity>]` (`GET /_mock/review`: exit 1 when a finding is at or above the
 * severity, for CI) and `payments-mock probe-webhooks <we_…>` (`POST /_mock/webhooks/endpoints/{id}/probe`: exit 1
 * when a probe failed or is critical). `exit` sets the process's exit status.
 */
export function addReviewCommands(program: Command, io: Out, chalk: Palette, exit: (code: number) => void): void {
  shared(program.command('review').description("review a running mock's session: what the integration gets wrong, with evidence and the page with each fix"))
    .option('--workspace <id>', 'only this workspace')
    .option('--since <request id or unix time>', 'from this Request-Id (req_…) on, or from this Unix time (mock clock) on')
    .addOption(new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity').choices(SEVERITIES))
    .addHelpText(
      'after',
      '\nExamples:\n  $ payments-mock review\n  $ payments-mock review --fail-on critical          # in CI, after the test suite\n  $ payments-mock review --workspace ws_… --since req_… --json',
    )
    .action(async (flags: Flags & { workspace?: string; since?: string; failOn?: Severity }) => {
      const query = new URLSearchParams({
        ...(flags.workspace !== undefined ? { workspace: flags.workspace } : {}),
        ...(flags.since !== undefined ? { since: flags.since } : {}),
      }).toString();
      const report = await getAdmin<ReviewReport>(flags, `/_mock/review${query ? `?${query}` : ''}`);
      io.stdout(flags.json ? `${JSON.stringify(report, null, 2)}\n` : reviewScreen(report, chalk));
      if (flags.failOn !== undefined && findingsAtOrAbove(report, flags.failOn).length > 0) exit(1);
    });

  shared(
    program
      .command('probe-webhooks <endpoint-id>')
      .description(
        "probe a webhook endpoint's handler: forged, altered and replayed deliveries it must refuse, duplicates and out-of-order ones it must accept",
      ),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  $ payments-mock probe-webhooks we_3fK9aQ2LmN8pR4sT0vW6xY1z\n  $ payments-mock probe-webhooks we_… --url http://127.0.0.1:4011 --json',
    )
    .action(async (id: string, flags: Flags) => {
      const report = await postAdmin<ProbeReport>(flags, `/_mock/webhooks/endpoints/${encodeURIComponent(id)}/probe`, {});
      io.stdout(flags.json ? `${JSON.stringify(report, null, 2)}\n` : probeTable(report, chalk));
      if (report.verdict === 'fail' || report.verdict === 'critical') exit(1);
    });
}

const paint = (chalk: Palette, severity: string) =>
  severity === 'critical' ? chalk.red : severity === 'warning' || severity === 'fail' ? chalk.yellow : severity === 'pass' ? chalk.green : chalk.cyan;

/** One screen: a line of counts, then each finding with its evidence and fix page. */
function reviewScreen(report: ReviewReport, chalk: Palette): string {
  const { critical, warning, info } = report.counts;
  const head = `${chalk.bold('payments-mock review')}: ${report.coverage.requests} requests, ${report.coverage.deliveries} deliveries${report.workspace ? ` in ${report.workspace}` : ''} — ${chalk.red(`${critical} critical`)}, ${chalk.yellow(`${warning} warning`)}, ${chalk.cyan(`${info} info`)}`;
  const body = report.findings.length === 0 ? [chalk.green('✓ no finding')] : report.findings.map((f) => paint(chalk, f.severity)(findingText(f)));
  return `${[head, ...body, ...reviewNotes(report).map((n) => chalk.dim(n))].join('\n')}\n`;
}

/** A table: each probe, what was expected, the answer, the verdict; then why, for every probe that did not pass. */
function probeTable(report: ProbeReport, chalk: Palette): string {
  const rows = report.probes.map((p) => [
    p.id,
    p.expect,
    p.answer.status === null ? (p.answer.error ?? '—') : String(p.answer.status),
    `${Math.round(p.answer.duration_ms)} ms`,
    p.verdict,
  ]);
  const header = ['probe', 'must', 'answer', 'time', 'verdict'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
  const table = rows.map((r) => paint(chalk, r[4] as string)(line(r)));
  const why = report.probes.filter((p) => p.verdict !== 'pass').map((p) => paint(chalk, p.verdict)(`${p.verdict.toUpperCase()} ${p.id}: ${p.why}`));
  return `${[
    `${chalk.bold('payments-mock probe')} ${report.endpoint} → ${report.url} (${report.workspace}, ${report.livemode ? 'live' : 'test'} mode): ${paint(chalk, report.verdict)(report.verdict)}`,
    chalk.bold(line(header)),
    ...table,
    ...(why.length ? ['', ...why] : []),
  ].join('\n')}\n`;
}
