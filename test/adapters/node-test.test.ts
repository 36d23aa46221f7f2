import { requireBuild } from '../helpers/cli-process';
import { runRunner } from '../helpers/run-runner';

/** The README's node:test example (test/runners/node-test/payments.test.mjs), run as written by `node --test`. */
describe('the node:test example', () => {
  beforeAll(() => requireBuild());

  it('passes under node --test', async () => {
    const { code, output } = await runRunner('node-test', process.execPath, ['--test', 'payments.test.mjs']);
    // Node 20 and 22 report in TAP when the output is not a terminal (`# pass 2`), Node 24 and newer with `spec` (`ℹ pass 2`).
    expect(output).toMatch(/^(# |ℹ )pass 2$/m);
    expect(code).toBe(0);
  }, 60_000);
});
