import { toResponse } from '../../../src/adapters/fetch/exchange-fetch';
import type { MockResponse, ResponseSink } from '../../../src/request-response';

/** A streamed answer whose stream hands its sink out, and counts how often its close listener ran. */
function streamedAnswer(): { response: Response; sink: Promise<ResponseSink>; closed: () => number } {
  let closes = 0;
  let give: (sink: ResponseSink) => void = () => undefined;
  const sink = new Promise<ResponseSink>((resolve) => (give = resolve));
  const answer: MockResponse = {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream' },
    body: '',
    // Like the dashboard's: it ends itself, and follows the bus until its close listener runs.
    stream: (given) => {
      given.onClose(() => closes++);
      give(given);
    },
  };
  return { response: toResponse(answer, 'GET'), sink, closed: () => closes };
}

describe('a streamed answer over fetch', () => {
  it('aborted (its reader stopped reading), fails the body, lets a waiting write return and runs its close listeners once', async () => {
    const { response, sink, closed } = streamedAnswer();
    const writer = await sink;
    // Nobody reads: the queue fills, and a write waits for the reader.
    let written = 0;
    while (written < 100) {
      const pending = writer.write('x'.repeat(1024));
      const settled = await Promise.race([pending.then(() => true), new Promise((resolve) => setImmediate(() => resolve(false)))]);
      if (!settled) {
        writer.abort();
        await pending;
        break;
      }
      written++;
    }
    expect(written).toBeLessThan(100);
    expect(closed()).toBe(1);
    await expect(response.text()).rejects.toThrow(/stopped reading/);
    writer.abort();
    writer.end();
    expect(closed()).toBe(1);
  });

  it('ended by the server, closes the body and runs its close listeners', async () => {
    const { response, sink, closed } = streamedAnswer();
    const writer = await sink;
    // Nobody reads yet, so the write waits; ending lets it return.
    const wrote = writer.write('data: 1\n\n');
    writer.end();
    await wrote;
    expect(closed()).toBe(1);
    await expect(response.text()).resolves.toBe('data: 1\n\n');
  });

  it('cancelled by its reader, runs its close listeners', async () => {
    const { response, sink, closed } = streamedAnswer();
    await sink;
    await response.body?.cancel();
    expect(closed()).toBe(1);
  });
});
