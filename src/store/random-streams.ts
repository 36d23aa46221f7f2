import { mix32 as mix, Random } from './random';

/** What each seeded stream is for. Each purpose draws from its own stream, so one never shifts another. */
export const RANDOM_PURPOSES = ['ids', 'faults', 'latency', 'secrets'] as const;
export type RandomPurpose = (typeof RANDOM_PURPOSES)[number];

/**
 * The seeded random sources of one instance, one per purpose: with `--seed`, the ids of `/v1` objects do not
 * depend on how many admin calls, preflights, docs fetches, flaky dice or latency draws happened in between.
 * `ids` is seeded with the seed itself and is the state saved with `--state`: each store draws its id key from it
 * (ids.ts; ids and Request-Ids are then made from counters), and the few ids still drawn whole come from it. The
 * others are derived from it, so a restart from a saved state continues every stream afresh.
 *
 * @example
 * const streams = new RandomStreams(42);
 * new Store(streams.ids).newId('pay'); // the same in every run with seed 42
 */
export class RandomStreams {
  readonly ids: Random;
  readonly faults: Random;
  readonly latency: Random;
  /** For secrets handed to clients (webhook endpoint secrets). */
  readonly secrets: Random;

  constructor(seed?: number) {
    this.ids = new Random(seed);
    const base = seed ?? Math.floor(Math.random() * 2 ** 32);
    this.faults = new Random(derive(base, 'faults'));
    this.latency = new Random(derive(base, 'latency'));
    this.secrets = new Random(derive(base, 'secrets'));
  }

  /** Continues from a saved id state (a restart); the other streams are reseeded from it. */
  restore(ids: [number, number, number, number]): void {
    this.ids.restore(ids);
    const base = ids.reduce((hash, n) => mix(hash ^ n), 0x2545f491);
    for (const purpose of ['faults', 'latency', 'secrets'] as const) this[purpose].reseed(derive(base, purpose));
  }
}

function derive(seed: number, purpose: RandomPurpose): number {
  let hash = mix(seed ^ 0x9e3779b9);
  for (let i = 0; i < purpose.length; i++) hash = mix(hash ^ purpose.charCodeAt(i));
  return hash;
}
