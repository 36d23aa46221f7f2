import type { MemoryNotice } from '../memory/memory-budget';
import { formatBytes } from '../memory/memory-size';
import { Palette } from './colors';
import { LogFormat } from './log-format';

/**
 * The log line of a memory crossing (80% of the budget, the budget, back under): one line a crossing, in the
 * request log's format, so a load test's operator sees it coming before creates are refused.
 * @example memoryLine({ state: 'warning', held: 330e6, budget: 400e6 }, 'json', new Date(), palette(false))
 */
export function memoryLine(notice: MemoryNotice, format: Exclude<LogFormat, 'off'>, now: Date, chalk: Palette): string {
  const message = memoryMessage(notice);
  if (format === 'json')
    return JSON.stringify({ time: now.toISOString(), type: 'memory', state: notice.state, held: notice.held, budget: notice.budget, message });
  const colour = notice.state === 'full' ? chalk.red : notice.state === 'warning' ? chalk.yellow : chalk.green;
  return `${chalk.dim(now.toISOString().slice(11, 23))} ${colour(message)}`;
}

/** What a crossing means and what to do, in words. */
export function memoryMessage({ state, held, budget }: MemoryNotice): string {
  const figures = `${formatBytes(held)} of ${formatBytes(budget)}, ${Math.round((held / budget) * 100)}%`;
  if (state === 'warning')
    return `payments-mock: memory warning: ${figures} of the budget held. At the budget, requests that store something new get 503 memory_budget_exceeded; reset or delete workspaces, or raise --max-memory.`;
  if (state === 'full')
    return `payments-mock: memory budget reached (${figures}): requests that store something new get 503 memory_budget_exceeded until a workspace is reset or deleted. Reads, resets and exports still work.`;
  return `payments-mock: memory back under the warning line (${figures}): new objects are accepted.`;
}
