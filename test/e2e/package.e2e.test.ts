import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { requireBuild } from '../helpers/cli-process';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Issue 44: what installing the package may bring, at most. */
const INSTALL_BUDGET = { packages: 10, bytes: 10e6 };

/** The packages under a node_modules tree (scoped and nested ones too), and the bytes of all its files. */
function installedTree(nodeModules: string): { packages: string[]; bytes: number } {
  const packages: string[] = [];
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        bytes += statSync(path).size;
        if (entry.name === 'package.json' && /node_modules[\\/](@[^\\/]+[\\/])?[^\\/]+$/.test(dir)) packages.push(dir.slice(nodeModules.length + 1));
      }
    }
  };
  walk(nodeModules);
  return { packages, bytes };
}

/** A strict consumer: no @types of any kind, no skipLibCheck. */
const CONSUMER_TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'node16',
    moduleResolution: 'node16',
    lib: ['ES2022'],
    types: [],
    skipLibCheck: false,
    noEmit: true,
  },
  files: ['index.ts'],
};

const CONSUMER_SOURCE = `import { createApp, createFetchHandler, startMock } from 'payments-mock';
import type { Customer, FetchHandler, MockApp, MockServer, Payment } from 'payments-mock';

// No DOM library and no @types/node here: the fetch handler's Request and Response are the runtime's, or never.
export const handler: FetchHandler = createFetchHandler({ fixtures: 'none', seed: 1 });

export async function run(): Promise<Payment['status']> {
  const mock: MockServer = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
  const app: MockApp = createApp({ fixtures: 'none', seed: 2 });
  void app;
  const key = mock.keys.find((entry) => entry.kind === 'secret' && !entry.livemode)?.key ?? '';
  const res = await mock.inject({ method: 'POST', url: '/v1/payments', headers: { Authorization: \`Bearer \${key}\` }, body: { amount: 2000, currency: 'usd' } });
  const payment = JSON.parse(res.body) as Payment;
  const phone: Customer['phone'] = null;
  void phone;
  mock.clock.advance('25h');
  await mock.close();
  return payment.status;
}
`;

/** A strict browser project (a bundler's resolution, the DOM lib) using payments-mock/browser. */
const BROWSER_TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: 'ES2022',
    module: 'preserve',
    moduleResolution: 'bundler',
    lib: ['ES2022', 'DOM'],
    types: [],
    skipLibCheck: false,
    noEmit: true,
  },
  files: ['checkout.ts'],
};

const BROWSER_SOURCE = `import { Payments } from 'payments-mock/browser';
import type { CardChangeEvent, PaymentResult, PaymentsError } from 'payments-mock/browser';

export async function pay(clientSecret: string): Promise<string> {
  const payments = Payments('pk_test_123', { apiBase: 'http://127.0.0.1:4010' });
  const card = payments.elements().create('card', { style: { base: { color: '#333' }, invalid: { color: '#b00' } } });
  card.mount('#card');
  card.on('change', (event: CardChangeEvent) => {
    if (event.error) console.log(event.error.code, event.brand, event.complete);
  });
  const made = await payments.createPaymentMethod({ card });
  if (made.paymentMethod) console.log(made.paymentMethod.card.last4);
  const result: PaymentResult = await payments.confirmPayment(clientSecret, { payment_method: card, return_url: 'https://shop.test/done' });
  if (result.error) {
    const error: PaymentsError = result.error;
    return error.decline_code ?? error.message;
  }
  return result.payment.status;
}
`;

