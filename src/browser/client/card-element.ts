import { callApi } from './api';
import { cardBrand } from '../../cards/card-brand';
import { checkCard, clockMonth, cvcLength, digitsOf, Field, FIELDS, formatCvc, formatExpiry, formatNumber } from './card-rules';
import { CardStyle, CardToHost, HostToCard, isMessage, MESSAGE_TYPES, TokenizeResult } from './protocol';

/**
 * The script of the card element's page (`/js/v1/elements/card.html`), which runs on the mock's origin inside
 * the host page's iframe. The card number, expiry and CVC stay in this frame: they go from here to
 * `POST /v1/payment_methods`, and the host page only ever hears the state of the form and the payment method.
 */

const root = document.documentElement;
// The server wrote the mock clock of the key's workspace into the page; a running clock keeps running here.
const clockAtLoad = Number(root.dataset.now);
const clockFrozen = root.dataset.clock === 'frozen';
const loadedAt = performance.now();
const mockNow = (): number => (clockFrozen ? clockAtLoad : clockAtLoad + Math.floor((performance.now() - loadedAt) / 1000));

const key = new URLSearchParams(location.search).get('key') ?? '';
// Where the mock answers: this page's own address less its path, so a mock mounted under a path works too.
const apiBase = location.href.slice(0, location.href.indexOf('/js/v1/elements/card.html'));

const inputs: Record<Field, HTMLInputElement> = {
  number: byId('number') as HTMLInputElement,
  expiry: byId('expiry') as HTMLInputElement,
  cvc: byId('cvc') as HTMLInputElement,
};
const errorLine = byId('error');
const brandLabel = byId('brand');
const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: '' };

/** Fields the person has left once: an unfinished value there shows its error. */
const shown = new Set<Field>();
/** The origin of the page that framed us, learned from its first message; nothing else is listened to. */
let host: string | null = null;
let lastState = '';

function byId(id: string): HTMLElement {
  return document.getElementById(id) as HTMLElement;
}

function typed() {
  return { number: digitsOf(inputs.number.value), expiry: digitsOf(inputs.expiry.value), cvc: digitsOf(inputs.cvc.value) };
}

function send(message: CardToHost): void {
  if (host !== null) window.parent.postMessage(message, host);
}

/** Shows the form's errors inline and tells the host page when its state changed. */
function render(submitting = false) {
  const checked = checkCard(typed(), clockMonth(mockNow()), shown, submitting);
  for (const field of FIELDS) {
    const error = checked.errors[field];
    inputs[field].setAttribute('aria-invalid', error ? 'true' : 'false');
    if (error) inputs[field].setAttribute('aria-describedby', 'error');
    else inputs[field].removeAttribute('aria-describedby');
  }
  errorLine.textContent = checked.state.error?.message ?? '';
  brandLabel.textContent = BRAND_NAMES[checked.state.brand] ?? '';
  const state = JSON.stringify(checked.state);
  if (state !== lastState) {
    lastState = state;
    send({ v: 1, type: 'change', state: checked.state });
  }
  return checked;
}

/** Formats a field as it is typed: a caret at the end stays at the end, else it stays after the same digit. */
function reformat(input: HTMLInputElement, format: (text: string) => string) {
  const caret = input.selectionStart ?? input.value.length;
  const atEnd = caret === input.value.length;
  const digitsBefore = digitsOf(input.value.slice(0, caret)).length;
  const next = format(input.value);
  if (next === input.value) return;
  input.value = next;
  let at = next.length;
  if (!atEnd) {
    at = 0;
    for (let seen = 0; at < next.length && seen < digitsBefore; at++) if (/\d/.test(next[at] as string)) seen++;
  }
  input.setSelectionRange(at, at);
}

inputs.number.addEventListener('input', () => {
  reformat(inputs.number, formatNumber);
  const length = cvcLength(cardBrand(digitsOf(inputs.number.value)));
  inputs.cvc.maxLength = length;
  if (digitsOf(inputs.cvc.value).length > length) inputs.cvc.value = formatCvc(inputs.cvc.value, cardBrand(digitsOf(inputs.number.value)));
  render();
});
inputs.expiry.addEventListener('input', () => {
  reformat(inputs.expiry, formatExpiry);
  render();
});
inputs.cvc.addEventListener('input', () => {
  reformat(inputs.cvc, (text) => formatCvc(text, cardBrand(digitsOf(inputs.number.value))));
  render();
});
for (const field of FIELDS) {
  inputs[field].addEventListener('blur', () => {
    if (inputs[field].value !== '') shown.add(field);
    render();
  });
}

/** Card details to a payment method, straight from this frame to the API with the publishable key. */
async function tokenize(): Promise<TokenizeResult> {
  const checked = render(true);
  if (!checked.state.complete) {
    const wrong = FIELDS.find((field) => checked.errors[field]);
    if (wrong) inputs[wrong].focus();
    return { error: { ...(checked.state.error ?? { type: 'validation_error', message: 'The card form is incomplete.' }) } };
  }
  const { number, expiry, cvc } = typed();
  const answer = await callApi<unknown>(apiBase, key, 'POST', '/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': String(Number(expiry.slice(0, 2))),
    'card[exp_year]': String(2000 + Number(expiry.slice(2, 4))),
    'card[cvc]': cvc,
  });
  return answer.ok ? { paymentMethod: answer.body } : { error: { ...answer.error } };
}

function applyStyle(style: CardStyle | undefined): void {
  if (typeof style !== 'object' || style === null) return;
  const values: Record<string, string | undefined> = {
    '--color': style.base?.color,
    '--font-size': style.base?.fontSize,
    '--font-family': style.base?.fontFamily,
    '--background': style.base?.backgroundColor,
    '--placeholder': style.base?.placeholderColor,
    '--invalid': style.invalid?.color,
  };
  for (const [name, value] of Object.entries(values)) if (typeof value === 'string') root.style.setProperty(name, value.slice(0, 200));
}

window.addEventListener('message', (event: MessageEvent) => {
  // Only the page that framed us, and once it introduced itself, only from its origin.
  if (event.source !== window.parent || !isMessage<HostToCard>(event.data, MESSAGE_TYPES.hostToCard)) return;
  const message = event.data;
  if (host === null) {
    if (message.type !== 'init') return;
    host = event.origin;
    applyStyle(message.style);
    send({ v: 1, type: 'ready' });
    render();
    new ResizeObserver(() => send({ v: 1, type: 'resize', height: Math.ceil(document.body.getBoundingClientRect().height) })).observe(document.body);
    return;
  }
  if (event.origin !== host) return;
  if (message.type === 'focus') inputs.number.focus();
  if (message.type === 'clear') {
    for (const field of FIELDS) inputs[field].value = '';
    shown.clear();
    render();
  }
  if (message.type === 'tokenize') void tokenize().then((result) => send({ v: 1, type: 'result', request: message.request, result }));
});
