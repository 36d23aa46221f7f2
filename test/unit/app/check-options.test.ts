import { checkOptions } from '../../../src/app/context-from-options';
import type { MockOptions } from '../../../src/app/mock-options';
import { ConfigError } from '../../../src/errors/api-error';

describe('checkOptions', () => {
  it.each<[MockOptions, string]>([
    // The start options are checked by the rule their flags are read with (src/app/start-options.ts).
    [{ seed: 1.5 }, 'Invalid seed 1.5: use an integer from 0 to 4294967295.'],
    // A seed is 32 bits: 2 ** 32 would give the ids of 0.
    [{ seed: 2 ** 32 }, 'Invalid seed 4294967296: use an integer from 0 to 4294967295.'],
    [{ port: 70000 }, 'Invalid port 70000: use an integer from 0 to 65535.'],
    [{ scenario: 'chaos' as never }, 'Invalid scenario "chaos": use one of happy, manual, decline, flaky, rate-limited, slow, outage.'],
    [{ bodyTimeoutMs: 0 }, 'Invalid bodyTimeoutMs 0: use milliseconds from 1 to 3600000.'],
    [{ journalSize: -1 }, 'Invalid journalSize -1: use an integer from 0 to 100000.'],
    [{ journalSize: 100_001 }, 'Invalid journalSize 100001: use an integer from 0 to 100000.'],
    [{ streamStallMs: 2.5 }, 'Invalid streamStallMs 2.5: use milliseconds from 1 to 3600000.'],
    // A sweep due at once would be due again at once: a busy loop.
    [{ sweepIntervalMs: 0 }, 'Invalid sweepIntervalMs 0: use milliseconds from 1 to 86400000.'],
    [{ webhookTimeoutMs: -5 }, 'Invalid webhookTimeoutMs -5: use milliseconds from 1 to 3600000.'],
    [{ webhookTransport: 'carrier-pigeon' as never }, `Invalid webhookTransport "carrier-pigeon": use 'node' or 'fetch'.`],
  ])('refuses %j', (options, message) => {
    expect(() => checkOptions(options)).toThrow(new ConfigError(message));
  });

  it('takes every option at the edges of its range', () => {
    expect(() =>
      checkOptions({ seed: 0, bodyTimeoutMs: 1, journalSize: 0, streamStallMs: 3_600_000, sweepIntervalMs: 1, webhookTimeoutMs: 1, webhookTransport: 'fetch' }),
    ).not.toThrow();
  });
});
