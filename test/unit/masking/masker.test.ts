import { maskCutText, maskKey, maskPath, maskText } from '../../../src/masking/mask-text';
import { maskValue } from '../../../src/masking/mask-value';

const SK = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';

describe('the masker (src/masking/)', () => {
  it.each([
    ['a fixture key whose body holds underscores shows its prefix and last 4', `oops ${SK}`, 'oops sk_test_…p7dc'],
    ['a restricted key with two underscores in its body', 'rk_test_acme_refunds_7Fq2LmN8pR4sT0vW', 'rk_test_…T0vW'],
    ['a key glued to other words is still found', `key=${SK}&x`, 'key=sk_test_…p7dc&x'],
    ['a short key shows its prefix only', 'sk_live_abc', 'sk_live_…'],
    ['a card number standing alone', 'card 4242424242424242.', 'card ••••4242.'],
    ['a card number split by spaces or dashes', '4000-0566-5566-5556 and 4242 4242 4242 4242', '••••5556 and ••••4242'],
    ['a card number followed by another group', '4242 4242 4242 4242 7', '••••4242 7'],
    ['a Luhn-invalid run of digits is no card number', '4242424242424241', '4242424242424241'],
    [
      'a run starting with 0 is no card number (fixture ids are made of them)',
      'pay_acm000000000000000000001 0000000000000000',
      'pay_acm000000000000000000001 0000000000000000',
    ],
    ['a phone number after + is left alone', '+4915112345678', '+4915112345678'],
    ['masked text stays as it is', 'sk_test_…p7dc ••••4242', 'sk_test_…p7dc ••••4242'],
  ])('maskText: %s', (_, text, shown) => {
    expect(maskText(text)).toBe(shown);
    expect(maskText(maskText(text))).toBe(shown);
  });

  it.each([
    ['a key cut in its secret part', `x-${SK.slice(0, 30)}`, 'x-…'],
    ['a card number cut after 10 digits', 'card 4242 4242 42', 'card …'],
    ['a text cut in a word that is no key', 'x'.repeat(20), 'x'.repeat(20)],
  ])('maskCutText drops a digit run or a key at the cut: %s', (_, text, shown) => expect(maskCutText(text)).toBe(shown));

  it('maskKey shows a whole key as prefix and last 4', () => expect(maskKey(SK)).toBe('sk_test_…p7dc'));

  it.each([
    ['a card number in a segment', '/v1/payments/4242424242424242', '/v1/payments/••••4242'],
    ['a key in a segment', `/v1/customers/${SK}`, '/v1/customers/sk_test_…p7dc'],
    ['a percent-encoded key', `/v1/customers/${encodeURIComponent(SK).replace(/_/g, '%5F')}`, '/v1/customers/sk_test_…p7dc'],
    ['a plain path', '/v1/payments/pay_1/refund', '/v1/payments/pay_1/refund'],
  ])('maskPath: %s', (_, path, shown) => expect(maskPath(path)).toBe(shown));

  it('maskValue masks card numbers in object keys, strings and JSON numbers, nested, and CVCs', () => {
    const sent = {
      description: `oops ${SK}`,
      metadata: { '4242424242424242': 'x', c: 4242424242424242, list: [5555555555554444, 'y'] },
      card: { number: 4000000000000002, exp_month: 12, cvc: '123' },
      amount: 2000,
      created: 1767225600,
    };
    expect(maskValue(sent)).toEqual({
      description: 'oops sk_test_…p7dc',
      metadata: { '••••4242': 'x', c: '••••4242', list: ['••••4444', 'y'] },
      card: { number: '••••0002', exp_month: 12, cvc: '•••' },
      amount: 2000,
      created: 1767225600,
    });
  });

  it('maskValue masks a number past 2^53 of card length whatever its checksum (its digits were already rounded)', () => {
    expect(maskValue(Number('4000000000000000006'))).toMatch(/^••••\d{4}$/);
    expect(maskValue(123456789012)).toBe(123456789012);
  });

  it('maskValue keeps two keys that mask alike apart, and stops walking a value nested without end', () => {
    expect(maskValue({ '4242424242424242': 'a', '4000000000024242': 'b' })).toEqual({ '••••4242': 'a', '••••4242 (2)': 'b' });
    let deep: unknown = '4242424242424242';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(JSON.stringify(maskValue(deep))).not.toContain('4242424242424242');
  });
});
