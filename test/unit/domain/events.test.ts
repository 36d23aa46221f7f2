import { EVENT_RETENTION_SECONDS, emitEvent, expireEvents, renderEvent } from '../../../src/domain/events';
import { createPayment } from '../../../src/domain/payments';
import { freshScope, later, T0 } from './fresh-scope';

const DAY = 86400;

describe('emitting an event', () => {
  it('with nobody following the bus, publishes nothing: the message is never built', () => {
    const scope = freshScope();
    const publish = jest.spyOn(scope.bus.event, 'publish');
    emitEvent(scope, 'customer.created', { id: 'cus_1', object: 'customer' });
    expect(scope.bus.event.hasSubscribers).toBe(false);
    expect(publish).not.toHaveBeenCalled();
    expect(scope.partition.events.size).toBe(1);
  });

  it('with a follower, publishes the stored event once, with its workspace and mode', () => {
    const scope = freshScope();
    const heard: unknown[] = [];
    scope.bus.event.subscribe((message) => void heard.push(message));
    const event = emitEvent(scope, 'customer.created', { id: 'cus_1', object: 'customer' });
    expect(heard).toEqual([{ workspace: scope.workspace.id, livemode: false, event }]);
  });

  it('records the mock time, the API version and the request of its scope', () => {
    const scope = later(freshScope(), 42);
    const event = emitEvent(scope, 'customer.created', { id: 'cus_1', object: 'customer' });
    expect(event).toMatchObject({ created: T0 + 42, api_version: scope.version, request: 'req_unit', livemode: false });
  });

  it('is served without the payment’s client_secret (restricted keys read events)', () => {
    const scope = freshScope();
    const payment = createPayment(scope, { amount: 2000, currency: 'usd' });
    const [event] = [...scope.partition.events.values()];
    expect(payment.client_secret).toMatch(/_secret_/);
    expect(renderEvent(event as NonNullable<typeof event>).data.object).toMatchObject({ id: payment.id, client_secret: null });
  });
});

describe('the 30-day event window', () => {
  it('is 30 days', () => {
    expect(EVENT_RETENTION_SECONDS).toBe(30 * DAY);
  });

  it.each([
    ['an event just made is kept', 0, true],
    ['an event a day old is kept', DAY, true],
    ['an event a second short of 30 days old is kept', 30 * DAY - 1, true],
    ['an event exactly 30 days old is gone', 30 * DAY, false],
    ['an event 31 days old is gone', 31 * DAY, false],
  ])('%s', (_rule, age, kept) => {
    const scope = freshScope();
    const event = emitEvent(scope, 'customer.created', { id: 'cus_1', object: 'customer' });
    expireEvents(scope.partition, T0 + age);
    expect(scope.partition.events.get(event.id) !== undefined).toBe(kept);
    expect(scope.partition.events.size).toBe(kept ? 1 : 0);
  });

  it('forgets only the events that left the window: newer ones stay, in order', () => {
    const scope = freshScope();
    const old = emitEvent(scope, 'customer.created', { id: 'cus_1', object: 'customer' });
    const newer = emitEvent(later(scope, DAY), 'customer.created', { id: 'cus_2', object: 'customer' });
    const newest = emitEvent(later(scope, 2 * DAY), 'customer.created', { id: 'cus_3', object: 'customer' });
    expireEvents(scope.partition, T0 + 30 * DAY + 1);
    expect(scope.partition.events.get(old.id)).toBeUndefined();
    expect([...scope.partition.events.values()]).toEqual([newer, newest]);
  });
});
