import { expect, test } from 'payments-mock/playwright';

test('a person completes 3-D Secure on the page the mock serves', async ({ page, paymentsMock }) => {
  await paymentsMock.setScenario('manual');
  const created = await paymentsMock.request('POST', '/v1/payments', { amount: 4200, currency: 'eur' });
  const confirmed = await paymentsMock.request('POST', `/v1/payments/${created.body.id}/confirm`, {
    payment_method: 'pm_card_authenticationRequired',
    return_url: `${paymentsMock.url}/_mock/health`,
  });
  expect(confirmed.body.status).toBe('requires_action');
  await page.goto(confirmed.body.next_action.redirect_to_url.url);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/_mock\/health/);
  const after = await paymentsMock.request('GET', `/v1/payments/${created.body.id}`);
  expect(after.body.status).toBe('succeeded');
});

test("the worker's clock moves alone", async ({ paymentsMock }) => {
  const before = await paymentsMock.clock.now();
  const moved = await paymentsMock.clock.advance('31d');
  expect(moved.now - before).toBeGreaterThanOrEqual(31 * 86400);
  expect(moved.follows_server).toBe(false);
  const server = (await (await fetch(`${paymentsMock.url}/_mock/clock`)).json()) as { now: number };
  expect(server.now - before).toBeLessThan(3600);
  await paymentsMock.reset();
});

test('leaves no critical finding', ({ paymentsMock }) => paymentsMock.assertReviewClean({ failOn: 'critical' }));
