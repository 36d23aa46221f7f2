import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

export interface MswPage {
  url: string;
  /** Every request the static server answered, as `GET /path`. */
  served: string[];
  close(): Promise<void>;
}

/**
 * A page that runs payments-mock under MSW's setupWorker, with no server of the mock's: `entry` bundled as a
 * consumer's bundler would (resolved from `workingDir`'s node_modules, through the packages' exports, not this
 * repository's tsconfig paths), served at `/<entry's name>` with `body` as the page's markup, and the worker script
 * of `workingDir`'s msw at /mockServiceWorker.js, where `npx msw init public/` puts it.
 */
export async function serveMswPage(entry: string, { workingDir, body = '' }: { workingDir: string; body?: string }): Promise<MswPage> {
  const bundle = await build({
    entryPoints: [entry],
    absWorkingDir: workingDir,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    tsconfigRaw: {},
    logLevel: 'error',
  });
  const script = `/${basename(entry)}`;
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/': {
      type: 'text/html',
      body: `<!doctype html><meta charset="utf-8"><title>shop</title><link rel="icon" href="data:,">${body}<script type="module" src="${script}"></script>`,
    },
    [script]: { type: 'text/javascript', body: bundle.outputFiles[0]!.text },
    '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(join(workingDir, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js')) },
  };
  const served: string[] = [];
  const server = createServer((req, res) => {
    served.push(`${req.method} ${req.url}`);
    const file = files[req.url ?? ''];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
