import { Channel, EventBus } from '../../../src/bus/bus';

/** A channel and a log of what each named subscriber heard. */
function channelWith(names: string[]) {
  const channel = new Channel<number>();
  const heard: string[] = [];
  const unsubscribe = new Map(names.map((name) => [name, channel.subscribe((message) => void heard.push(`${name}:${message}`))]));
  return { channel, heard, unsubscribe };
}

describe('Channel', () => {
  it.each([
    ['a channel nobody follows has no subscribers', [], [], false],
    ['a channel with one subscriber has subscribers', ['a'], [], true],
    ['a channel whose only subscriber left has none again', ['a'], ['a'], false],
    ['a channel keeps subscribers while one of several is left', ['a', 'b'], ['a'], true],
    ['a channel whose every subscriber left has none', ['a', 'b'], ['b', 'a'], false],
  ])('%s', (_rule, names, leaving, expected) => {
    const { channel, unsubscribe } = channelWith(names);
    for (const name of leaving) unsubscribe.get(name)?.();
    expect(channel.hasSubscribers).toBe(expected);
  });

  it.each([
    ['publishing with no subscriber reaches nobody and does not fail', [], [], []],
    ['one subscriber hears each message', ['a'], [], ['a:1', 'a:2']],
    ['several subscribers hear each message in the order they subscribed', ['a', 'b', 'c'], [], ['a:1', 'b:1', 'c:1', 'a:2', 'b:2', 'c:2']],
    ['a subscriber that left hears nothing more', ['a', 'b'], ['a'], ['b:1', 'b:2']],
    ['the others keep their order when one in the middle leaves', ['a', 'b', 'c'], ['b'], ['a:1', 'c:1', 'a:2', 'c:2']],
  ])('%s', (_rule, names, leaving, expected) => {
    const { channel, heard, unsubscribe } = channelWith(names);
    for (const name of leaving) unsubscribe.get(name)?.();
    channel.publish(1);
    channel.publish(2);
    expect(heard).toEqual(expected);
  });

  it('unsubscribing twice is harmless and removes nobody else', () => {
    const { channel, heard, unsubscribe } = channelWith(['a', 'b']);
    unsubscribe.get('a')?.();
    unsubscribe.get('a')?.();
    channel.publish(1);
    expect(heard).toEqual(['b:1']);
  });

  it.each([
    ['a subscriber added while a message is published hears from the next message on', 'subscribe', ['a:1', 'a:2', 'late:2']],
    ['a subscriber removed while a message is published still hears that message, and no later one', 'unsubscribe', ['a:1', 'b:1', 'a:2']],
  ])('%s', (_rule, change, expected) => {
    const channel = new Channel<number>();
    const heard: string[] = [];
    let removeB = (): void => undefined;
    let changed = false;
    channel.subscribe((message) => {
      heard.push(`a:${message}`);
      if (changed) return;
      changed = true;
      if (change === 'subscribe') channel.subscribe((later) => void heard.push(`late:${later}`));
      else removeB();
    });
    if (change === 'unsubscribe') removeB = channel.subscribe((message) => void heard.push(`b:${message}`));
    channel.publish(1);
    channel.publish(2);
    expect(heard).toEqual(expected);
  });

  it('the same function subscribed twice hears each message twice, and one unsubscribe removes both', () => {
    // Subscriptions are told apart by the function, not by the call that made them.
    const channel = new Channel<number>();
    const heard: number[] = [];
    const listener = (message: number): void => void heard.push(message);
    const first = channel.subscribe(listener);
    channel.subscribe(listener);
    channel.publish(1);
    first();
    channel.publish(2);
    expect(heard).toEqual([1, 1]);
    expect(channel.hasSubscribers).toBe(false);
  });

  it('a subscriber that throws is reported on stderr and the others still hear the message; the publisher never sees the error', () => {
    const { channel, heard } = channelWith(['before']);
    const remove = channel.subscribe((message) => {
      if (message === 1) throw new Error('subscriber broke');
    });
    channel.subscribe((message) => void heard.push(`after:${message}`));
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(() => channel.publish(1)).not.toThrow();
      expect(stderr).toHaveBeenCalledWith(expect.stringContaining('subscriber broke'));
    } finally {
      stderr.mockRestore();
    }
    channel.publish(2);
    remove();
    channel.publish(3);
    expect(heard).toEqual(['before:1', 'after:1', 'before:2', 'after:2', 'before:3', 'after:3']);
  });
});

describe('EventBus', () => {
  const CHANNELS = ['event', 'object', 'request', 'clock', 'scenario', 'reset', 'delivery', 'shutdown'] as const;

  it.each(CHANNELS.map((name) => [name]))('a new bus has nobody following its %s channel', (name) => {
    expect(new EventBus()[name].hasSubscribers).toBe(false);
  });

  it.each(CHANNELS.map((name) => [name]))('following the %s channel follows that channel only', (name) => {
    const bus = new EventBus();
    bus[name].subscribe(() => undefined);
    for (const other of CHANNELS) expect([other, bus[other].hasSubscribers]).toEqual([other, other === name]);
  });

  it('two buses share nothing: a message on one never reaches the other', () => {
    const [one, two] = [new EventBus(), new EventBus()];
    const heard: unknown[] = [];
    two.reset.subscribe((message) => void heard.push(message));
    one.reset.publish({ workspace: null });
    expect(heard).toEqual([]);
    expect(one.reset.hasSubscribers).toBe(false);
  });
});
