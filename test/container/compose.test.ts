import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './containers';
import { podman, podmanQuiet, secretKey, waitForOk } from './podman';

// examples/container/compose.yaml, run with Debian's podman-compose as a user runs `docker compose up`. The user's
// `app` (`build: .`) is the one thing CI cannot have: an override file gives it the payments-mock image's node and
// test/container/compose-app.js, which reaches the sandbox by its service name. The host checks on 127.0.0.1 only:
// the published port is moved to 127.0.0.1 and a free port (the host is shared), nothing else changes.
const ROOT = join(__dirname, '..', '..');
const COMPOSE = readFileSync(join(ROOT, 'examples', 'container', 'compose.yaml'), 'utf8');
const PROJECT = `pmcompose${process.pid}`;
const MOCK = `${PROJECT}_payments-mock_1`;
const APP = `${PROJECT}_app_1`;

describe('examples/container/compose.yaml through podman-compose', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pm-compose-'));
  const compose = (...args: string[]): string =>
    execFileSync('podman-compose', ['-p', PROJECT, '-f', join(dir, 'compose.yaml'), '-f', join(dir, 'ci-app.yaml'), ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
  let url = '';

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    expect(COMPOSE).toContain("      - '4010:4010'\n");
    writeFileSync(join(dir, 'compose.yaml'), COMPOSE.replace("      - '4010:4010'\n", `      - '127.0.0.1:${port}:4010'\n`));
    writeFileSync(
      join(dir, 'ci-app.yaml'),
      [
        'services:',
        '  app:',
        // An image that exists locally: podman-compose then skips the `build: .` of the user's app.
        '    image: payments-mock',
        "    entrypoint: ['node', '/ci/compose-app.js']",
        '    volumes:',
        `      - ${join(__dirname, 'compose-app.js')}:/ci/compose-app.js:ro`,
        '',
      ].join('\n'),
    );
    compose('up', '-d');
    await waitForOk(`${url}/_mock/health`, 'the payments-mock service');
  });
  afterAll(() => {
    try {
      // The containers first, with their anonymous volumes (the image declares /data: the app gets one), which
      // `down --volumes` of podman-compose 1.0 leaves; then what `down` removes; then the project's network.
      for (const id of podman(['ps', '--all', '--quiet', '--filter', `label=io.podman.compose.project=${PROJECT}`])
        .split('\n')
        .filter(Boolean))
        podmanQuiet(['rm', '--force', '--volumes', '--time', '2', id]);
      compose('down', '--volumes', '--timeout', '5');
    } finally {
      // Only this project's: by its label and names.
      for (const name of podman(['volume', 'ls', '--quiet', '--filter', `label=io.podman.compose.project=${PROJECT}`])
        .split('\n')
        .filter(Boolean))
        podmanQuiet(['volume', 'rm', '--force', name]);
      podmanQuiet(['network', 'rm', '--force', `${PROJECT}_default`]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** The app's log lines (JSON), once `done` says it has what the test waits for (bounded). */
  async function appLog(done: (lines: Array<Record<string, unknown>>) => boolean): Promise<Array<Record<string, unknown>>> {
    const started = Date.now();
    for (;;) {
      const lines = podman(['logs', APP])
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      if (done(lines) || Date.now() - started > 30_000) return lines;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('the app creates a payment through the sandbox by its service name (http://payments-mock:4010)', async () => {
    const lines = await appLog((log) => log.some((line) => line.msg !== 'webhook'));
    const created = lines.find((line) => line.msg === 'created');
    expect(created).toMatchObject({ status: 200, id: expect.stringMatching(/^pay_/) });
    // The sandbox's journal, read from the host, shows the request under the service name's Host.
    const journal = (await (await fetch(`${url}/_mock/requests?method=POST&path=/v1/payments`)).json()) as {
      data: Array<{ response_body: { id: string }; request_headers: Record<string, string> }>;
    };
    const entry = journal.data.find((request) => request.response_body.id === created?.id);
    expect(entry?.request_headers.host).toBe('payments-mock:4010');
  });

  it("delivers the payment's webhooks to the app by its service name (http://app:3000/webhooks), answered 200", async () => {
    await fetch(`${url}/_mock/webhooks/flush`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const lines = await appLog((log) => log.filter((line) => line.msg === 'webhook').length >= 2);
    expect(lines.filter((line) => line.msg === 'webhook').map((line) => line.type)).toEqual(expect.arrayContaining(['payment.created', 'payment.succeeded']));
    const deliveries = (await (await fetch(`${url}/_mock/webhooks/deliveries`)).json()) as { data: Array<{ url: string; status: string }> };
    expect(deliveries.data.length).toBeGreaterThanOrEqual(2);
    for (const delivery of deliveries.data) expect(delivery).toMatchObject({ url: 'http://app:3000/webhooks', status: 'succeeded' });
  });

  it('keeps the store on the named volume across a restart of the sandbox', async () => {
    const key = await secretKey(url);
    const created = (await (
      await fetch(`${url}/v1/payments`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}` },
        body: new URLSearchParams({ amount: '700', currency: 'eur' }),
      })
    ).json()) as { id: string };
    podman(['restart', '--time', '10', MOCK]);
    await waitForOk(`${url}/_mock/health`, 'the restarted payments-mock service');
    expect(podman(['logs', MOCK])).toContain('payments-mock: state saved to /data/state.json');
    const retrieved = await fetch(`${url}/v1/payments/${created.id}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(retrieved.status).toBe(200);
    expect(((await retrieved.json()) as { amount: number }).amount).toBe(700);
  });
});
