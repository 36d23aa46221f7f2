import type { FlowEvent, FlowResult } from '../triggers/flow-types';
import type { TriggerResult } from '../triggers/trigger';
import type { Palette } from './colors';

/** A trigger's answer for a person: what was made and which events it emitted. */
export function formatTrigger(result: TriggerResult, chalk: Palette): string {
  const lines = [
    `${chalk.green('✓')} ${chalk.bold(result.type)} triggered in ${result.workspace} (${result.livemode ? 'live' : 'test'} mode)`,
    '',
    chalk.bold('objects'),
  ];
  for (const object of result.objects) lines.push(`  ${objectLine(object)}`);
  lines.push('', chalk.bold('events'), ...eventLines(result.events, chalk, result.type));
  return `${lines.join('\n')}\n`;
}

/** A flow's run for a person: one line a step, the events, then every named answer as JSON. */
export function formatFlow(result: FlowResult, chalk: Palette): string {
  const lines = [`${chalk.green('✓')} flow ran in ${result.workspace} (${result.livemode ? 'live' : 'test'} mode)`, ''];
  for (const step of result.steps) {
    const what = step.request ? `${step.request.method} ${step.request.path} → ${step.status}` : (step.summary ?? step.kind);
    lines.push(
      `  ${chalk.dim(`/steps/${step.index}`)} ${step.name ? chalk.cyan(step.name) + ' ' : ''}${what}${step.request_id ? chalk.dim(` ${step.request_id}`) : ''}`,
    );
  }
  lines.push('', chalk.bold('events'), ...eventLines(result.events, chalk), '', chalk.bold('answers'), JSON.stringify(result.answers, null, 2));
  return `${lines.join('\n')}\n`;
}

function objectLine(object: Record<string, unknown>): string {
  const parts = [String(object.object), String(object.id)];
  if (typeof object.status === 'string') parts.push(object.status);
  if (typeof object.amount === 'number') parts.push(`${object.amount} ${String(object.currency ?? '')}`.trim());
  if (typeof object.email === 'string') parts.push(object.email);
  return parts.join('  ');
}

function eventLines(events: FlowEvent[], chalk: Palette, highlight?: string): string[] {
  if (events.length === 0) return ['  (none)'];
  return events.map((event) => `  ${event.id}  ${event.type === highlight ? chalk.bold(event.type) : event.type}`);
}
