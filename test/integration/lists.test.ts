import { createPayment, Sandbox, sandbox } from '../helpers/sandbox';
import { expectError, expectSchema } from '../helpers/schemas';

interface Listed {
  id: string;
  name: string;
}

/** Creates `count` customers named c1..cN, one a second (or all in one second), and returns their ids oldest first. */
async function customers(box: Sandbox, count: number, { sameSecond = false } = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const res = await box.post('/v1/customers', { name: `c${n}` });
    expect(res.status).toBe(200);
    ids.push(res.body.id as string);
    if (!sameSecond) box.ctx.clock.advance(1);
  }
  return ids;
}

async function page(box: Sandbox, query: string) {
  const res = await box.get(`/v1/customers${query}`);
  expect(res.status).toBe(200);
  expectSchema(res.body, { list: 'Customer' });
  return res.body as { object: 'list'; url: string; has_more: boolean; data: Listed[] };
}

const names = (data: Listed[]) => data.map((item) => item.name);
const range = (from: number, to: number) => Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => `c${from > to ? from - i : from + i}`);

describe('list limit', () => {
  it('returns 10 items by default, newest first, with has_more', async () => {
    const box = sandbox();
    await customers(box, 12);
    const body = await page(box, '');
    expect(names(body.data)).toEqual(range(12, 3));
    expect(body.has_more).toBe(true);
  });

  it.each([
    ['limit=1 returns one item', 1, 1, true],
    ['limit=11 returns everything when there are 11', 11, 11, false],
    ['limit=100 (the maximum) returns everything there is', 100, 11, false],
  ])('%s', async (_rule, limit, count, hasMore) => {
    const box = sandbox();
    await customers(box, 11);
    const body = await page(box, `?limit=${limit}`);
    expect(body.data).toHaveLength(count);
    expect(body.has_more).toBe(hasMore);
  });

  it('is an empty list with has_more false when nothing exists', async () => {
    const box = sandbox();
    expect(await page(box, '')).toEqual({ object: 'list', url: '/v1/customers', has_more: false, data: [] });
  });

  it.each([
    ['0 is below 1', '0'],
    ['101 is above 100', '101'],
    ['abc is not an integer', 'abc'],
    ['-1 is below 1', '-1'],
    ['2.5 is not an integer', '2.5'],
  ])('refuses limit=%s (%s) with 400 parameter_invalid_integer naming limit', async (limit) => {
    const box = sandbox();
    const payment = await createPayment(box);
    for (const path of ['/v1/customers', '/v1/events', `/v1/payments/${payment.id}/refunds`]) {
      expectError(await box.get(`${path}?limit=${limit}`), 400, 'parameter_invalid_integer', 'limit');
    }
  });

  it('refuses an empty limit with parameter_invalid_empty', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/customers?limit='), 400, 'parameter_invalid_empty', 'limit');
  });
});

describe('list order', () => {
  it('orders newest first', async () => {
    const box = sandbox();
    await customers(box, 3);
    expect(names((await page(box, '')).data)).toEqual(['c3', 'c2', 'c1']);
  });

  it('orders objects created in the same second by creation, the later first', async () => {
    const box = sandbox();
    await customers(box, 5, { sameSecond: true });
    const body = await page(box, '');
    expect(names(body.data)).toEqual(['c5', 'c4', 'c3', 'c2', 'c1']);
    expect(new Set(body.data.map((item) => (item as unknown as { created: number }).created)).size).toBe(1);
  });

  it('orders by created, not by insertion, when the clock was moved back', async () => {
    const box = sandbox();
    await box.post('/v1/customers', { name: 'now' });
    box.ctx.clock.advance('-1h');
    await box.post('/v1/customers', { name: 'an hour ago' });
    box.ctx.clock.advance('2h');
    await box.post('/v1/customers', { name: 'in an hour' });
    expect(names((await page(box, '')).data)).toEqual(['in an hour', 'now', 'an hour ago']);
  });

  it('pages through objects of one second without gaps or duplicates', async () => {
    const box = sandbox();
    const ids = await customers(box, 7, { sameSecond: true });
    const first = await page(box, '?limit=3');
    const second = await page(box, `?limit=3&starting_after=${first.data[2]?.id}`);
    const third = await page(box, `?limit=3&starting_after=${second.data[2]?.id}`);
    expect([...first.data, ...second.data, ...third.data].map((item) => item.id)).toEqual([...ids].reverse());
    expect([first.has_more, second.has_more, third.has_more]).toEqual([true, true, false]);
  });
});