describe('the npm package, installed from its tarball into an empty folder', () => {
  let folder: string;
  let tarball: string;
  let installLog: string;
  let peersInstalled: Promise<string>;

  beforeAll(async () => {
    requireBuild();
    folder = mkdtempSync(join(tmpdir(), 'payments-mock-package-'));
    // dist/ is built already (npm test builds first); --ignore-scripts keeps `prepack` from rebuilding it under
    // the other tests' feet.
    const packed = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: ROOT });
    tarball = join(folder, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]!.filename);
    const consumer = join(folder, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
    // The project with the runners installs at the same time (its test awaits it): most of both is waiting on npm.
    peersInstalled = installPeers();
    peersInstalled.catch(() => undefined);
    // As a CI job from nothing: an empty npm cache, and --offline, so npm fails if it needs anything from a registry.
    const emptyCache = join(folder, 'empty-npm-cache');
    mkdirSync(emptyCache);
    const installed = await run(NPM, ['install', '--no-audit', '--no-fund', '--offline', tarball], {
      cwd: consumer,
      env: { ...process.env, npm_config_cache: emptyCache },
    });
    installLog = `${installed.stdout}${installed.stderr}`;
  }, 120_000);

  /** A project with the runners the adapters serve, at this repository's versions, and the tarball. */
  async function installPeers(): Promise<string> {
    const peers = join(folder, 'peers');
    mkdirSync(peers);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const pinned = ['msw', 'vitest', '@playwright/test', 'testcontainers', '@types/node', 'express'].map((name) => `${name}@${manifest.devDependencies[name]}`);
    writeFileSync(join(peers, 'package.json'), JSON.stringify({ name: 'peers', version: '1.0.0', private: true }));
    await run(NPM, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball, ...pinned], { cwd: peers });
    return peers;
  }

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const consumer = () => join(folder, 'consumer');
  const installedPackage = () => join(consumer(), 'node_modules', 'payments-mock');

  it('installs as one light package: nothing from a registry, at most 10 packages and 10 MB', () => {
    const tree = installedTree(join(consumer(), 'node_modules'));
    expect(tree.packages).toEqual(['payments-mock']);
    expect(tree.packages.length).toBeLessThanOrEqual(INSTALL_BUDGET.packages);
    expect(tree.bytes).toBeLessThanOrEqual(INSTALL_BUDGET.bytes);
    const manifest = JSON.parse(readFileSync(join(installedPackage(), 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
  });

  it('ships the licence of each package bundled into its files', () => {
    const licences = readFileSync(join(installedPackage(), 'dist', 'THIRD_PARTY_LICENSES'), 'utf8');
    for (const name of ['commander', 'chalk', 'ajv', '@modelcontextprotocol/sdk', 'zod', 'preact', 'htm']) {
      const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
      expect(licences).toContain(`\n${name} ${version} (`);
    }
  });

  it('loads payments-mock without Express, and createApp() then says to install it', async () => {
    const script = `
      const { createApp, createFetchHandler } = require('payments-mock');
      createFetchHandler({ fixtures: 'none', seed: 1 });
      try { createApp({ fixtures: 'none' }); console.log('made an app'); } catch (error) { console.log(error.name + ': ' + error.message); }`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: consumer() });
    expect(stdout.trim()).toBe(
      'ConfigError: createApp() returns an Express app, and Express is not installed: run `npm install express` (Express 5). startMock() and createFetchHandler() need nothing else.',
    );
  });

  it('serves `payments-mock mcp` from its bundled MCP SDK, with no SDK installed', async () => {
    expect(readdirSync(join(consumer(), 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['payments-mock']);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(installedPackage(), 'bin', 'payments-mock.js'), 'mcp', '--start', '--fixtures', 'none', '--seed', '1'],
      cwd: consumer(),
      stderr: 'pipe',
    });
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name)).toContain('request');
      const clock = await client.callTool({ name: 'get_clock', arguments: {} });
      expect(clock.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  }, 60_000);

  it('ships a LICENSE, and no source maps (nothing points at unshipped sources)', () => {
    expect(readFileSync(join(installedPackage(), 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else files.push(join(dir, entry.name));
      }
    };
    walk(join(installedPackage(), 'dist'));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files.filter((file) => /\.(js|d\.ts)$/.test(file) && readFileSync(file, 'utf8').includes('sourceMappingURL'))).toEqual([]);
  });

  it('has no lifecycle script that runs at install, and npm warns about none', () => {
    const manifest = JSON.parse(readFileSync(join(installedPackage(), 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(manifest.scripts?.[hook]).toBeUndefined();
    expect(installLog).not.toMatch(/payments-mock@[^\s]* \((prepare|install|postinstall|preinstall)/);
  });

  it('compiles a strict TypeScript consumer of startMock and createApp with nothing else installed', async () => {
    writeFileSync(join(consumer(), 'tsconfig.json'), JSON.stringify(CONSUMER_TSCONFIG));
    writeFileSync(join(consumer(), 'index.ts'), CONSUMER_SOURCE);
    expect(readdirSync(join(consumer(), 'node_modules')).filter((name) => name.startsWith('@types'))).toEqual([]);
    const result = await run(process.execPath, [TSC, '-p', consumer()], { cwd: consumer() }).catch((error: { stdout: string }) => ({
      stdout: error.stdout,
      failed: true,
    }));
    expect(result.stdout).toBe('');
  }, 60_000);

  it('compiles a strict browser project using payments-mock/browser, and ships the prebuilt scripts', async () => {
    const browserProject = join(consumer(), 'browser');
    mkdirSync(browserProject, { recursive: true });
    writeFileSync(join(browserProject, 'tsconfig.json'), JSON.stringify(BROWSER_TSCONFIG));
    writeFileSync(join(browserProject, 'checkout.ts'), BROWSER_SOURCE);
    const result = await run(process.execPath, [TSC, '-p', browserProject], { cwd: browserProject }).catch((error: { stdout: string }) => ({
      stdout: error.stdout,
      failed: true,
    }));
    expect(result.stdout).toBe('');
    for (const file of ['payments.js', 'payments.mjs']) {
      expect(readFileSync(join(installedPackage(), 'dist', 'browser', 'public', file), 'utf8')).toMatch(/^\/\*! payments-mock browser kit/);
    }
  }, 60_000);

  it('starts with `npx payments-mock` from there and answers', async () => {
    // Its own process group: npx runs the CLI as a child, and the test must stop both.
    const child: ChildProcess = spawn(NPX, ['payments-mock', '--port', '0', '--fixtures', 'none', '--log', 'off'], {
      cwd: consumer(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /payments-mock listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1] as string);
        });
        child.on('exit', (code) => reject(new Error(`npx payments-mock exited with ${code} before listening: ${out}`)));
      });
      const health = await fetch(`${url}/_mock/health`);
      expect(await health.json()).toMatchObject({ status: 'ok' });
    } finally {
      process.kill(-(child.pid as number), 'SIGTERM');
      await exited;
    }
  }, 60_000);

  it('compiles a strict consumer of every adapter entry point (msw, vitest, playwright, testcontainers) with their runners installed', async () => {
    const peers = await peersInstalled;
    writeFileSync(
      join(peers, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          module: 'node16',
          moduleResolution: 'node16',
          lib: ['ES2022', 'DOM'],
          types: ['node'],
          skipLibCheck: true,
          noEmit: true,
        },
        files: ['index.ts'],
      }),
    );
    writeFileSync(join(peers, 'index.ts'), PEERS_SOURCE);
    const result = await run(process.execPath, [TSC, '-p', peers], { cwd: peers }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(result.stdout).toBe('');
  }, 180_000);

  it('mounts createApp() in a host Express app, with Express installed beside it as its peer', async () => {
    const peers = await peersInstalled;
    const { stdout } = await run(process.execPath, ['-e', HOST_APP], { cwd: peers, timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual({ health: 200, created: 200, status: 'requires_confirmation', order: '42' });
  }, 180_000);
});

