'use strict';
// Where the time goes: runs the CLI under `node --cpu-prof` while loading POST /v1/payments, then prints the
// functions and files with the most self time. Not part of `npm run bench`.
//   node bench/profile.js [seconds=10] [--idempotency]   (a fresh Idempotency-Key on every request)
//   node bench/profile.js [seconds=10] --retrieve        (GET /v1/payments/{id} instead)
//   node bench/profile.js <file.cpuprofile>                (summarise an existing profile)
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const lib = require('./lib');

const ROOT = path.join(__dirname, '..');
const TOP = Number(process.env.TOP ?? 15);

/** Our code, its dependencies, Node's JS, or a native entry such as writev, (garbage collector), (idle). */
function areaOf(file, functionName) {
  if (file.startsWith('dist/')) return 'payments-mock (dist/)';
  if (file.startsWith('node_modules/')) return 'dependencies';
  if (file.startsWith('node:')) return 'node internals (JS)';
  if (file) return 'other';
  return /^validate\d+$/.test(functionName) ? 'ajv validators (generated)' : functionName;
}

/** Self time per function and per file, in ms, from a .cpuprofile. */
function summarise(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const byFunction = new Map();
  const byFile = new Map();
  const byArea = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    total += ms;
    if (functionName === '(idle)') idle += ms;
    const file = url ? url.replace(`file://${ROOT}/`, '').replace(/^file:\/\//, '') : '';
    const name = `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const group = file.startsWith('node_modules/') ? file.split('/').slice(0, 2).join('/') : file || functionName;
    byFile.set(group, (byFile.get(group) ?? 0) + ms);
    const area = areaOf(file, functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
  }
  const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  return { total, idle, functions: top(byFunction, TOP), files: top(byFile, 10), areas: top(byArea, 8) };
}

function print({ total, idle, functions, files, areas }) {
  const busy = total - idle;
  const line = ([name, ms]) => `${((100 * ms) / total).toFixed(1).padStart(5)}%  ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`;
  console.log(`profile: ${(total / 1000).toFixed(1)} s sampled, ${((100 * idle) / total).toFixed(1)}% idle`);
  console.log(`\n  total   busy  top ${TOP} functions by self time`);
  for (const entry of functions) console.log(line(entry));
  console.log('\n  total   busy  by file or package');
  for (const entry of files) console.log(line(entry));
  console.log('\n  total   busy  by area (functions without a file are native: writev = socket writes)');
  for (const entry of areas) console.log(line(entry));
}

async function profileServer(seconds, idempotency, retrieve) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-mock-prof-'));
  const cli = path.join(ROOT, 'bin', 'payments-mock.js');
  const { child, url } = await lib.startServer(cli, ['--port', '0', '--log', 'off', '--fixtures', 'none', '--seed', '1'], {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  });
  try {
    const keys = JSON.parse((await lib.request(`${url}/_mock/keys`)).body).data;
    const key = keys.find((k) => k.kind === 'secret' && !k.livemode).key;
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' };
    let sequence = 0;
    const setupRequest = (req) => {
      req.headers['idempotency-key'] = `profile-${Date.now()}-${++sequence}`;
      return req;
    };
    const body = 'amount=2000&currency=usd&metadata[order]=42';
    const created = retrieve ? JSON.parse((await lib.request(`${url}/v1/payments`, { method: 'POST', headers, body })).body) : undefined;
    const result = await lib.load({
      url,
      ...(created
        ? { path: `/v1/payments/${created.id}`, headers: { authorization: headers.authorization } }
        : { path: '/v1/payments', method: 'POST', headers, body }),
      ...(idempotency ? { setupRequest } : {}),
      duration: seconds,
      warmup: 0,
    });
    const what = created ? 'GET /v1/payments/{id}' : `POST /v1/payments${idempotency ? ' + Idempotency-Key' : ''}`;
    console.log(`${what}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms over ${seconds} s`);
  } finally {
    await lib.stop(child); // SIGTERM: the CLI exits cleanly and node writes the profile
  }
  const file = fs.readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
  console.log(`profile: ${path.join(dir, file)}`);
  return path.join(dir, file);
}

async function main() {
  const args = process.argv.slice(2);
  const seconds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 10);
  const given = args.find((arg) => arg.endsWith('.cpuprofile'));
  const file = given ?? (await profileServer(seconds, args.includes('--idempotency'), args.includes('--retrieve')));
  print(summarise(JSON.parse(fs.readFileSync(file, 'utf8'))));
}

process.on('exit', lib.killAll);
main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
