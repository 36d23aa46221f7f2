// src/mocks/browser.js: the payments sandbox inside the page, answered by MSW's service worker. The worker's own
// script comes from `npx msw init public/ --save`, which copies mockServiceWorker.js into the folder the dev server
// serves at /; setupWorker registers it from /mockServiceWorker.js.
import { setupWorker } from 'msw/browser';
import { createPaymentsHandlers } from 'payments-mock/msw';

export const payments = createPaymentsHandlers({ baseUrl: 'https://api.payments.test', scenario: 'manual' });
export const worker = setupWorker(...payments.handlers);
