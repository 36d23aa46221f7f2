import { useWorkspace } from '../../src/adapters/jest';

// The Jest helper's workspace triggers events and runs flows in itself, as `mock.createWorkspace()`'s does.
const ws = useWorkspace({ name: 'triggers' });
const JAN_1 = Date.parse('2026-01-01T00:00:00Z') / 1000;

describe('ws.trigger and ws.runFlow', () => {
  it('triggers an event in this workspace, with overrides', async () => {
    const { workspace, objects, events } = await ws.trigger('refund.created', { overrides: { amount: 5000, currency: 'eur' } });
    expect(workspace).toBe(ws.id);
    expect(objects.map((object) => [object.object, object.amount])).toEqual([
      ['payment', 5000],
      ['refund', 5000],
    ]);
    expect(events.map((event) => event.type)).toContain('refund.created');
    expect((await ws.request('GET', '/v1/events?type=refund.created')).body.data).toHaveLength(1);
  });

  it('takes nested overrides as a JSON body nests them, and refuses a bracket name that says otherwise', async () => {
    const { objects } = await ws.trigger('payment.succeeded', { overrides: { amount: 4200, metadata: { order: '42' }, 'metadata[cart]': 'c_1' } });
    expect(objects[0]).toMatchObject({ object: 'payment', amount: 4200, metadata: { order: '42', cart: 'c_1' } });
    await expect(ws.trigger('payment.succeeded', { overrides: { metadata: { order: '42' }, 'metadata[order]': '43' } })).rejects.toThrow(
      /answered 400: Invalid overrides: metadata\[order\] is given twice with different values, by "metadata" \("42"\) and by "metadata\[order\]" \("43"\)/,
    );
  });

  it('runs a flow in this workspace; with a clock of its own, advance moves only that clock', async () => {
    await ws.clock.advance(0);
    process.env.PAYMENTS_MOCK_TEST_ORDER = '4711';
    const run = await ws.runFlow({
      steps: [
        {
          name: 'pay',
          method: 'POST',
          path: '/v1/payments',
          params: { amount: 2000, currency: 'usd', metadata: { order: '${env:PAYMENTS_MOCK_TEST_ORDER}' } },
        },
        { advance: '25h' },
        { name: 'refund', method: 'POST', path: '/v1/payments/${pay:id}/refund' },
      ],
    });
    delete process.env.PAYMENTS_MOCK_TEST_ORDER;
    expect(run.workspace).toBe(ws.id);
    expect(run.answers.pay).toMatchObject({ metadata: { order: '4711' } });
    expect((run.answers.refund as { created: number }).created).toBe((run.answers.pay as { created: number }).created + 25 * 3600);
    expect(((await (await fetch(`${ws.url}/_mock/clock`)).json()) as { now: number }).now).toBe(JAN_1);
  });

  it("rejects a failing flow and an unknown event type with the mock's own message", async () => {
    await expect(ws.runFlow({ steps: [{ method: 'GET', path: '/v1/payments/${pay:id}' }] })).rejects.toThrow(
      /answered 400: The flow is not valid.*refers to no earlier step/,
    );
    await expect(ws.trigger('payment.exploded')).rejects.toThrow(/answered 400: Unknown event type "payment.exploded"/);
    await expect(ws.runFlow({ workspace: 'acme', steps: [{ flush_webhooks: true }] })).rejects.toThrow(/runs in .* \(this workspace\)/);
  });
});
