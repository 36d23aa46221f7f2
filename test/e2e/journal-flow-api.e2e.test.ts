import { startMock } from '../../src';
import { keysByRole } from '../../src/adapters/jest/workspace';
import { httpDriver, recordSession, replayedStatuses } from '../helpers/session';

// The session kept as a flow from code: mock.sessionAsFlow() and ws.sessionAsFlow(), replayed with runFlow.
const OPTIONS = { port: 0, clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 } as const;

describe('mock.sessionAsFlow() and ws.sessionAsFlow()', () => {
  it('give the session as a flow that runFlow replays on a fresh mock with the same statuses', async () => {
    const [recorded, fresh] = await Promise.all([startMock(OPTIONS), startMock(OPTIONS)]);
    try {
      const statuses = await recordSession(httpDriver(recorded.url, keysByRole(recorded.keys.filter((key) => key.workspace === 'acme'))));
      const flow = recorded.sessionAsFlow();
      expect(recorded.workspace('acme').sessionAsFlow()).toEqual(flow);
      expect(flow).toMatchObject({ workspace: 'acme', livemode: false });
      const run = await fresh.runFlow(flow);
      expect(run.steps.filter((step) => step.kind === 'request').map((step) => step.status)).toEqual(replayedStatuses(statuses));
      expect(() => recorded.workspace('globex').sessionAsFlow()).toThrow(/no \/v1 request of workspace globex/);
    } finally {
      await Promise.all([recorded.close(), fresh.close()]);
    }
  });
});
