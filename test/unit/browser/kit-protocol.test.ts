import { MESSAGE_TYPES, isMessage } from '../../../src/browser/client/protocol';
import { scriptBase } from '../../../src/browser/client/script-base';
import { FRAMED_SCRIPT } from '../../../src/pages/framed-script';

describe('the browser kit protocol', () => {
  it.each([
    [{ v: 1, type: 'change' }, true],
    [{ v: 2, type: 'change' }, false],
    [{ type: 'change' }, false],
    [{ v: 1, type: 'tokenize' }, false],
    ['change', false],
    [null, false],
  ])('reads %j as a card-to-host message: %p', (data, accepted) => {
    expect(isMessage(data, MESSAGE_TYPES.cardToHost)).toBe(accepted);
  });

  it("keeps the challenge page's inline script on the protocol's message names", () => {
    for (const type of [...MESSAGE_TYPES.hostToChallenge, ...MESSAGE_TYPES.challengeToHost])
      expect(FRAMED_SCRIPT).toMatch(new RegExp(`type(: | !== )'${type}'`));
    expect(FRAMED_SCRIPT).toContain('data.v !== 1');
  });

  it.each([
    ['http://127.0.0.1:4010/js/v1/payments.js', '/js/v1/payments.js', 'http://127.0.0.1:4010'],
    ['https://host.test/mock/js/v1/payments.mjs', '/js/v1/payments.mjs', 'https://host.test/mock'],
    ['http://localhost:5173/assets/index-abc.js', '/js/v1/payments.mjs', undefined],
    ['file:///js/v1/payments.js', '/js/v1/payments.js', undefined],
    [undefined, '/js/v1/payments.js', undefined],
  ])('defaults apiBase for a script loaded from %s to %s', (src, own, base) => {
    expect(scriptBase(src, own)).toBe(base);
  });
});
