import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMock } from '../../src';
import { killAll, spawnCli } from '../helpers/cli-process';

afterEach(killAll);

/**
 * Node built-ins a start does without until its first create is answered, each loaded later or only when asked for
 * (docs/performance.md, "Boot"): node:v8 (1.6 ms of a Node 22 start; the memory budget and the heap growth bound),
 * node:perf_hooks (1 ms; `performance`, whose first read loads it), node:module and node:os (0.5 ms; the shim).
 */
const NOT_AT_START = ['v8', 'perf_hooks', 'module', 'os'];

/**
 * A preload that writes Node's list of loaded built-ins to `out` as the first 2xx POST /v1 answer is sent: before
 * it goes, so the file is there once the client has the answer.
 */
function preload(dir: string, out: string): string {
  const file = join(dir, 'record-builtins.js');
  writeFileSync(
    file,
    `const http = require('node:http');
const end = http.ServerResponse.prototype.end;
let done = false;
http.ServerResponse.prototype.end = function (...args) {
  if (!done && this.req.method === 'POST' && this.req.url.startsWith('/v1/') && this.statusCode < 300) {
    done = true;
    require('node:fs').writeFileSync(${JSON.stringify(out)}, process.moduleLoadList.join('\\n'));
  }
  return end.apply(this, args);
};`,
  );
  return file;
}

describe('a start, up to its first create', () => {
  it('loads no node:v8, node:perf_hooks, node:module nor node:os', async () => {
    // The seeded key: the same seed gives the CLI the same keys, so the create needs no admin call first.
    const inProcess = await startMock({ seed: 1, port: 0, fixtures: 'none' });
    const key = inProcess.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
    await inProcess.close();

    const dir = mkdtempSync(join(tmpdir(), 'start-builtins-'));
    const out = join(dir, 'loaded.txt');
    const cli = spawnCli(['--port', '0', '--seed', '1', '--fixtures', 'none', '--log', 'off'], { NODE_OPTIONS: `--require ${preload(dir, out)}` });
    const url = /listening on (\S+)/.exec(await cli.waitForLine((line) => line.includes('listening on'), 'the listening line'))![1];
    const answer = await fetch(`${url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
    });
    expect(answer.status).toBe(200);
    await answer.text();
    const loaded = readFileSync(out, 'utf8').split('\n');
    // The list names them `NativeModule <id>`: the check would pass on any other spelling, so one is known present.
    expect(loaded).toContain('NativeModule http');
    expect(loaded.filter((line) => NOT_AT_START.some((id) => line === `NativeModule ${id}`))).toEqual([]);
  });
});
