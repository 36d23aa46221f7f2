import { nodeBuiltin } from '../runtime/platform';
import { MockResponse } from '../request-response';

/** What `npm run build` writes (scripts/build-dashboard.js): file names with a content hash, so they never change. */
interface Manifest {
  js: string;
  css: string;
}

interface Assets {
  page: string;
  files: Map<string, { type: string; body: string }>;
}

/**
 * The page is a shell that holds no data: every key and object comes through the (guarded) admin API. Its
 * scripts may only talk to this origin, it may not be framed, and it sends no Referer.
 */
const PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

/** Built once per process on first use: the files are immutable, so one copy serves every instance. */
let loaded: Assets | undefined;

/**
 * The dashboard's page (`GET /_mock/dashboard`) and its hashed static files (`/_mock/dashboard/<file>`, cached
 * for a year), or undefined when the path is not one of them. Open without the admin token: they hold no data.
 */
export function dashboardFile(path: string): MockResponse | undefined {
  if (path === '/_mock/dashboard') {
    return { status: 200, headers: { ...PAGE_HEADERS }, body: assets().page };
  }
  if (path === '/_mock/dashboard/') return { status: 301, headers: { Location: '../dashboard' }, body: '' };
  const file = assets().files.get(path.slice('/_mock/dashboard/'.length));
  if (!file) return undefined;
  return {
    status: 200,
    headers: { 'Content-Type': file.type, 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' },
    body: file.body,
  };
}

function assets(): Assets {
  if (loaded) return loaded;
  const fs = nodeBuiltin<typeof import('node:fs')>('node:fs');
  const { join } = nodeBuiltin<typeof import('node:path')>('node:path') ?? { join: (...parts: string[]) => parts.join('/') };
  if (!fs) {
    // Inside a browser page (payments-mock/msw) there are no files to serve: the admin API still answers.
    return { page: shell('<p>The dashboard is not available in the browser build: run the mock with Node to open it.</p>', undefined), files: new Map() };
  }
  // dist/dashboard (or the bundled CLI's dist/cli), else dist/ seen from src/ (tests run from source).
  const dir = [join(__dirname, '..', 'dashboard', 'public'), join(__dirname, '..', '..', 'dist', 'dashboard', 'public')].find((candidate) =>
    fs.existsSync(join(candidate, 'manifest.json')),
  );
  if (!dir) {
    // A source checkout that was never built: say how to fix it rather than serve a blank page.
    return { page: shell('<p>The dashboard is not built: run <code>npm run build</code>.</p>', undefined), files: new Map() };
  }
  const manifest = JSON.parse(fs.readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const files = new Map<string, { type: string; body: string }>();
  for (const name of [manifest.js, manifest.css])
    files.set(name, { type: TYPES[name.split('.').pop() as string] as string, body: fs.readFileSync(join(dir, name), 'utf8') });
  loaded = { page: shell('', manifest), files };
  return loaded;
}

/** Relative links, so the page also works when createApp() is mounted under a path in a host app. */
function shell(content: string, manifest: Manifest | undefined): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>payments-mock dashboard</title>',
    '<link rel="icon" href="data:,">',
    manifest ? `<link rel="stylesheet" href="dashboard/${manifest.css}">` : '',
    manifest ? `<script type="module" src="dashboard/${manifest.js}"></script>` : '',
    '</head>',
    `<body><div id="app">${content}</div></body>`,
    '</html>',
    '',
  ].join('\n');
}
