import { memoryLine } from '../../../src/cli/memory-log';
import { palette } from '../../../src/cli/colors';

const MB = 1024 ** 2;
const at = new Date('2026-01-01T10:00:00.000Z');

describe('memoryLine', () => {
  it('warns at 80% with the figures and what happens at the budget', () => {
    expect(memoryLine({ state: 'warning', held: 82 * MB, budget: 100 * MB }, 'pretty', at, palette(false))).toBe(
      '10:00:00.000 payments-mock: memory warning: 82 MB of 100 MB, 82% of the budget held. At the budget, requests that store something new get 503 memory_budget_exceeded; reset or delete workspaces, or raise --max-memory.',
    );
  });

  it('is one JSON object in the json log', () => {
    const line = JSON.parse(memoryLine({ state: 'ok', held: 50 * MB, budget: 100 * MB }, 'json', at, palette(false)));
    expect(line).toEqual({
      time: '2026-01-01T10:00:00.000Z',
      type: 'memory',
      state: 'ok',
      held: 50 * MB,
      budget: 100 * MB,
      message: 'payments-mock: memory back under the warning line (50 MB of 100 MB, 50%): new objects are accepted.',
    });
  });
});
