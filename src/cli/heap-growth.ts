import { nodeBuiltin, unrefTimer } from '../runtime/platform';

/** How much V8 lets the heap grow past what a full collection left live before the next one: 10%. */
const HEAP_GROWING_PERCENT = 10;
/** How long after start-up the bound is set: loading node:v8 is 1.6 ms of a 50 ms start on Node 22. */
const BOUND_AFTER_MS = 250;

const setFlags = (flags: string) => nodeBuiltin<typeof import('node:v8')>('node:v8')?.setFlagsFromString(flags);

/**
 * A sandbox left running should hold little more than its data. By default V8 lets the old generation grow to
 * about twice what is live before collecting it, which under steady creates is most of the peak RSS (2 × 10 s of
 * creates: 456 MB peak by default, 277 MB with 10%, at the same throughput). Only the CLI's own process does
 * this (a library must not set flags in its host's process), and never over a value the user gave Node.
 */
export function boundHeapGrowth(): void {
  if (userSetHeapGrowth(process.execArgv, process.env.NODE_OPTIONS)) return;
  setFlags(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  bounded = true;
}

/**
 * {@link boundHeapGrowth} a quarter of a second from now, off the start's path: a start's own heap is a few MB, and
 * what grows it fast (a large --state file, steady creates) comes later or takes longer. The timer keeps nothing alive.
 */
export function boundHeapGrowthSoon(): void {
  unrefTimer(setTimeout(boundHeapGrowth, BOUND_AFTER_MS));
}

let bounded = false;

/**
 * Sets the factor back to V8's default (0) if boundHeapGrowth changed it: V8 accepts a code cache only under the
 * flags it was made with, so a cache of the CLI is made under a new start's (bin/payments-mock.js).
 */
export function unboundHeapGrowth(): void {
  if (bounded) setFlags('--heap-growing-percent=0');
  bounded = false;
}

/** Whether Node was given its own heap growing factor, on its command line or in NODE_OPTIONS. */
export function userSetHeapGrowth(execArgv: string[], nodeOptions: string | undefined): boolean {
  return [...execArgv, nodeOptions ?? ''].some((flags) => /--heap[-_]growing[-_]percent/.test(flags));
}
