import { startMock } from '../../src';
import { main } from '../../src/cli/main';
import { expectError } from '../helpers/schemas';
import { createPayment, sandbox } from '../helpers/sandbox';

// --journal 0 keeps no request: a session cannot be kept as a flow, and the answer says why instead of "no request".
describe('a session as a flow with the journal off', () => {
  it('GET /_mock/requests?as=flow answers 400 parameter_invalid saying the journal is off and how to turn it on, with no param', async () => {
    const box = sandbox({ journalSize: 0 });
    await createPayment(box);
    const res = await box.admin('get', '/_mock/requests?as=flow');
    expectError(res, 400, 'parameter_invalid');
    expect(res.body.error.message).toMatch(/^The journal is off \(--journal 0, or journalSize: 0\).*--journal <n>/);
    expect(res.body.error.param).toBeUndefined();
  });

  it('payments-mock journal --as-flow prints that one line and exits 1', async () => {
    const mock = await startMock({ port: 0, fixtures: 'none', journalSize: 0 });
    try {
      const out: string[] = [];
      const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), isTTY: false };
      const result = await main(['node', 'payments-mock', 'journal', '--as-flow', '--url', mock.url], io);
      expect(result.exitCode).toBe(1);
      expect(out.join('')).toContain('The journal is off (--journal 0');
      expect(out.join('').trim().split('\n')).toHaveLength(1);
    } finally {
      await mock.close();
    }
  });

  it('with the journal on but empty, says there is no request, and tags no parameter the caller did not give', async () => {
    const res = await sandbox().admin('get', '/_mock/requests?as=flow');
    expectError(res, 400, 'parameter_invalid');
    expect(res.body.error.message).toContain('no session to keep as a flow');
    expect(res.body.error.param).toBeUndefined();
  });
});
