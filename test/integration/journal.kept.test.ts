import { startMock } from '../../src/start-mock';

/**
 * The journal keeps an exchange three ways (src/store/journal.ts): a write as bytes in the slab, a write too large
 * for a 4 KiB slot as its objects, a read as its objects. Each entry shows what was sent and answered, whichever way
 * it was kept.
 */
describe('a journal entry shows the same exchange however it was kept', () => {
  it('creates and refused creates small enough for a slot (packed) and over a slot (objects), and a retrieve (references)', async () => {
    const mock = await startMock({ port: 0, fixtures: 'none', seed: 1, clock: 'frozen@2026-01-01T00:00:00Z' });
    try {
      const key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
      const post = (form: string) =>
        mock.inject({
          method: 'POST',
          url: '/v1/payments',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Sent-By': 'journal test é' },
          body: form,
        });
      const small = await post('amount=2000&currency=usd&metadata[order]=42');
      // 40 keys of 200 characters: an answer of about 8 KiB, twice a slot.
      const metadata = Array.from({ length: 40 }, (_, i) => `metadata[k${i}]=${'v'.repeat(200)}`).join('&');
      const large = await post(`amount=3000&currency=eur&${metadata}`);
      expect(large.body.length).toBeGreaterThan(4096);
      // Refused: no parameters passed validation, so the entry shows the body as sent, read from its bytes.
      const refusedSmall = await post('amount=2000&currency=usd&colour=red');
      const refusedLarge = await post(`amount=2000&currency=usd&colour=red&${metadata}`);
      expect([refusedSmall.status, refusedLarge.status]).toEqual([400, 400]);
      const id = (JSON.parse(small.body) as { id: string }).id;
      const read = await mock.inject({ url: `/v1/payments/${id}`, headers: { Authorization: `Bearer ${key}`, 'X-Sent-By': 'journal test é' } });

      const listed = await mock.inject({ url: '/_mock/requests?limit=5' });
      const [readEntry, refusedLargeEntry, refusedSmallEntry, largeEntry, smallEntry] = (JSON.parse(listed.body) as { data: Array<Record<string, any>> }).data;
      for (const [entry, answer] of [
        [smallEntry, small],
        [largeEntry, large],
        [refusedSmallEntry, refusedSmall],
        [refusedLargeEntry, refusedLarge],
        [readEntry, read],
      ] as const) {
        expect(entry!.response_body).toEqual(JSON.parse(answer.body));
        expect(entry!.response_headers['request-id'] ?? entry!.response_headers['Request-Id']).toBe(
          answer.headers['request-id'] ?? answer.headers['Request-Id'],
        );
        expect(entry!.request_headers['x-sent-by']).toBe('journal test é');
        expect(entry!.request_headers.authorization).not.toContain(key);
        expect(entry!.truncated).toBe(false);
      }
      expect(smallEntry!.request_body).toEqual({ amount: 2000, currency: 'usd', metadata: { order: '42' } });
      expect(Object.keys(largeEntry!.request_body.metadata)).toHaveLength(40);
      expect(readEntry!.request_body).toEqual({});
      // A refused form body is shown typed as the API read it (amount 2000), as an accepted one is.
      for (const entry of [refusedSmallEntry, refusedLargeEntry]) expect(entry!.request_body).toMatchObject({ amount: 2000, currency: 'usd', colour: 'red' });
      expect(Object.keys(refusedLargeEntry!.request_body.metadata)).toHaveLength(40);
    } finally {
      await mock.close();
    }
  });
});
