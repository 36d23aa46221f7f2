import fc from 'fast-check';
import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { TEST_CARDS } from '../../src/domain/test-cards';
import { sandbox } from '../helpers/sandbox';

/** A Luhn-valid number of `length` digits starting with `prefix`: a card number the mock tokenises. */
function luhnValid(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const cardNumber = fc.oneof(fc.constantFrom(...TEST_CARDS.map((card) => card.number)), fc.stringMatching(/^4[0-9]{14}$/).map(luhnValid));
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
);

describe('a session kept as a flow (property)', () => {
  it('never writes a card number or an API key, whatever the session sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        const box = sandbox({ fixtures: DEFAULT_FIXTURES });
        const sent = new Set<string>();
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
          }
        }
        const res = await box.admin('get', '/_mock/requests?as=flow');
        if (res.status !== 200) return;
        const text = JSON.stringify(res.body);
        for (const number of sent) expect(text).not.toContain(number);
        for (const key of box.ctx.store.keys.keys()) expect(text).not.toContain(key);
        expect(text).not.toMatch(/(?<![0-9A-Za-z_])\d(?:[ -]?\d){11,18}(?![0-9A-Za-z_])/);
      }),
      { numRuns: 40 },
    );
  });
});