/** A host Express app with its own body parsers, the mock mounted under a path: a health check and a create. */
const HOST_APP = `
const express = require('express');
const { createApp } = require('payments-mock');
const host = express();
host.use(express.urlencoded({ extended: true }));
host.use('/payments', createApp({ fixtures: 'none', seed: 1 }));
const server = host.listen(0, '127.0.0.1', async () => {
  const base = 'http://127.0.0.1:' + server.address().port + '/payments';
  const health = await fetch(base + '/_mock/health');
  const keys = (await (await fetch(base + '/_mock/keys')).json()).data;
  const key = keys.find((k) => k.kind === 'secret' && !k.livemode).key;
  const answer = await fetch(base + '/v1/payments', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'amount=2000&currency=usd&metadata[order]=42',
  });
  const payment = await answer.json();
  console.log(JSON.stringify({ health: health.status, created: answer.status, status: payment.status, order: payment.metadata.order }));
  server.close();
});
`;

/** Every adapter entry point, used as its docs show. */
const PEERS_SOURCE = `import { setupServer } from 'msw/node';
import { createPaymentsHandlers, type PaymentsMockHandlers } from 'payments-mock/msw';
import { createGlobalSetup, useWorkspace, type TestWorkspace } from 'payments-mock/vitest';
import vitestSetup from 'payments-mock/vitest/global-setup';
import { test, expect } from 'payments-mock/playwright';
import playwrightSetup from 'payments-mock/playwright/global-setup';
import { PaymentsMockContainer, type StartedPaymentsMockContainer } from 'payments-mock/testcontainers';

const payments: PaymentsMockHandlers = createPaymentsHandlers({ seed: 1 });
export const server = setupServer(...payments.handlers);
export const key: string = payments.mock.keys[0]?.key ?? '';
export const setups = [createGlobalSetup({ scenario: 'manual' }), vitestSetup, playwrightSetup];
export function file(): TestWorkspace {
  return useWorkspace({ name: 'typed' });
}
test('typed', async ({ paymentsMock }) => {
  const moved = await paymentsMock.clock.advance('25h');
  expect(moved.follows_server).toBe(false);
  await paymentsMock.setScenario('decline');
});
export async function container(): Promise<StartedPaymentsMockContainer> {
  const started = await new PaymentsMockContainer().withClock('frozen').withSeed(1).withWebhookToHost(3000, '/webhooks').start();
  await started.clock.advance('25h');
  await (await started.createWorkspace()).setScenario('decline');
  return started;
}
`;
