import { Server } from 'node:http';
import { Browser, Page } from 'playwright-core';
import { MockServer, startMock } from '../../../src';
import { consoleErrors, describeInBrowser, PagePool, launchChromium, waitForFocus } from '../../helpers/browser';
import { CARDS, cardFrame, expectNoCardNumber, hostPageTexts, hostRequests, startOwnPage, typeCard } from './checkout-harness';

// The functions given to page.evaluate run in the browser, whose globals this Node project does not type.
declare const window: any;
declare const document: any;

// payments.js on a page of the test's own (another origin than the mock), called as a frontend developer's code
// and tests call it: every result shape, the change events, the refusals, and an unreachable mock.
describeInBrowser('payments.js on your own page', () => {
  let mock: MockServer;
  let browser: Browser;
  let pages: PagePool;
  let own: { url: string; server: Server };
  let secret: string;
  let publishable: string;

  beforeAll(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 5, scenario: 'manual' });
    secret = mock.keys.find((key) => key.kind === 'secret' && !key.livemode)?.key as string;
    publishable = mock.keys.find((key) => key.kind === 'publishable' && !key.livemode)?.key as string;
    // ?mock= picks the mock to load payments.js from; ?module loads payments.mjs instead of the classic script.
    own = await startOwnPage((query) => {
      // A frame of a third origin on the same page, that tries to drive the card element.
      if (query.has('intruder')) {
        return `<!doctype html><title>ad</title><script>
          const card = window.parent.frames[0];
          card.postMessage({ v: 1, type: 'clear' }, '*');
          card.postMessage({ v: 1, type: 'init', style: {} }, '*');
          card.postMessage({ v: 1, type: 'tokenize', request: 1 }, '*');
          window.parent.postMessage({ v: 1, type: 'change', state: { complete: true, empty: false, brand: 'visa' } }, '*');
          document.title = 'sent';
        </script>`;
      }
      const from = query.get('mock') ?? mock.url;
      const script = query.has('module')
        ? `<script type="module">import { Payments } from '${from}/js/v1/payments.mjs'; window.Payments = Payments; window.loaded = true;</script>`
        : `<script src="${from}/js/v1/payments.js"></script><script>window.loaded = true;</script>`;
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My checkout</title>${script}</head><body><main><div id="card"></div></main></body></html>`;
    });
    browser = await launchChromium();
    pages = new PagePool(browser);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => own?.server.close(resolve));
    await mock?.close();
  });

  async function openPage(query = ''): Promise<{ page: Page; errors: string[] }> {
    const page = await pages.open();
    const errors = consoleErrors(page);
    await page.goto(`${own.url}/${query}`);
    await page.waitForFunction(() => (window as any).loaded === true);
    return { page, errors };
  }

  /** Payments(pk) and a mounted card element, its change events collected in window.events. */
  async function mountCard(page: Page, key = publishable): Promise<void> {
    await page.evaluate((pk) => {
      const w = window as any;
      w.payments = w.Payments(pk);
      w.card = w.payments.elements().create('card');
      w.events = [];
      w.card.on('change', (event: unknown) => w.events.push(event));
      w.card.on('ready', () => (w.ready = true));
      w.card.mount('#card');
    }, key);
    await page.waitForFunction(() => (window as any).ready === true);
  }

  const lastEvent = (page: Page) => page.evaluate(() => (window as any).events.at(-1));

  /**
   * The last change event once it has the given fields. The frame posts its events to the page, so one may arrive
   * after the keystroke that caused it has returned; reading at once would race it.
   */
  async function eventWith(page: Page, fields: Record<string, unknown>): Promise<Record<string, any>> {
    await page.waitForFunction((want) => {
      const has = (value: any, part: any): boolean =>
        part !== null && typeof part === 'object'
          ? value !== null && typeof value === 'object' && Object.keys(part).every((key) => has(value[key], part[key]))
          : value === part;
      return has((window as any).events.at(-1), want);
    }, fields);
    return lastEvent(page);
  }

  async function api(method: string, path: string, form?: Record<string, string>, base = mock.url, key = secret): Promise<Record<string, any>> {
    const res = await fetch(`${base}${path}`, { method, headers: { Authorization: `Bearer ${key}` }, ...(form ? { body: new URLSearchParams(form) } : {}) });
    return (await res.json()) as Record<string, any>;
  }

  const newPayment = (base = mock.url, key = secret) => api('POST', '/v1/payments', { amount: '1500', currency: 'eur' }, base, key);

  it('tells the page the state of the form as people type: brand, complete, empty, and the error shown', async () => {
    const { page, errors } = await openPage();
    await mountCard(page);
    await eventWith(page, { empty: true });
    expect(await page.evaluate(() => (window as any).events)).toEqual([{ elementType: 'card', complete: false, empty: true, brand: 'unknown' }]);
    const frame = cardFrame(page);
    await frame.getByLabel('Card number').pressSequentially('4');
    expect(await eventWith(page, { brand: 'visa' })).toEqual({ elementType: 'card', complete: false, empty: false, brand: 'visa' });
    await frame.getByLabel('Card number').pressSequentially('242424242424241');
    expect(await eventWith(page, { error: { code: 'invalid_number' } })).toEqual({
      elementType: 'card',
      complete: false,
      empty: false,
      brand: 'visa',
      error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.', param: 'card[number]' },
    });
    await expect(frame.getByRole('alert').textContent()).resolves.toBe('Your card number is invalid.');
    await expect(frame.getByLabel('Card number').getAttribute('aria-invalid')).resolves.toBe('true');

    await frame.getByLabel('Card number').fill('');
    await frame.getByLabel('Card number').pressSequentially('378282246310005');
    expect(await eventWith(page, { brand: 'amex' })).toMatchObject({ brand: 'amex', complete: false });
    expect(await frame.getByLabel('Card number').inputValue()).toBe('3782 822463 10005');
    await frame.getByLabel('Expiry date (MM / YY)').pressSequentially('3');
    expect(await frame.getByLabel('Expiry date (MM / YY)').inputValue()).toBe('03');
    // Unfinished is not wrong while the person types; leaving the field shows it.
    await frame.getByLabel('Security code (CVC)').focus();
    expect((await eventWith(page, { error: { code: 'incomplete_expiry' } })).error).toMatchObject({
      code: 'incomplete_expiry',
      message: "Your card's expiry date is incomplete.",
    });
    // The event before it, the last one typing "3" left (read once it is surely in, not at the keystroke), has no error.
    expect((await page.evaluate(() => (window as any).events.at(-2))).error).toBeUndefined();
    await frame.getByLabel('Expiry date (MM / YY)').press('End');
    await frame.getByLabel('Expiry date (MM / YY)').pressSequentially('30');
    expect(await frame.getByLabel('Expiry date (MM / YY)').inputValue()).toBe('03 / 30');
    await frame.getByLabel('Security code (CVC)').pressSequentially('123');
    await frame.getByLabel('Card number').focus();
    // An amex code has 4 digits.
    expect((await eventWith(page, { error: { code: 'incomplete_cvc' } })).error).toMatchObject({ code: 'incomplete_cvc', param: 'card[cvc]' });
    await frame.getByLabel('Security code (CVC)').press('End');
    await frame.getByLabel('Security code (CVC)').pressSequentially('4');
    expect(await eventWith(page, { complete: true })).toEqual({ elementType: 'card', complete: true, empty: false, brand: 'amex' });

    await page.evaluate(() => (window as any).card.clear());
    expect(await eventWith(page, { empty: true })).toEqual({ elementType: 'card', complete: false, empty: true, brand: 'unknown' });
    // card.focus() posts to the frame, which focuses its field when the message arrives: wait for it, then look.
    await page.evaluate(() => (window as any).card.focus());
    await waitForFocus(frame.getByLabel('Card number'), { window: true });
    await expect(frame.getByLabel('Card number').evaluate((input) => input === document.activeElement && document.hasFocus())).resolves.toBe(true);
    expect(errors).toEqual([]);
    await pages.close(page);
  }, 30_000);

  it('createPaymentMethod resolves { paymentMethod } with brand and last4; the page never held the number', async () => {
    const { page, errors } = await openPage();
    const requests = hostRequests(page);
    await mountCard(page);
    await typeCard(page, CARDS.success, '1230', '123');
    const result = await page.evaluate(() => (window as any).payments.createPaymentMethod({ card: (window as any).card }));
    expect(result).toEqual({
      paymentMethod: {
        id: expect.stringMatching(/^pm_/),
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
        created: 1767225600,
        livemode: false,
      },
    });
    expectNoCardNumber(await hostPageTexts(page, requests), [CARDS.success]);
    const refused = await page.evaluate(() => (window as any).payments.createPaymentMethod({ card: (window as any).card, billing_details: { name: 'A' } }));
    expect(refused.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_unknown', param: 'billing_details' });
    expect(errors).toEqual([]);
    await pages.close(page);
  }, 30_000);

  it('createPaymentMethod resolves api_connection_error when something that is not the mock answers the card', async () => {
    const { page } = await openPage();
    await mountCard(page);
    await typeCard(page, CARDS.success, '1230', '123');
    // A proxy in the way: a 502 whose JSON is no API error object. It is no payment method either.
    await page.route('**/v1/payment_methods', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"bad gateway"}' }));
    const result = await page.evaluate(() => (window as any).payments.createPaymentMethod({ card: (window as any).card }));
    expect(result.paymentMethod).toBeUndefined();
    expect(result.error).toMatchObject({ type: 'api_connection_error', message: expect.stringContaining('answered 502 without an error object') });
    await pages.close(page);
  }, 30_000);

  it('confirmPayment resolves a decline as { error } with the API error object: card_error, code, decline_code, payment', async () => {
    const { page } = await openPage();
    await mountCard(page);
    await typeCard(page, CARDS.insufficientFunds, '1230', '123');
    const payment = await newPayment();
    const result = await page.evaluate(
      ([cs]) => (window as any).payments.confirmPayment(cs, { payment_method: (window as any).card }),
      [payment.client_secret],
    );
    expect(result).toEqual({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: expect.any(String),
        payment: expect.objectContaining({ id: payment.id, status: 'requires_payment_method' }),
        doc_url: `${mock.url}/docs/errors#card_declined`,
      },
    });
    const ok = await page.evaluate(([cs]) => (window as any).payments.confirmPayment(cs, { payment_method: 'pm_card_visa' }), [payment.client_secret]);
    expect(ok.payment).toMatchObject({ id: payment.id, status: 'succeeded', client_secret: payment.client_secret });
    expect(await page.evaluate(([cs]) => (window as any).payments.retrievePayment(cs), [payment.client_secret])).toEqual({ payment: ok.payment });
    await pages.close(page);
  }, 30_000);

  it('listens only to its own frame on the mock origin, and the frame only to the page that framed it', async () => {
    const { page } = await openPage();
    await mountCard(page);
    await typeCard(page, CARDS.success, '1230', '123');
    // The last keystroke's change event (complete) may still be on its way from the frame: count once it is in.
    await eventWith(page, { complete: true });
    const events = await page.evaluate(() => (window as any).events.length);
    const tokenised = async () => ((await (await fetch(`${mock.url}/_mock/requests?path=/v1/payment_methods`)).json()) as { data: unknown[] }).data.length;
    const journalBefore = await tokenised();
    // Another frame of another origin on the page posts to the card frame and to the page.
    await page.evaluate(
      (src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.appendChild(frame);
      },
      `${own.url.replace('localhost', '127.0.0.1')}/?intruder`,
    );
    await page.frames()[2]?.waitForFunction(() => document.title === 'sent');
    // The page itself posts a forged change event to itself.
    await page.evaluate(() => window.postMessage({ v: 1, type: 'change', state: { complete: false, empty: true, brand: 'unknown' } }, '*'));
    // Then the page asks for a payment method: the frame answers it alone, the card still as typed.
    const made = await page.evaluate(() => (window as any).payments.createPaymentMethod({ card: (window as any).card }));
    expect(made.paymentMethod.card.last4).toBe('4242');
    expect(await page.evaluate(() => (window as any).events.length)).toBe(events);
    expect(await cardFrame(page).getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    expect(await tokenised()).toBe(journalBefore + 1);
    await pages.close(page);
  }, 30_000);

  it('refuses a secret or restricted key at once, saying why and without repeating the key', async () => {
    const { page } = await openPage();
    const restricted = mock.keys.find((key) => key.kind === 'restricted')?.key as string;
    const messages = await page.evaluate(
      (keys) =>
        keys.map((key) => {
          try {
            (window as any).Payments(key);
            return 'accepted';
          } catch (error) {
            return (error as Error).message;
          }
        }),
      [secret, restricted, 'hello'],
    );
    expect(messages[0]).toMatch(/^payments\.js: Payments\(\) was given a secret key \(sk_test_…\)\. It must never reach a browser/);
    expect(messages[1]).toMatch(/was given a restricted key/);
    expect(messages[2]).toMatch(/is not a publishable key: it should start with pk_test_ or pk_live_/);
    expect(messages.join(' ')).not.toContain(secret.slice(8));
    await pages.close(page);
  });

  it('resolves api_connection_error when the mock is gone, whatever the call', async () => {
    const gone = await startMock({ port: 0, fixtures: 'none', seed: 6, scenario: 'manual' });
    const goneSecret = gone.keys.find((key) => key.kind === 'secret' && !key.livemode)?.key as string;
    const gonePublishable = gone.keys.find((key) => key.kind === 'publishable' && !key.livemode)?.key as string;
    const payment = await newPayment(gone.url, goneSecret);
    const { page } = await openPage(`?mock=${encodeURIComponent(gone.url)}`);
    await mountCard(page, gonePublishable);
    await typeCard(page, CARDS.success, '1230', '123');
    await gone.close();
    const results = await page.evaluate(
      async ([cs]) => {
        const payments = (window as any).payments;
        return [
          await payments.confirmPayment(cs, { payment_method: (window as any).card }),
          await payments.confirmPayment(cs, { payment_method: 'pm_card_visa' }),
          await payments.retrievePayment(cs),
        ];
      },
      [payment.client_secret],
    );
    for (const result of results) expect(result).toEqual({ error: { type: 'api_connection_error', message: expect.stringContaining(gone.url) } });
    await pages.close(page);
  }, 30_000);

  /** A page whose timers run on Playwright's clock, with the mock's frames answered by a page that never says hello. */
  async function pageWithSilentFrames(path: string): Promise<Page> {
    const page = await pages.open();
    await page.clock.install();
    await page.route(path, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>not the mock</title>' }));
    await page.goto(`${own.url}/`);
    await page.waitForFunction(() => (window as any).loaded === true);
    return page;
  }

  /** The frame with this title, once its load event has fired (the host's 15 s wait for its hello starts then). */
  async function loadedFrame(page: Page, title: string): Promise<void> {
    const handle = await page.waitForSelector(`iframe[title="${title}"]`);
    const frame = await handle.contentFrame();
    await frame!.waitForLoadState('load');
  }

  it('a card frame that loads but never says hello resolves every call with api_connection_error after 15 s', async () => {
    const page = await pageWithSilentFrames('**/js/v1/elements/card.html*');
    await page.evaluate((pk) => {
      const w = window as any;
      w.payments = w.Payments(pk);
      w.card = w.payments.elements().create('card');
      w.card.mount('#card');
      // Called before the frame could answer: it waits for the hello.
      w.early = w.payments.createPaymentMethod({ card: w.card });
    }, publishable);
    await loadedFrame(page, 'Secure card payment input');
    await page.clock.runFor(14_000);
    expect(await page.evaluate(() => Promise.race([(window as any).early, Promise.resolve('still waiting')]))).toBe('still waiting');
    await page.clock.runFor(1_001);
    const message = expect.stringContaining(`could not load from ${mock.url}`);
    expect(await page.evaluate(() => (window as any).early)).toEqual({ error: { type: 'api_connection_error', message } });
    // A call after that fails at once, without waiting again.
    expect(await page.evaluate(() => (window as any).payments.createPaymentMethod({ card: (window as any).card }))).toEqual({
      error: { type: 'api_connection_error', message },
    });
    await pages.close(page);
  }, 30_000);

  it('a 3-D Secure page that loads but never says hello closes the challenge after 15 s with api_connection_error', async () => {
    const payment = await newPayment();
    await api('POST', `/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_authenticationRequired' });
    const page = await pageWithSilentFrames('**/3ds/**');
    const ended = page.evaluate(([pk, cs]) => (window as any).Payments(pk).handleNextAction(cs), [publishable, payment.client_secret]);
    await loadedFrame(page, '3-D Secure authentication');
    await page.clock.runFor(15_001);
    expect(await ended).toEqual({ error: { type: 'api_connection_error', message: expect.stringContaining('did not load') } });
    expect(await page.locator('iframe').count()).toBe(0);
    await pages.close(page);
  }, 30_000);

  it("redirect: 'always' sends the page to the challenge, and return_url brings it back to read the payment", async () => {
    const { page } = await openPage();
    await page.evaluate((pk) => ((window as any).payments = (window as any).Payments(pk)), publishable);
    const payment = await newPayment();
    const missing = await page.evaluate(
      ([cs]) => (window as any).payments.confirmPayment(cs, { payment_method: 'pm_card_visa', redirect: 'always' }),
      [payment.client_secret],
    );
    expect(missing.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_missing', param: 'return_url' });

    await Promise.all([
      page.waitForURL(`${mock.url}/3ds/**`),
      page.evaluate(
        ([cs, back]) =>
          void (window as any).payments.confirmPayment(cs, { payment_method: 'pm_card_authenticationRequired', redirect: 'always', return_url: back }),
        [payment.client_secret, `${own.url}/done`],
      ),
    ]);
    await Promise.all([page.waitForURL(`${own.url}/done?**`), page.getByRole('button', { name: 'Complete authentication' }).click()]);
    const back = new URL(page.url()).searchParams;
    expect(Object.fromEntries(back)).toEqual({ payment: payment.id, payment_client_secret: payment.client_secret, redirect_status: 'succeeded' });
    await page.waitForFunction(() => (window as any).loaded === true);
    const read = await page.evaluate(([pk, cs]) => (window as any).Payments(pk).retrievePayment(cs), [publishable, back.get('payment_client_secret')]);
    expect(read.payment).toMatchObject({ id: payment.id, status: 'succeeded' });
    await pages.close(page);
  }, 30_000);

  it('handleNextAction opens the challenge of a payment confirmed elsewhere, and resolves with how it ended', async () => {
    const payment = await newPayment();
    await api('POST', `/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_authenticationRequired' });
    const { page, errors } = await openPage('?module');
    const ended = page.evaluate(([pk, cs]) => (window as any).Payments(pk).handleNextAction(cs), [publishable, payment.client_secret]);
    await page.frameLocator('iframe[title="3-D Secure authentication"]').getByRole('button', { name: 'Fail authentication' }).click();
    expect(await ended).toEqual({
      error: expect.objectContaining({
        type: 'card_error',
        code: 'payment_intent_authentication_failure',
        payment: expect.objectContaining({ id: payment.id, status: 'requires_payment_method' }),
      }),
    });
    // Nothing left to do: the payment as it is.
    const again = await page.evaluate(([pk, cs]) => (window as any).Payments(pk).handleNextAction(cs), [publishable, payment.client_secret]);
    expect(again.payment).toMatchObject({ status: 'requires_payment_method' });
    expect(errors).toEqual([]);
    await pages.close(page);
  }, 30_000);
});
