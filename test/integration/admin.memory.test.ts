import Ajv2020 from 'ajv/dist/2020';
import { BYTES_PER } from '../../src/memory/footprint';
import { ADMIN_SHAPES } from '../../src/schemas/admin';
import { fakeHeap } from '../helpers/fake-heap';
import { createPayment, sandbox } from '../helpers/sandbox';

const MB = 1024 ** 2;
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(ADMIN_SHAPES.memory);

describe('GET /_mock/memory', () => {
  it('shows held against the budget and, per workspace, objects, events, idempotency records, deliveries and bytes', async () => {
    const heap = fakeHeap({ other: 20 * MB, limit: 1024 * MB });
    const box = sandbox({ maxMemory: '100mb', heapSource: heap.source });
    heap.collect(0);
    await createPayment(box);
    await createPayment(box);
    await box.post('/v1/customers', { email: 'a@example.com' }).set('Idempotency-Key', 'c1');
    const other = (await box.admin('post', '/_mock/workspaces', { name: 'worker 2' })).body as { workspace: string };
    const res = await box.admin('get', '/_mock/memory');
    expect(res.status).toBe(200);
    if (!validate(res.body)) throw new Error(JSON.stringify(validate.errors));
    const [first, second] = res.body.workspaces as Array<Record<string, number>>;
    // Two self-confirmed payments (created, succeeded) and a customer (created).
    expect(first).toMatchObject({ name: 'Default workspace', objects: 3, events: 5, idempotency_records: 1, deliveries: 0 });
    // Counts at their measured costs, and the text by its size: the e-mail and the Idempotency-Key (16 + length each).
    expect(first!.bytes).toBe(3 * BYTES_PER.object + 5 * BYTES_PER.event + BYTES_PER.idempotencyRecord + (16 + 'a@example.com'.length) + (16 + 'c1'.length));
    expect(second).toMatchObject({ workspace: other.workspace, objects: 0, events: 0, bytes: 0 });
    expect(res.body).toMatchObject({ object: 'memory', state: 'ok', budget: 100 * MB, heap: { limit: 1024 * MB } });
    // 20 MB held besides the store at the collection, plus what the store gained since.
    expect(res.body.held).toBe(20 * MB + first!.bytes!);
    expect(res.body.percent).toBe(Math.round(((20 * MB + first!.bytes!) / (100 * MB)) * 1000) / 10);
  });

  it('says warning from 80% and full at the budget', async () => {
    const heap = fakeHeap({ other: 85 * MB });
    const box = sandbox({ maxMemory: '100mb', heapSource: heap.source });
    heap.collect(0);
    expect((await box.admin('get', '/_mock/memory')).body.state).toBe('warning');
    heap.other = 101 * MB;
    heap.collect(0);
    expect((await box.admin('get', '/_mock/memory')).body.state).toBe('full');
  });

  it('reads the real heap by default', async () => {
    const res = await sandbox().admin('get', '/_mock/memory');
    expect(res.body.held).toBeGreaterThan(1 * MB);
    expect(res.body.budget).toBe(Math.floor(0.7 * (res.body.heap.limit - 48 * MB)));
  });

  it('needs the admin token like the rest of /_mock (it names every workspace)', async () => {
    const box = sandbox({ adminToken: 'sesame' });
    expect((await box.admin('get', '/_mock/memory')).status).toBe(401);
    expect((await box.http.get('/_mock/memory').set('Authorization', 'Bearer sesame')).status).toBe(200);
  });
});
