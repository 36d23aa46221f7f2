import type { MockRequest, MockResponse, Page, Pages } from '../request-response';
import { ApiError } from '../errors/api-error';
import { anyOf } from '../near-miss/closest-words';
import { unversionedRoute } from '../near-miss/unversioned-route';
import { V1_ROUTES } from '../routes';
import { Router } from './router';

interface ExactPage extends Page {
  method: string;
  path: string;
}

const isExact = (page: Page): page is ExactPage => typeof page.path === 'string' && page.method !== undefined;

/**
 * An instance's pages, ready to match: pages that claim paths by a test are tried in order, then the exact ones
 * through a router (so a known path with another method is 405, an unknown one 404, as on /v1). Built once per
 * `Pages` object.
 */
export class PageTable {
  private readonly claiming: Page[];
  private readonly exact: Router<ExactPage>;
  private readonly openAdmin: Page[];
  private readonly guardedAdmin: Page[];

  constructor(pages: Pages) {
    this.claiming = pages.site.filter((page) => !isExact(page));
    this.exact = new Router(pages.site.filter(isExact));
    this.openAdmin = pages.admin.filter((page) => page.open === true);
    this.guardedAdmin = pages.admin.filter((page) => page.open !== true);
  }

  /** A page outside /_mock; throws the router's 404 or 405 when none is there. */
  site(req: MockRequest, path: string, query: string, base: string): MockResponse | Promise<MockResponse> {
    const claimed = answerFirst(this.claiming, req, path, query, base);
    if (claimed) return claimed;
    // A page with an exact path and method always answers (declining is for pages that claim paths by a test).
    let page: ExactPage;
    try {
      page = this.exact.match(req.method, path).route;
    } catch (error) {
      throw missingV1(error, req.method, path);
    }
    return page.answer(req, path, query, base) as MockResponse | Promise<MockResponse>;
  }

  /** A page under /_mock that loads without the admin token, if one answers. */
  openAdminPage(req: MockRequest, path: string, query: string, base: string): MockResponse | Promise<MockResponse> | undefined {
    return answerFirst(this.openAdmin, req, path, query, base);
  }

  /** A page under /_mock behind the admin token, if one answers (else the admin route table does). */
  adminPage(req: MockRequest, path: string, query: string, base: string): MockResponse | Promise<MockResponse> | undefined {
    return answerFirst(this.guardedAdmin, req, path, query, base);
  }
}

/**
 * An unknown page whose path is an API route without its `/v1`, or with the version spelt otherwise (`GET /payments`,
 * `GET /V1/payments`): the 404 names those routes rather than the closest page.
 */
function missingV1(error: unknown, method: string, path: string): unknown {
  if (!(error instanceof ApiError) || error.code !== 'url_invalid') return error;
  const suggestions = unversionedRoute(method, path, V1_ROUTES);
  if (suggestions.length === 0) return error;
  return new ApiError(
    'url_invalid',
    `Unrecognized request URL (${method.slice(0, 20)} ${path.slice(0, 200)}). The API is under /v1: did you mean ${anyOf(suggestions)}?`,
    {
      body: { suggestions },
    },
  );
}

function answerFirst(pages: Page[], req: MockRequest, path: string, query: string, base: string): MockResponse | Promise<MockResponse> | undefined {
  for (const page of pages) {
    if (page.method !== undefined && page.method !== req.method) continue;
    if (typeof page.path === 'string' ? page.path !== path : !page.path(path)) continue;
    const answer = page.answer(req, path, query, base);
    if (answer) return answer;
  }
  return undefined;
}

const tables = new WeakMap<Pages, PageTable>();

/** The table for an instance's pages, made on first use. */
export function pageTable(pages: Pages): PageTable {
  let table = tables.get(pages);
  if (!table) tables.set(pages, (table = new PageTable(pages)));
  return table;
}
