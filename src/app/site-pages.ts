import type { MockContext } from '../context/mock-context';
import { dashboardFile } from '../dashboard/static-files';
import { streamResponse } from '../dashboard/stream';
import { CHALLENGE_PATH } from '../domain/three-d-secure';
import type { MockResponse, Pages } from '../request-response';
import { acceptedOrigin } from '../http/admin-guard';
import { jsonResponse } from '../http/respond';
import { errorsPage } from '../pages/errors-page';
import { reviewPage } from '../pages/review-page';
import { handleChallenge } from '../pages/three-d-secure-page';
import { handleKitPage, KIT_PATH } from '../browser/kit-pages';

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
      { path: isChallenge, answer: (req, path, query) => handleChallenge(ctx, req, path, query) },
      { path: (path) => path.startsWith(KIT_PATH), answer: (req, path, query) => handleKitPage(ctx, req, path, query) },
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
        answer: (req, _path, _query, base) => {
          // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (above)
          const { openApiDocument } = require('../openapi/build-openapi') as typeof import('../openapi/build-openapi');
          return jsonResponse(200, openApiDocument(req.origin ?? acceptedOrigin(ctx.baseUrl, req.headers.host, ctx.allowedHosts) ?? base));
        },
      },
      { method: 'GET', path: '/docs/errors', answer: () => html(errorsPage()) },
      { method: 'GET', path: '/docs/errors/', answer: () => html(errorsPage()) },
      { method: 'GET', path: '/docs/review', answer: () => html(reviewPage()) },
      { method: 'GET', path: '/docs/review/', answer: () => html(reviewPage()) },
    ],
    admin: [
      { method: 'GET', path: (path) => path.startsWith('/_mock/dashboard'), open: true, answer: (_req, path) => dashboardFile(path) },
      { method: 'GET', path: '/_mock/stream', answer: () => streamResponse(ctx) },
    ],
  };
}
