import fc from 'fast-check';
import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { TEST_CARDS } from '../../src/domain/test-cards';
import { sandbox } from '../helpers/sandbox';
import { cardNumber as anyCard, expectNoSecret, fixtureShapedKey } from '../helpers/secrets';

const cardNumber = fc.oneof(fc.constantFrom(...TEST_CARDS.map((card) => card.number)), anyCard);
/** Where a session may carry a card number or a key: the card itself, or pasted by mistake into text fields. */
const action = fc.oneof(
  fc.record({ kind: fc.constant('tokenise' as const), number: cardNumber, spaced: fc.boolean() }),
  fc.record({
    kind: fc.constant('pay' as const),
    amount: fc.integer({ min: 1, max: 99999 }),
    note: fc.oneof(cardNumber, fc.constant('key')),
    key: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('confirm' as const), with: fc.constantFrom('last-card', 'pm_card_visa', 'pm_card_chargeDeclined') }),
  fc.record({ kind: fc.constant('refund' as const) }),
  fc.record({ kind: fc.constant('lookup' as const), number: cardNumber }),
  // Card numbers as metadata keys, as JSON numbers, and JSON bodies whose keys are secrets.
  fc.record({ kind: fc.constant('metadata key' as const), number: cardNumber, key: fixtureShapedKey }),
  fc.record({ kind: fc.constant('json number' as const), number: cardNumber }),
  fc.record({ kind: fc.constant('odd keys' as const), number: cardNumber, key: fixtureShapedKey }),
);

describe('a session kept as a flow (property)', () => {
  it('never writes a card number or any part of an API key but its prefix and last 4, whatever the session sent and wherever', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        const box = sandbox({ fixtures: DEFAULT_FIXTURES });
        const sent = new Set<string>();
        const keys = new Set<string>(box.ctx.store.keys.keys());
        const json = (path: string, body: string, key = box.keys.secret) =>
          box.http.post(path).set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/json').send(body);
        // A session always holds a request made with a key of the workspace: its export must answer 200.
        expect((await box.post('/v1/customers', { email: 'a@example.com' })).status).toBe(200);
        let payment: string | undefined;
        let card: string | undefined;
        for (const step of actions) {
          if (step.kind === 'tokenise') {
            sent.add(step.number);
            const number = step.spaced ? step.number.replace(/(\d{4})(?=\d)/g, '$1 ') : step.number;
            const res = await box.post(
              '/v1/payment_methods',
              { type: 'card', 'card[number]': number, 'card[exp_month]': 12, 'card[exp_year]': 2030, 'card[cvc]': '123' },
              box.keys.publishable,
            );
            if (res.status === 200) card = res.body.id;
          } else if (step.kind === 'pay') {
            const note = step.note === 'key' ? `my key is ${box.keys.secret}` : `card ${step.note}`;
            if (step.note !== 'key') sent.add(step.note);
            const res = await box.post(
              '/v1/payments',
              { amount: step.amount, currency: 'usd', description: note, 'metadata[key]': box.keys.secret },
              step.key ? box.keys.restricted : box.keys.secret,
            );
            if (res.status === 200) payment = res.body.id;
          } else if (step.kind === 'confirm' && payment) {
            await box.post(`/v1/payments/${payment}/confirm`, { payment_method: step.with === 'last-card' ? (card ?? 'pm_card_visa') : step.with });
          } else if (step.kind === 'refund' && payment) await box.post(`/v1/payments/${payment}/refund`);
          else if (step.kind === 'lookup') {
            sent.add(step.number);
            await box.get(`/v1/payments/${step.number}`);
          } else if (step.kind === 'metadata key') {
            sent.add(step.number);
            keys.add(step.key);
            await box.post('/v1/payments', { amount: 100, currency: 'usd', [`metadata[${step.number}]`]: 'x', [`metadata[${step.key}]`]: 'y' });
          } else if (step.kind === 'json number') {
            sent.add(step.number);
            await json('/v1/payments', `{"amount":100,"currency":"usd","metadata":{"c":${step.number}}}`);
            await json('/v1/payment_methods', `{"type":"card","card":{"number":${step.number},"exp_month":12,"exp_year":2030}}`, box.keys.publishable);
          } else if (step.kind === 'odd keys') {
            sent.add(step.number);
            keys.add(step.key);
            await json('/v1/payments', `{"amount":100,"currency":"usd","metadata":{"${step.number}":{"${step.key}":[${step.number}]}},"${step.key}":1}`);
          }
        }
        const res = await box.admin('get', '/_mock/requests?as=flow');
        expect(res.status).toBe(200);
        const text = JSON.stringify(res.body);
        // Neither the key's body after its prefix nor its secret part, whatever the key; no card number in any spelling.
        expectNoSecret(text, keys, sent, 'the flow');
      }),
      { numRuns: 40 },
    );
  });
});
