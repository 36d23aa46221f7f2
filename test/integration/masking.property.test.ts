import fc from 'fast-check';
import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { formatRequestLine } from '../../src/cli/log-format';
import type { RequestLogLine } from '../../src/context/mock-context';
import { sandbox } from '../helpers/sandbox';
import { cardNumber, expectNoSecret, fixtureShapedKey, spellings } from '../helpers/secrets';

/** A secret a client may send: a card number, a key shaped like the fixtures' (made up), or one of acme's real keys. */
const secret = fc.oneof(
  cardNumber.map((number) => ({ card: number })),
  fixtureShapedKey.map((key) => ({ key })),
  fc.constantFrom('sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc', 'rk_test_acme_refunds_7Fq2LmN8pR4sT0vW').map((key) => ({ key })),
);
type Secret = { card: string } | { key: string };
const PLACES = [
  'description',
  'metadata key',
  'metadata value',
  'JSON number',
  'JSON odd keys',
  'tokenised as a JSON number',
  'tokenised, refused',
  'path',
  'query',
  'Idempotency-Key',
  'header',
  'Authorization',
] as const;
const action = fc.record({ place: fc.constantFrom(...PLACES), secret, spelling: fc.nat(2) });

/** The secret as this action writes it: a key as it is; a card whole, or in groups split by spaces or dashes. */
const textOf = (value: Secret, spelling: number) => ('key' in value ? value.key : (spellings(value.card)[spelling] as string));

describe('every surface that shows a request masks keys and card numbers wherever they were sent (property)', () => {
  it('the journal, each request detail, the dashboard stream, the log line and the flow export never show a key body or a card number', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 6 }), async (actions) => {
        const logged: RequestLogLine[] = [];
        const box = sandbox({ fixtures: DEFAULT_FIXTURES, onRequest: (line) => logged.push(line) });
        const streamed: unknown[] = [];
        box.ctx.bus.request.subscribe((message) => streamed.push(message));
        const keys = new Set([box.keys.secret, box.keys.publishable, box.keys.restricted]);
        const cards = new Set<string>();
        // A first request with the workspace's own key: the session always has one, so its export must answer 200.
        expect((await box.post('/v1/customers', { email: 'a@example.com' })).status).toBe(200);
        for (const { place, secret: value, spelling } of actions) {
          if ('key' in value) keys.add(value.key);
          else cards.add(value.card);
          const text = textOf(value, spelling);
          const digits = 'card' in value ? value.card : '4242424242424242';
          const raw = (body: string, key = box.keys.secret) =>
            box.http
              .post(place.startsWith('tokenised') ? '/v1/payment_methods' : '/v1/payments')
              .set('Authorization', `Bearer ${key}`)
              .set('Content-Type', 'application/json')
              .send(body);
          if (place === 'description') await box.post('/v1/payments', { amount: 100, currency: 'usd', description: `note ${text}` });
          else if (place === 'metadata key') await box.post('/v1/payments', { amount: 100, currency: 'usd', [`metadata[${text}]`]: 'x' });
          else if (place === 'metadata value') await box.post('/v1/payments', { amount: 100, currency: 'usd', 'metadata[note]': text });
          else if (place === 'JSON number') await raw(`{"amount":100,"currency":"usd","metadata":{"c":${digits},"d":[${digits}]}}`);
          else if (place === 'JSON odd keys')
            await raw(`{"amount":100,"currency":"usd","metadata":{${JSON.stringify(text)}:{"${digits}":${digits}}},${JSON.stringify(text)}:1}`);
          else if (place === 'tokenised as a JSON number')
            await raw(`{"type":"card","card":{"number":${digits},"exp_month":12,"exp_year":2030,"cvc":"123"}}`, box.keys.publishable);
          else if (place === 'tokenised, refused')
            await box.post(
              '/v1/payment_methods',
              { 'card[number]': text, 'card[exp_month]': 13, 'card[exp_year]': 2030, 'card[cvc]': '123' },
              box.keys.publishable,
            );
          else if (place === 'path') await box.get(`/v1/payments/${encodeURIComponent(text)}`);
          else if (place === 'query') await box.get(`/v1/payments?starting_after=${encodeURIComponent(text)}&${encodeURIComponent(text)}=1`);
          else if (place === 'Idempotency-Key') await box.post('/v1/customers', { email: 'b@example.com' }).set('Idempotency-Key', text);
          else if (place === 'header') await box.post('/v1/customers', { email: 'c@example.com' }).set('X-Note', text);
          else await box.get('/v1/payments', 'key' in value ? value.key : `sk_test_acme_${text}`);
          if ('card' in value) cards.add(digits);
        }
        const journal = await box.admin('get', '/_mock/requests');
        expect(journal.status).toBe(200);
        expectNoSecret(journal.text, keys, cards, 'GET /_mock/requests');
        // The dashboard's request detail and the MCP list_requests tool read these same admin routes.
        for (const entry of journal.body.data as Array<{ id: string }>) {
          const detail = await box.admin('get', `/_mock/requests/${entry.id}`);
          expect(detail.status).toBe(200);
          expectNoSecret(detail.text, keys, cards, `GET /_mock/requests/${entry.id}`);
        }
        const flow = await box.admin('get', '/_mock/requests?as=flow');
        expect(flow.status).toBe(200);
        expectNoSecret(flow.text, keys, cards, 'GET /_mock/requests?as=flow');
        expectNoSecret(JSON.stringify(streamed), keys, cards, 'the dashboard stream');
        const now = new Date(0);
        const plain = { dim: String, bold: String, red: String, yellow: String, green: String, cyan: String, magenta: String } as never;
        for (const format of ['json', 'pretty'] as const)
          expectNoSecret(logged.map((line) => formatRequestLine(line, format, now, plain)).join('\n'), keys, cards, `the ${format} log`);
      }),
      { numRuns: 40 },
    );
  });
});
