import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildah, Container, IMAGE, imageConfig, removeContainers, runIn, startContainer } from './containers';

// What a user of the image checks, from the host: scripts/container/ci.sh builds the repository's Containerfile on
// the stand-in base and runs this with PAYMENTS_MOCK_IMAGE set.
const ROOT = join(__dirname, '..', '..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const LOCK = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
const HOST_CA = process.env.PAYMENTS_MOCK_BUILD_CA ?? '/etc/ssl/certs/ca-certificates.crt';

/** GET with the Host header another container would send (fetch may not set Host). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject).end();
  });
}

async function secretKey(url: string): Promise<string> {
  const keys = (await (await fetch(`${url}/_mock/keys`)).json()) as { data: Array<{ key: string; kind: string; livemode: boolean }> };
  return keys.data.find((k) => k.kind === 'secret' && !k.livemode)!.key;
}

/** Every file under `dir` (no symlinks followed), as paths relative to it. */
function walk(dir: string, base = dir, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, base, out);
    else out.push(path.slice(base.length));
  }
  return out;
}

if (!IMAGE) throw new Error('PAYMENTS_MOCK_IMAGE is not set: run these checks through scripts/container/ci.sh, which builds the image first.');

describe(`the container image ${IMAGE}`, () => {
  const running: Container[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'pm-container-data-'));
  let first: Container;
  let paymentId = '';

  beforeAll(async () => {
    // The volume belongs to the image's user, as a named volume initialised from the image's /data would.
    chownSync(dataDir, 1000, 1000);
    first = await startContainer({ dataDir, env: { PAYMENTS_MOCK_ALLOWED_HOSTS: 'payments-mock' }, pid1: true });
    running.push(first);
  });
  afterAll(async () => {
    await removeContainers(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('declares the defaults the docs promise: port 4010, /data volume, state file there, 0.0.0.0, a non-root user', () => {
    const { config } = imageConfig();
    expect(Object.keys(config.ExposedPorts)).toEqual(['4010/tcp']);
    expect(Object.keys(config.Volumes)).toEqual(['/data']);
    expect(config.Env).toEqual(expect.arrayContaining(['PAYMENTS_MOCK_HOST=0.0.0.0', 'PAYMENTS_MOCK_PORT=4010', 'PAYMENTS_MOCK_STATE=/data/state.json']));
    expect(config.User).toBe('1000:1000');
    expect(config.Entrypoint).toEqual(['node', '/app/bin/payments-mock.js']);
    expect(config.Healthcheck.Test.join(' ')).toContain('/_mock/health');
  });

  it('keeps the build-time CA bundle out: no NODE_EXTRA_CA_CERTS in its environment or history', () => {
    const { config, history } = imageConfig();
    expect(config.Env.join('\n')).not.toContain('NODE_EXTRA_CA_CERTS');
    expect(history.map((step) => step.created_by ?? '').join('\n')).not.toMatch(/NODE_EXTRA_CA_CERTS|build-ca/);
  });

  it("holds the package and its production dependencies only: no dev dependency, tests, TypeScript sources or the host's CA bundle", () => {
    const name = buildah(['from', '--pull=never', IMAGE]);
    const root = buildah(['mount', name]);
    try {
      // The package bundles what it runs (scripts/vendored.js): `npm ci --omit=dev` may leave no node_modules at all.
      const modulesFolder = join(root, 'app', 'node_modules');
      const modules = existsSync(modulesFolder) ? readdirSync(modulesFolder) : [];
      const dependencies = Object.keys(PACKAGE.dependencies ?? {});
      for (const dependency of dependencies) expect(existsSync(join(root, 'app', 'node_modules', dependency))).toBe(true);
      expect(modules.filter((name) => !name.startsWith('.') && !dependencies.includes(name))).toEqual([]);
      // Every package the lock file marks dev-only is absent (the MCP SDK and its dependencies too: it is bundled).
      const devOnly = Object.entries(LOCK.packages)
        .filter(([path, entry]) => path.startsWith('node_modules/') && entry.dev === true)
        .map(([path]) => path);
      expect(devOnly.length).toBeGreaterThan(100);
      expect(devOnly.filter((path) => existsSync(join(root, 'app', path)))).toEqual([]);
      for (const tool of ['typescript', 'jest', 'ts-jest', 'eslint', 'esbuild', 'vitest', 'msw', '@playwright/test']) expect(modules).not.toContain(tool);
      const own = walk(join(root, 'app')).filter((path) => !path.startsWith('/node_modules/'));
      expect(own.filter((path) => /\.ts$/.test(path) && !/\.d\.ts$/.test(path))).toEqual([]);
      expect(own.filter((path) => /^\/(src|test|examples|scripts|bench)\//.test(path))).toEqual([]);
      expect(existsSync(join(root, 'src'))).toBe(false);
      // The host's bundle, byte for byte, anywhere in the image (the base has no CA store of its own to confuse it with).
      const ca = readFileSync(HOST_CA);
      const digest = createHash('sha256').update(ca).digest('hex');
      const copies = walk(root)
        .filter((path) => !path.startsWith('/proc/') && !path.startsWith('/sys/') && !path.startsWith('/dev/'))
        .filter((path) => {
          const stat = statSync(join(root, path), { throwIfNoEntry: false });
          return (
            stat?.isFile() &&
            stat.size === ca.length &&
            createHash('sha256')
              .update(readFileSync(join(root, path)))
              .digest('hex') === digest
          );
        });
      expect(copies).toEqual([]);
    } finally {
      buildah(['umount', name]);
      buildah(['rm', name]);
    }
  });

  it('passes its own HEALTHCHECK once serving (and fails it where nothing listens)', async () => {
    const test = imageConfig().config.Healthcheck.Test;
    expect(test[0]).toBe('CMD');
    expect(runIn(first.name, test.slice(1), { PAYMENTS_MOCK_PORT: String(first.port) })).toBe(0);
    expect(runIn(first.name, test.slice(1), { PAYMENTS_MOCK_PORT: '1' })).not.toBe(0);
  });

  it('runs its entrypoint as PID 1 of its PID namespace, as a non-root user', () => {
    const status = readFileSync(`/proc/${first.nodePid()}/status`, 'utf8');
    expect(/^NSpid:\s+\d+\s+(\d+)$/m.exec(status)?.[1]).toBe('1');
    expect(/^Uid:\s+(.*)$/m.exec(status)?.[1]?.split(/\s+/)).toEqual(['1000', '1000', '1000', '1000']);
  });

  it('creates and retrieves a payment through the published port', async () => {
    const key = await secretKey(first.url);
    const created = await fetch(`${first.url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
    });
    expect(created.status).toBe(200);
    paymentId = ((await created.json()) as { id: string }).id;
    const retrieved = await fetch(`${first.url}/v1/payments/${paymentId}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(retrieved.status).toBe(200);
    expect(((await retrieved.json()) as { amount: number }).amount).toBe(2000);
  });

  it('serves the dashboard page and its script', async () => {
    const page = await fetch(`${first.url}/_mock/dashboard`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(new URL(script!, `${first.url}/_mock/dashboard`))).status).toBe(200);
  });

  it('answers /_mock/* for the allowed host name and still refuses any other (DNS rebinding)', async () => {
    expect((await getWithHost(`${first.url}/_mock/keys`, `payments-mock:${first.port}`)).status).toBe(200);
    const refused = await getWithHost(`${first.url}/_mock/keys`, `evil.example:${first.port}`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error.code).toBe('host_not_allowed');
    // Links in answers name the service, not the 0.0.0.0 the container listens on.
    const missing = await getWithHost(`${first.url}/v1/nope`, `payments-mock:${first.port}`);
    expect(JSON.parse(missing.body).error.doc_url).toBe(`http://payments-mock:${first.port}/docs/errors#url_invalid`);
  });

  it('saves the state file onto the volume on SIGTERM within 10 s, and a second container serves it', async () => {
    expect(paymentId).not.toBe('');
    const stoppedAt = Date.now();
    process.kill(first.nodePid(), 'SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(first.output()).toContain('payments-mock: state saved to /data/state.json');
    const saved = join(dataDir, 'state.json');
    expect(statSync(saved).uid).toBe(1000);
    expect(readFileSync(saved, 'utf8')).toContain(paymentId);

    const second = await startContainer({ dataDir });
    running.push(second);
    const key = await secretKey(second.url);
    const retrieved = await fetch(`${second.url}/v1/payments/${paymentId}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(retrieved.status).toBe(200);
    // Run by the image's own USER this time (no PID-1 wrapper): still not root.
    expect(readFileSync(`/proc/${second.nodePid()}/status`, 'utf8')).toMatch(/^Uid:\s+1000\s/m);
  });
});
