'use strict';
// Process and measurement helpers for the benchmark: every child is tracked and killed on the way out.
const { spawn, fork, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const autocannon = require('autocannon');

const children = new Set();

/**
 * Core pinning, off until pinCores() turns it on: measured servers on SERVER_CORE, this process (the load
 * generator) and what it starts unpinned on LOADER_CORE, so the server never competes with autocannon for a core.
 */
const SERVER_CORE = '1';
const LOADER_CORE = '0';
const pinning = { used: false, reason: 'not requested' };

/** Pins this process (all its threads) to LOADER_CORE when taskset exists and there are at least 2 cores. */
function pinCores() {
  if (os.cpus().length < 2) return Object.assign(pinning, { used: false, reason: 'fewer than 2 cores' });
  try {
    execFileSync('taskset', ['-a', '-pc', LOADER_CORE, String(process.pid)], { stdio: 'ignore' });
  } catch {
    return Object.assign(pinning, { used: false, reason: 'taskset not available' });
  }
  return Object.assign(pinning, { used: true, reason: `servers on core ${SERVER_CORE}, load generator on core ${LOADER_CORE}` });
}

/** The executable and arguments for `node [...nodeArgs] script ...args`, behind `taskset -c SERVER_CORE` when pinning. */
function nodeCommand(nodeArgs, script, args, pin = true, execPath = process.execPath) {
  const node = [...nodeArgs, script, ...args];
  return pinning.used && pin ? ['taskset', ['-c', SERVER_CORE, execPath, ...node]] : [execPath, node];
}

/** Kills every child still running (synchronous, so it also works from an 'exit' handler). */
function killAll() {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
}

function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Starts `node [...nodeArgs] script ...args` (pinned to the server core when pinning, unless `pin: false`);
 * resolves once it prints `listening on <url>` on stdout. taskset execs node, so the child's pid is node's.
 */
function startServer(script, args = [], { env, nodeArgs = [], timeoutMs = 15_000, pin = true, node } = {}) {
  const [file, argv] = nodeCommand(nodeArgs, script, args, pin, node);
  const child = track(spawn(file, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`${script} did not start within ${timeoutMs} ms`)), timeoutMs);
    function fail(error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}${err ? `\n${err.trim()}` : ''}`));
    }
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (https?:\/\/\S+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({ child, url: match[1] });
    });
    child.once('exit', (code, signal) => fail(new Error(`${script} exited (${signal ?? code}) before listening`)));
  });
}

/**
 * Boot time: spawn → the first 2xx answer to `probe` (a request that needs the key), polled every few ms from
 * the moment the server prints its URL. The child keeps running; the caller stops it.
 */
async function boot(script, args, probe, { env, timeoutMs = 15_000, node } = {}) {
  const started = process.hrtime.bigint();
  const { child, url } = await startServer(script, args, { env, timeoutMs, node });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await request(`${url}${probe.path}`, probe).catch(() => undefined);
    if (answer && answer.status >= 200 && answer.status < 300) {
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, rss: rssOf(child.pid), child };
    }
    if (answer) {
      child.kill('SIGKILL');
      throw new Error(`boot probe of ${script} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
    await sleep(3);
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not answer ${probe.method} ${probe.path} within ${timeoutMs} ms`);
}

/** Forks `node [...execArgv] script ...args` with an IPC channel (for the scale server), pinned when pinning. */
function forkChild(script, args, execArgv) {
  const [execPath, prefix] = nodeCommand(execArgv, script, []);
  // fork() runs `execPath ...execArgv script ...args`: the taskset prefix goes in execArgv, without the script.
  return track(fork(script, args, { execPath, execArgv: prefix.slice(0, -1), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
}

/** SIGTERM, then SIGKILL if it has not gone within 2 s. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One request on a fresh connection: { status, body }. */
function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
    });
    req.setTimeout(5000, () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A `Vm…: n kB` field of /proc/<pid>/status in bytes (Linux). */
function statusField(pid, field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** Resident set size of a process in bytes (Linux). */
const rssOf = (pid) => statusField(pid, 'VmRSS');

/** Resident set size now and its peak over the process's life (VmHWM), in bytes (Linux). */
const memoryOf = (pid) => ({ rss: statusField(pid, 'VmRSS'), peak: statusField(pid, 'VmHWM') });

/**
 * Runs autocannon: a warm-up (discarded), then the measured run. Returns requests/s, latency percentiles (ms)
 * and anything that went wrong (socket errors, timeouts, non-2xx answers). Latencies are autocannon's own
 * per-response durations (process.hrtime, µs resolution) read from its 'response' events rather than its
 * histogram, which rounds to whole ms; `latencies` holds every 2xx one of the measured run, for pooling runs.
 */
async function load({ url, path, method = 'GET', headers = {}, body, setupRequest, connections = 50, duration = 5, amount, warmup = 1 }) {
  const requests = [{ method, path, headers, body, ...(setupRequest ? { setupRequest } : {}) }];
  const options = { url, connections, requests };
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const latencies = [];
  // `amount` requests in all, else as many as `duration` seconds take.
  const run = autocannon({ ...options, ...(amount ? { amount } : { duration }) });
  run.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await run;
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    // Little's law on a closed loop: the mean time a request takes.
    meanMs: (connections * 1000 * result.duration) / Math.max(1, result.requests.total),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    latencies: sorted,
  };
}

/** The p-th percentile (nearest rank) of ascending values; NaN when there are none. */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Several runs' latencies (each ascending) as one ascending array. */
function pool(lists) {
  const all = new Float64Array(lists.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  return all.sort();
}

/**
 * Follows `GET /_mock/stream` as the dashboard page does, in a process of its own (unpinned: it shares the load
 * generator's core, not the server's). http.get sends Host: 127.0.0.1:<port>, the server's own, which the admin
 * surface requires. Counts the writes received after the first (the server writes one batch every BATCH_MS while
 * messages come), the messages, and those the server dropped past a batch's cap (its `overflow` messages).
 */
const FOLLOWER = `
const stats = { bytes: 0, writes: 0, messages: 0, requests: 0, dropped: 0, seconds: 0 };
const started = Date.now();
require('node:http').get(process.argv[1] + '/_mock/stream', (res) => {
  res.setEncoding('utf8');
  res.once('data', () => process.send('ready'));
  res.on('data', (chunk) => {
    stats.bytes += chunk.length;
    stats.writes++;
    stats.messages += chunk.split('event: ').length - 1;
    stats.requests += chunk.split('event: request').length - 1;
    for (const match of chunk.matchAll(/"dropped":(\\d+)/g)) stats.dropped += Number(match[1]);
  });
});
process.on('message', () => {
  // The first write is the hello, not a batch.
  stats.writes--;
  stats.messages--;
  stats.seconds = (Date.now() - started) / 1000;
  process.send(stats, () => process.exit(0));
});
`;

/** Starts a stream follower on `url`; resolves once it is connected, with close() → its counts. */
async function followStream(url) {
  const child = track(spawn(process.execPath, ['-e', FOLLOWER, url], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the stream follower exited (${code}) before the stream opened`)));
  });
  return {
    close: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('stop');
      }),
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU nanoseconds every thread of process `pid` has run so far (Linux; NaN elsewhere). */
function cpuNs(pid) {
  try {
    let total = 0;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // A thread that ended between the listing and the read.
      }
    }
    return total;
  } catch {
    return NaN;
  }
}

/** One load of `spec` (see `load`), with the server's CPU µs a request over it: every thread of process `pid`. */
async function loadWithCpu(pid, spec) {
  const before = cpuNs(pid);
  const result = await load(spec);
  return { ...result, cpuUs: (cpuNs(pid) - before) / 1000 / Math.max(1, result.total) };
}

module.exports = {
  cpuNs,
  loadWithCpu,
  pinning,
  pinCores,
  nodeCommand,
  killAll,
  startServer,
  boot,
  forkChild,
  stop,
  request,
  rssOf,
  memoryOf,
  load,
  percentile,
  pool,
  followStream,
  median,
};
