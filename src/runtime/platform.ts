/**
 * Where the mock runs. The core answers requests in Node and, through `payments-mock/msw`, inside a browser page;
 * the few things only Node has (files, sockets, `node:crypto`'s speed) are loaded through here, on first use and
 * only on Node, so a browser bundle never runs a `require` of a Node built-in.
 */
export const IS_NODE: boolean = typeof process === 'object' && process !== null && typeof process.versions?.node === 'string';

/**
 * A Node built-in, or undefined outside Node. Bundlers for the browser keep `node:*` external; this is never
 * called there, so the missing module is never asked for.
 * @example const fs = nodeBuiltin<typeof import('node:fs')>('node:fs');
 */
export function nodeBuiltin<T>(name: `node:${string}`): T | undefined {
  if (!IS_NODE) return undefined;
  // Node's own loader of built-ins (20.16 and newer): no module system in between, so a built-in loaded late (from
  // a timer, after start-up) loads under a test runner's module registry too, even once a test file has ended.
  const builtin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.(name);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on Node only (see above)
  return (builtin ?? require(name)) as T;
}

/**
 * Milliseconds on a monotonic clock, for durations and for ordering what happens in real time (the mock clock may
 * stand still). On Node it is `process.hrtime`: the first read of `performance` loads node:perf_hooks, 1 ms of a
 * 50 ms start on Node 22, and a start has no other use for it. Elsewhere (a browser page) `performance.now()`.
 * Its zero is arbitrary: only differences of its own readings mean anything.
 * @example const started = monotonicMs(); work(); const tookMs = monotonicMs() - started;
 */
export const monotonicMs: () => number = IS_NODE
  ? () => {
      const [seconds, nanoseconds] = process.hrtime();
      return seconds * 1000 + nanoseconds / 1e6;
    }
  : () => performance.now();

/**
 * A line for the developer of the mock (a bug, a failed background job): stderr on Node, the console elsewhere.
 * @example writeError('payments-mock: a scheduled job failed: …');
 */
export function writeError(text: string): void {
  if (IS_NODE) process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  else console.error(text.trimEnd());
}

/**
 * Runs after the current turn: `setImmediate` where there is one (Node), else the next macrotask. Returns the
 * function that cancels it.
 * @example const cancel = nextTurn(() => runDue());
 */
export function nextTurn(run: () => void): () => void {
  if (typeof setImmediate === 'function') {
    const immediate = setImmediate(run);
    return () => clearImmediate(immediate);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/** Lets a timer not keep Node alive; browsers have no such thing (their timer ids are numbers). */
export function unrefTimer(timer: unknown): void {
  (timer as { unref?: () => void } | undefined)?.unref?.();
}

/** The process's environment on Node; a page has none (flows there read only their document's own `env`). */
export function processEnv(): Record<string, string | undefined> {
  return IS_NODE ? process.env : {};
}
