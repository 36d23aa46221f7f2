import type { MockContext } from '../context/mock-context';
import { CHALLENGE_PATH } from '../domain/three-d-secure';
import type { MockResponse, Pages } from '../request-response';
import { acceptedOrigin } from '../http/admin-guard';
import { jsonResponse } from '../http/respond';
import { KIT_PATH } from '../browser/kit-path';

/* eslint-disable @typescript-eslint/no-require-imports -- each page's code loads when it is first asked for: a start serves none of them (docs/performance.md, "Boot") */
const challengePage = () => require('../pages/three-d-secure-page') as typeof import('../pages/three-d-secure-page');
const kitPages = () => require('../browser/kit-pages') as typeof import('../browser/kit-pages');
const errorsPage = () => (require('../pages/errors-page') as typeof import('../pages/errors-page')).errorsPage();
const reviewPage = () => (require('../pages/review-page') as typeof import('../pages/review-page')).reviewPage();
const dashboard = () => require('../dashboard/static-files') as typeof import('../dashboard/static-files');
const stream = () => require('../dashboard/stream') as typeof import('../dashboard/stream');
const openApi = () => require('../openapi/build-openapi') as typeof import('../openapi/build-openapi');
/* eslint-enable @typescript-eslint/no-require-imports */

const html = (body: string): MockResponse => ({ status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body });

/** `/3ds/{payment}`: one segment after the prefix. */
const isChallenge = (path: string) => path.startsWith(CHALLENGE_PATH) && path.length > CHALLENGE_PATH.length && !path.includes('/', CHALLENGE_PATH.length);

/**
 * Every page of an instance beside the route tables, in the order they are tried: what a person opens (the 3-D
 * Secure challenge, the dashboard, the errors page), the browser kit (payments.js and the card element, /js/) and
 * the OpenAPI document. The HTTP layer serves them without
 * knowing the features behind them.
 */
export function sitePages(ctx: MockContext): Pages {
  return {
    site: [
      { path: isChallenge, answer: (req, path, query) => challengePage().handleChallenge(ctx, req, path, query) },
      { path: (path) => path.startsWith(KIT_PATH), answer: (req, path, query) => kitPages().handleKitPage(ctx, req, path, query) },
      // A person typing the address gets the dashboard; API clients still get the JSON 404.
      {
        method: 'GET',
        path: (path) => path === '/',
        answer: (req) => (/text\/html/.test(String(req.headers.accept)) ? { status: 302, headers: { Location: '_mock/dashboard' }, body: '' } : undefined),
      },
      // Its server URL follows a Host the admin check accepts (localhost, 127.0.0.1, [::1], the listening address):
      // where the client is. Any other keeps the listening address, so a rebinding name never ends up in a client.
      {
        method: 'GET',
        path: '/openapi.json',
        // Built on first use from every route table, the admin API's included: a start does not load them.
        answer: (req, _path, _query, base) =>
          jsonResponse(200, openApi().openApiDocument(req.origin ?? acceptedOrigin(ctx.baseUrl, req.headers.host, ctx.allowedHosts) ?? base)),
      },
      { method: 'GET', path: '/docs/errors', answer: () => html(errorsPage()) },
      { method: 'GET', path: '/docs/errors/', answer: () => html(errorsPage()) },
      { method: 'GET', path: '/docs/review', answer: () => html(reviewPage()) },
      { method: 'GET', path: '/docs/review/', answer: () => html(reviewPage()) },
    ],
    admin: [
      { method: 'GET', path: (path) => path.startsWith('/_mock/dashboard'), open: true, answer: (_req, path) => dashboard().dashboardFile(path) },
      { method: 'GET', path: '/_mock/stream', answer: () => stream().streamResponse(ctx) },
    ],
  };
}
