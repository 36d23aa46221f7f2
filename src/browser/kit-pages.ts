import type { MockContext } from '../context/mock-context';
import { ApiError } from '../errors/api-error';
import { MockRequest, MockResponse } from '../request-response';
import { cardPage, cardPageHeaders } from './card-page';
import { kitFiles } from './kit-files';

const SCRIPT_TYPE = 'text/javascript; charset=utf-8';
const CARD_PAGE = '/js/v1/elements/card.html';
const ENTRY_FILES: Record<string, string> = { '/js/v1/payments.js': 'payments.js', '/js/v1/payments.mjs': 'payments.mjs' };

/**
 * Cache policy. The card script's name carries its content hash, so it is cached for a year. payments.js and
 * payments.mjs keep the stable names people type into their pages: a day, then revalidated by ETag, so a new
 * version of the mock reaches the page without anyone clearing a cache. The element page carries the clock and is
 * never cached.
 */
const HASHED_CACHE = 'public, max-age=31536000, immutable';
const ENTRY_CACHE = 'public, max-age=86400';

/**
 * The browser kit's files and the card element's page. Scripts may be loaded by any origin (CORS is added by the
 * caller, as for every page outside /_mock); the element page may be framed by any origin. Anything else under
 * `/js/` is the JSON 404.
 * @example handleKitPage(ctx, { method: 'GET', url: '/js/v1/payments.js', headers: {}, body: new Uint8Array() }, '/js/v1/payments.js', '')
 */
export function handleKitPage(ctx: MockContext, req: MockRequest, path: string, query: string): MockResponse {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    throw new ApiError('method_not_allowed', `${req.method} is not allowed on ${path.slice(0, 100)}: the browser kit's files are read with GET.`, {
      headers: { Allow: 'GET' },
    });
  }
  const kit = kitFiles();
  if (path === CARD_PAGE) return { status: 200, headers: cardPageHeaders(), body: cardPage(kit.card, clockForKey(ctx, query)) };
  const entry = ENTRY_FILES[path];
  const name = entry ?? (kit.card !== undefined && path === `/js/v1/elements/${kit.card}` ? kit.card : undefined);
  const file = name === undefined ? undefined : kit.files.get(name);
  if (!file) {
    const hint = kit.card === undefined ? ' The browser kit is not built: run npm run build.' : ' The kit is at /js/v1/payments.js and /js/v1/payments.mjs.';
    throw new ApiError('url_invalid', `Unrecognized request URL (${req.method} ${path.slice(0, 100)}).${hint}`);
  }
  const etag = `"${file.hash}"`;
  const headers: Record<string, string> = {
    'Content-Type': SCRIPT_TYPE,
    'Cache-Control': entry ? ENTRY_CACHE : HASHED_CACHE,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (req.headers['if-none-match'] === etag) return { status: 304, headers, body: '' };
  return { status: 200, headers, body: file.body };
}

/**
 * The clock the element checks expiry dates against: that of the publishable key's workspace (contract 17: a
 * workspace may have its own), or the server's for a key it does not know (tokenising will then say why).
 */
function clockForKey(ctx: MockContext, query: string) {
  const params = new URLSearchParams(query);
  for (const name of params.keys()) {
    if (name !== 'key') {
      throw new ApiError('parameter_unknown', `Received unknown parameter: ${name.slice(0, 100)}. The card element's page takes key (a publishable key).`, {
        param: name.slice(0, 100),
      });
    }
  }
  const key = params.get('key');
  if (!key)
    throw new ApiError('parameter_missing', 'Missing required param: key. The card element needs the publishable key (pk_test_…) in ?key=.', { param: 'key' });
  if (!/^pk_(test|live)_/.test(key)) {
    throw new ApiError('parameter_invalid', `Invalid key: the card element takes a publishable key (pk_test_… or pk_live_…), never a secret one.`, {
      param: 'key',
    });
  }
  const record = ctx.store.keys.get(key);
  return (record ? ctx.clockFor(record.workspace) : ctx.clock).state();
}
