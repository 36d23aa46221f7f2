import { Agent, closeAgents, connectAgent } from '../helpers/mcp-agent';
import { recordSession, replayedStatuses, SessionDriver } from '../helpers/session';

/**
 * The session kept as a flow through MCP, as a coding agent would: made with the `request`, `set_scenario` and
 * `advance_clock` tools, saved with `save_session_as_flow`, replayed with `run_flow` on a fresh mock (same
 * fixtures, clock and seed), each through the MCP SDK's own client over stdio.
 */
const START = ['--start', '--clock', 'frozen@2026-01-01T00:00:00Z', '--seed', '1'];

afterAll(() => closeAgents());

/** Form fields (`card[number]`, `amount: '2000'`) as the JSON an agent sends: nested, integers as numbers. */
function json(form: Record<string, string>): Record<string, unknown> {
  const out: Record<string, any> = {};
  for (const [name, value] of Object.entries(form)) {
    const [head, ...rest] = name.split(/[[\]]+/).filter(Boolean) as [string, ...string[]];
    const typed = /^\d+$/.test(value) && !/number|cvc/.test(name) ? Number(value) : value;
    if (rest.length === 0) out[head] = typed;
    else (out[head] ??= {})[rest[0] as string] = typed;
  }
  return out;
}

function mcpDriver(agent: Agent): SessionDriver {
  return {
    v1: async (method, path, form = {}, options = {}) => {
      const result = await agent.call('request', {
        method,
        path,
        ...(Object.keys(form).length ? { params: json(form) } : {}),
        ...(options.key ? { key_kind: options.key } : {}),
        ...(options.idempotencyKey ? { idempotency_key: options.idempotencyKey } : {}),
      });
      const value = result.structuredContent as { status: number; body: any };
      return { status: value.status, body: value.body };
    },
    admin: async (_method, path, body) => {
      const input = body as Record<string, string>;
      if (path === '/_mock/scenario') await agent.ok('set_scenario', { scenario: input.scenario });
      else await agent.ok('advance_clock', { by: input.by });
      return 200;
    },
  };
}

describe('save_session_as_flow (MCP)', () => {
  it('saves a session made through the tools, and run_flow replays it on a fresh mock with the same statuses', async () => {
    const recorder = await connectAgent(START);
    const statuses = await recordSession(mcpDriver(recorder));
    const flow = await recorder.ok('save_session_as_flow', {});
    expect(flow).toMatchObject({ workspace: 'acme', livemode: false });
    expect(JSON.stringify(flow)).not.toMatch(/(sk|pk|rk)_(test|live)_/);
    const replayer = await connectAgent(START);
    const run = await replayer.ok('run_flow', flow);
    expect(run.steps.filter((step: { kind: string }) => step.kind === 'request').map((step: { status: number }) => step.status)).toEqual(
      replayedStatuses(statuses),
    );
    const refused = await recorder.call('save_session_as_flow', { since: 'req_nothing' });
    expect(refused.isError).toBe(true);
    const limited = await recorder.call('save_session_as_flow', { limit: 3 });
    expect(limited.isError).toBe(true);
  });
});
