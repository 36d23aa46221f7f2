import { CardState, CardStyle, CardToHost, HostToCard, isMessage, MESSAGE_TYPES, TokenizeResult } from './protocol';
import type { CardChangeEvent, CardElement } from './types';

type Handler = (event: never) => void;

/** How long a loaded frame may take to say it is ready before it counts as unreachable (real time: a browser's). */
// Generous: a loaded machine (a CI runner, a test suite in parallel) may take seconds to load a frame; an
// unreachable mock is caught before, by the API call that precedes the frame.
const READY_TIMEOUT_MS = 15_000;

/**
 * The host page's side of the card element: the iframe on the mock's origin and the messages to and from it. It
 * listens only to that iframe's window from the mock's origin, and posts only to that origin.
 * @example const card = new CardFrame('http://127.0.0.1:4010', 'pk_test_…', {}); card.mount('#card');
 */
export class CardFrame implements CardElement {
  private iframe: HTMLIFrameElement | undefined;
  private readonly handlers = { change: new Set<Handler>(), ready: new Set<Handler>() };
  private ready = false;
  private failed = false;
  private waiting: Array<() => void> = [];
  private readonly pending = new Map<number, (result: TokenizeResult) => void>();
  private nextRequest = 1;
  private readonly origin: string;

  constructor(
    private readonly apiBase: string,
    private readonly key: string,
    private readonly style: CardStyle,
  ) {
    this.origin = new URL(apiBase).origin;
  }

  mount(target: string | HTMLElement): void {
    const into = typeof target === 'string' ? document.querySelector(target) : target;
    if (!(into instanceof HTMLElement)) throw new Error(`payments.js: card.mount(${JSON.stringify(String(target))}) found no element to mount into.`);
    if (this.iframe) throw new Error('payments.js: this card element is mounted already; call card.unmount() first.');
    const iframe = document.createElement('iframe');
    iframe.src = `${this.apiBase}/js/v1/elements/card.html?key=${encodeURIComponent(this.key)}`;
    iframe.title = 'Secure card payment input';
    iframe.setAttribute('allowtransparency', 'true');
    Object.assign(iframe.style, { border: '0', width: '100%', height: '9rem', display: 'block', colorScheme: 'normal' });
    iframe.addEventListener('load', () => {
      this.post({ v: 1, type: 'init', style: this.style });
      setTimeout(() => {
        if (!this.ready && this.iframe === iframe) this.fail();
      }, READY_TIMEOUT_MS);
    });
    window.addEventListener('message', this.receive);
    this.iframe = iframe;
    into.appendChild(iframe);
  }

  unmount(): void {
    window.removeEventListener('message', this.receive);
    this.iframe?.remove();
    this.iframe = undefined;
    this.ready = false;
    this.failed = false;
    for (const resolve of this.pending.values())
      resolve({ error: { type: 'invalid_request_error', message: 'The card element was unmounted before it answered.' } });
    this.pending.clear();
  }

  on(event: 'change', handler: (event: CardChangeEvent) => void): CardElement;
  on(event: 'ready', handler: (event: { elementType: 'card' }) => void): CardElement;
  on(event: 'change' | 'ready', handler: Handler): CardElement {
    this.handlersOf(event).add(handler);
    return this;
  }

  off(event: 'change' | 'ready', handler: Handler): CardElement {
    this.handlersOf(event).delete(handler);
    return this;
  }

  focus(): void {
    this.whenReady(() => {
      this.iframe?.focus();
      this.post({ v: 1, type: 'focus' });
    });
  }

  clear(): void {
    this.whenReady(() => this.post({ v: 1, type: 'clear' }));
  }

  /** Asks the frame to turn what was typed into a payment method: the frame calls the API, we get the answer. */
  tokenize(): Promise<TokenizeResult> {
    if (!this.iframe) {
      return Promise.resolve({
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          param: 'card',
          message: 'The card element is not mounted: call card.mount(…) first.',
        },
      });
    }
    return new Promise((resolve) => {
      const request = this.nextRequest++;
      this.pending.set(request, resolve);
      this.whenReady(() => this.post({ v: 1, type: 'tokenize', request }));
    });
  }

  private handlersOf(event: string): Set<Handler> {
    if (event !== 'change' && event !== 'ready') throw new Error(`payments.js: the card element has no "${event}" event; use "change" or "ready".`);
    return this.handlers[event];
  }

  private readonly receive = (event: MessageEvent): void => {
    if (!this.iframe || event.source !== this.iframe.contentWindow || event.origin !== this.origin) return;
    if (!isMessage<CardToHost>(event.data, MESSAGE_TYPES.cardToHost)) return;
    const message = event.data;
    if (message.type === 'ready') {
      this.ready = true;
      for (const run of this.waiting.splice(0)) run();
      this.emit('ready', { elementType: 'card' });
    } else if (message.type === 'change') {
      this.emit('change', changeEvent(message.state));
    } else if (message.type === 'resize') {
      if (Number.isFinite(message.height) && message.height > 0) this.iframe.style.height = `${Math.min(message.height, 2000)}px`;
    } else if (message.type === 'result') {
      this.pending.get(message.request)?.(message.result);
      this.pending.delete(message.request);
    }
  };

  private emit(event: 'change' | 'ready', payload: unknown): void {
    for (const handler of this.handlers[event]) (handler as (event: unknown) => void)(payload);
  }

  private whenReady(run: () => void): void {
    if (this.ready) run();
    else if (this.failed) this.fail();
    else this.waiting.push(run);
  }

  /** The frame never said hello: the mock was unreachable when it loaded. Pending calls resolve with that. */
  private fail(): void {
    this.failed = true;
    this.waiting = [];
    for (const resolve of this.pending.values()) {
      resolve({ error: { type: 'api_connection_error', message: `The card element could not load from ${this.apiBase}: is the payments mock running?` } });
    }
    this.pending.clear();
  }

  private post(message: HostToCard): void {
    this.iframe?.contentWindow?.postMessage(message, this.origin);
  }
}

function changeEvent(state: CardState): CardChangeEvent {
  return {
    elementType: 'card',
    complete: state.complete === true,
    empty: state.empty === true,
    brand: state.brand,
    ...(state.error ? { error: state.error } : {}),
  };
}