describe('list cursors', () => {
  it('walks forward through 25 customers with starting_after, with no gaps or duplicates', async () => {
    const box = sandbox();
    const ids = await customers(box, 25);
    const seen: string[] = [];
    const hasMore: boolean[] = [];
    let query = '?limit=10';
    for (;;) {
      const body = await page(box, query);
      seen.push(...body.data.map((item) => item.id));
      hasMore.push(body.has_more);
      if (!body.has_more) break;
      query = `?limit=10&starting_after=${body.data[body.data.length - 1]?.id}`;
    }
    expect(seen).toEqual([...ids].reverse());
    expect(hasMore).toEqual([true, true, false]);
  });

  it('walks backward through 25 customers with ending_before, each page still newest first', async () => {
    const box = sandbox();
    const ids = await customers(box, 25);
    const pages: string[][] = [];
    // Start just newer than the oldest, and walk towards the newest.
    let body = await page(box, `?limit=10&ending_before=${ids[0]}`);
    pages.push(names(body.data));
    while (body.has_more) {
      body = await page(box, `?limit=10&ending_before=${body.data[0]?.id}`);
      pages.push(names(body.data));
    }
    expect(pages).toEqual([range(11, 2), range(21, 12), range(25, 22)]);
  });

  it.each([
    ['starting_after the newest gives the next older page', 'starting_after', 25, range(24, 15), true],
    ['starting_after the 11th gives the last 10, and no more', 'starting_after', 11, range(10, 1), false],
    ['starting_after the 12th leaves one more', 'starting_after', 12, range(11, 2), true],
    ['starting_after the oldest is empty', 'starting_after', 1, [], false],
    ['ending_before the oldest gives the 10 just newer', 'ending_before', 1, range(11, 2), true],
    ['ending_before the 15th gives the 10 newest, and no more', 'ending_before', 15, range(25, 16), false],
    ['ending_before the 14th leaves one more', 'ending_before', 14, range(24, 15), true],
    ['ending_before the newest is empty', 'ending_before', 25, [], false],
  ])('has_more is right at both ends: %s', async (_rule, cursor, n, expected, hasMore) => {
    const box = sandbox();
    const ids = await customers(box, 25);
    const body = await page(box, `?limit=10&${cursor}=${ids[n - 1]}`);
    expect(names(body.data)).toEqual(expected);
    expect(body.has_more).toBe(hasMore);
  });

  it.each([
    ['an id that never existed', () => 'cus_doesnotexist'],
    ['an object of another kind', (box: Sandbox) => createPayment(box).then((p) => p.id)],
  ])('refuses a cursor that is %s with 400 resource_missing naming the cursor', async (_rule, cursorOf) => {
    const box = sandbox();
    await customers(box, 2);
    const cursor = await cursorOf(box);
    expectError(await box.get(`/v1/customers?starting_after=${cursor}`), 400, 'resource_missing', 'starting_after');
    expectError(await box.get(`/v1/customers?ending_before=${cursor}`), 400, 'resource_missing', 'ending_before');
  });

  it('refuses a cursor from the other mode with 400 resource_missing', async () => {
    const box = sandbox();
    const live = await box.post('/v1/customers', { name: 'live' }, box.keys.liveSecret);
    expectError(await box.get(`/v1/customers?starting_after=${live.body.id}`), 400, 'resource_missing', 'starting_after');
  });

  it('refuses both cursors at once with 400', async () => {
    const box = sandbox();
    const ids = await customers(box, 3);
    const res = await box.get(`/v1/customers?starting_after=${ids[2]}&ending_before=${ids[0]}`);
    expectError(res, 400, 'parameter_invalid', 'ending_before');
    expect(res.body.error.message).toContain('not both');
  });

  it('refuses an empty cursor with parameter_invalid_empty', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/customers?starting_after='), 400, 'parameter_invalid_empty', 'starting_after');
  });
});

describe('list wrapper', () => {
  it.each([
    ['/v1/customers', '/v1/customers'],
    ['/v1/customers?limit=2', '/v1/customers'],
    ['/v1/events?type=payment.*', '/v1/events'],
  ])('GET %s has url %s (the path, without the query)', async (path, url) => {
    const box = sandbox();
    const res = await box.get(path);
    expect(res.status).toBe(200);
    expectSchema(res.body, { list: url === '/v1/events' ? 'Event' : 'Customer' });
    expect(res.body).toMatchObject({ object: 'list', url, has_more: false });
    expect(Array.isArray(res.body.data)).toBe(true);
  });

  it('refuses an unknown query parameter with 400 parameter_unknown naming it', async () => {
    const box = sandbox();
    const res = await box.get('/v1/customers?limit=2&offset=10');
    expectError(res, 400, 'parameter_unknown', 'offset');
    expectError(await box.get('/v1/customers?limt=2'), 400, 'parameter_unknown', 'limt');
    expect((await box.get('/v1/customers?limt=2')).body.error.message).toContain('Did you mean limit?');
  });

  it('refuses a query parameter given twice with parameter_invalid naming it', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/customers?limit=2&limit=3'), 400, 'parameter_invalid', 'limit');
  });
});
