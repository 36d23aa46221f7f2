import { Agent, closeAgents, connectAgent } from '../helpers/mcp-agent';
import { expectNoSecret } from '../helpers/secrets';

// The MCP tools that show requests (list_requests, save_session_as_flow) read the journal through the admin API: a
// key pasted in a description and card numbers in a metadata key, a JSON number and a path never come out whole.
const KEY = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';
const CARDS = ['4000056655665556', '4242424242424242'];
let agent: Agent;

beforeAll(async () => {
  agent = await connectAgent(['--start', '--clock', 'frozen@2026-01-01T00:00:00Z', '--seed', '3']);
});

afterAll(() => closeAgents());

it('list_requests and save_session_as_flow show no key body and no card number, wherever the session sent them', async () => {
  const payment = await agent.ok('request', {
    method: 'POST',
    path: '/v1/payments',
    params: { amount: 2000, currency: 'usd', description: `oops ${KEY}`, metadata: { [CARDS[0] as string]: 'x' } },
  });
  expect(payment.body.object).toBe('payment');
  expect(
    (await agent.call('request', { method: 'POST', path: '/v1/payments', params: { amount: 100, currency: 'usd', metadata: { c: Number(CARDS[1]) } } }))
      .isError,
  ).toBe(true);
  expect((await agent.call('request', { method: 'GET', path: `/v1/payments/${CARDS[0]}` })).isError).toBe(true);
  const journal = await agent.ok('list_requests');
  expect(JSON.stringify(journal)).toContain('sk_test_…p7dc');
  expectNoSecret(JSON.stringify(journal), [KEY], CARDS, 'list_requests');
  const flow = await agent.ok('save_session_as_flow');
  expect(flow.steps).toHaveLength(3);
  expectNoSecret(JSON.stringify(flow), [KEY], CARDS, 'save_session_as_flow');
});
