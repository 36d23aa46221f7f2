'use strict';
// A cold `npx payments-mock`: the packed tarball run through npx with an empty npm cache, as a CI job that starts
// from nothing runs it, timed from the spawn of npx to the first 2xx create. Each run gets a new empty cache and
// an empty project folder, so npx installs the package (and whatever it depends on) every time. Also counts what
// npx installed: the packages under its node_modules and their bytes on disk.
// `node bench/cold-npx.js [tarball]` measures a tarball alone (default: this checkout packed; give main's tarball to
// compare); `node bench/run.js --npx` gives the bench's row.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const lib = require('./lib');

const ROOT = path.join(__dirname, '..');
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const RUNS = 3;
const TIMEOUT_MS = 120_000;

/** Packs this checkout's dist/ (built already) into `folder`; returns the tarball's path. */
function pack(folder) {
  const out = execFileSync(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: ROOT, encoding: 'utf8' });
  return path.join(folder, JSON.parse(out)[0].filename);
}

/** Every package folder under a node_modules tree (scoped and nested ones too), and their total bytes on disk. */
function installed(nodeModules) {
  let packages = 0;
  let bytes = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        bytes += fs.statSync(full).size;
        // A package is a folder whose package.json sits right under a node_modules (or @scope) folder.
        if (entry.name === 'package.json' && /node_modules[\\/](@[^\\/]+[\\/])?[^\\/]+$/.test(dir)) packages++;
      }
    }
  };
  if (fs.existsSync(nodeModules)) walk(nodeModules);
  return { packages, bytes };
}

/** One cold start: spawn → first 2xx POST /v1/payments, with a fresh empty cache; then what npx installed. */
async function coldStart(tarball, key) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-mock-cold-npx-'));
  const cache = path.join(scratch, 'cache');
  const project = path.join(scratch, 'project');
  fs.mkdirSync(cache);
  fs.mkdirSync(project);
  const started = process.hrtime.bigint();
  // Its own process group: npx runs the CLI as a child, and both are stopped at the end.
  const child = spawn(NPX, ['--yes', `--package=${tarball}`, 'payments-mock', '--port', '0', '--log', 'off', '--fixtures', 'none', '--seed', '1'], {
    cwd: project,
    env: { ...process.env, npm_config_cache: cache, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stopAll = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone already
    }
  };
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      let err = '';
      const timer = setTimeout(() => reject(new Error(`cold npx: no URL within ${TIMEOUT_MS / 1000} s\n${err}`)), TIMEOUT_MS);
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (!match) return;
        clearTimeout(timer);
        resolve(match[1]);
      });
      child.stderr.on('data', (chunk) => (err += chunk));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`cold npx exited (${code}) before listening\n${err}`));
      });
    });
    const probe = {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=2000&currency=usd',
    };
    for (;;) {
      const answer = await lib.request(`${url}/v1/payments`, probe).catch(() => undefined);
      if (answer?.status >= 200 && answer.status < 300) break;
      if (answer) throw new Error(`cold npx: the create answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const npxFolder = path.join(cache, '_npx');
    const sums = fs.readdirSync(npxFolder).map((hash) => installed(path.join(npxFolder, hash, 'node_modules')));
    return { ms, packages: sums.reduce((n, s) => n + s.packages, 0), bytes: sums.reduce((n, s) => n + s.bytes, 0) };
  } finally {
    stopAll();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** RUNS cold starts (each from an empty cache): the median time, and what the last one installed. */
async function measureColdNpx(key, tarball) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-mock-pack-'));
  try {
    const file = tarball ?? pack(folder);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldStart(file, key));
    const last = runs[runs.length - 1];
    const result = { ms: lib.median(runs.map((run) => run.ms)), samplesMs: runs.map((run) => Math.round(run.ms)), packages: last.packages, bytes: last.bytes };
    process.stderr.write(
      `cold npx ${path.basename(file)}: median ${result.ms.toFixed(0)} ms (${result.samplesMs.join(', ')}), ${result.packages} packages, ${(result.bytes / 1e6).toFixed(1)} MB\n`,
    );
    return result;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

module.exports = { installed, measureColdNpx };

if (require.main === module) {
  // --seed 1 makes the key the same at every start: read it from one start of this checkout's CLI.
  const tarball = process.argv[2] && path.resolve(process.argv[2]);
  lib
    .startServer(path.join(ROOT, 'bin', 'payments-mock.js'), ['--port', '0', '--log', 'off', '--fixtures', 'none', '--seed', '1'], { pin: false })
    .then(async ({ child, url }) => {
      const keys = JSON.parse((await lib.request(`${url}/_mock/keys`)).body).data;
      await lib.stop(child);
      await measureColdNpx(keys.find((k) => k.kind === 'secret' && !k.livemode).key, tarball);
      process.exit(0);
    })
    .catch((error) => {
      process.stderr.write(`${error.stack ?? error}\n`);
      process.exit(1);
    });
}
