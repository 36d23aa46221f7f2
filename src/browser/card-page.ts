import { toBase64, utf8Bytes } from '../runtime/bytes';
import { sha256 } from '../runtime/sha256';
import type { ClockState } from '../clock/clock';

/**
 * The card element's page (`/js/v1/elements/card.html`): three labelled inputs, one error line that screen
 * readers announce, and the hashed script beside it. Its styles are fixed (so the CSP can name their hash); the
 * host's `style` option arrives by postMessage as CSS variables.
 */
const STYLE = [
  ':root{--color:#1a1a1a;--font-size:16px;--font-family:system-ui,-apple-system,"Segoe UI",sans-serif;--background:transparent;--placeholder:#6b6b6b;--invalid:#b3261e}',
  'html,body{margin:0;background:var(--background);color:var(--color);font-size:var(--font-size);font-family:var(--font-family);line-height:1.4}',
  'body{padding:4px}',
  '.row{display:flex;gap:.75rem;flex-wrap:wrap}',
  '.field{display:flex;flex-direction:column;gap:.25rem;flex:1 1 9rem;min-width:0;margin-bottom:.5rem;position:relative}',
  'label{font-size:.85em;font-weight:600}',
  'input{font:inherit;color:inherit;padding:.55rem .65rem;border:1px solid #767676;border-radius:6px;background:#fff;width:100%;box-sizing:border-box}',
  'input::placeholder{color:var(--placeholder)}',
  'input:focus{outline:3px solid #2f6fde;outline-offset:1px}',
  'input[aria-invalid=true]{border-color:var(--invalid);color:var(--invalid)}',
  '#brand{position:absolute;right:.7rem;bottom:.65rem;font-size:.8em;color:#4a4a4a;pointer-events:none}',
  '#error{margin:0;min-height:1.4em;color:var(--invalid);font-size:.9em}',
].join('\n');

let hash: string | undefined;

/** For the page's Content-Security-Policy: this style and no other applies. Worked out at the first card page. */
function styleHash(): string {
  return (hash ??= `sha256-${toBase64(sha256(utf8Bytes(STYLE)))}`);
}

/**
 * Framable by any origin (it holds nothing secret and acts only with the key the host page already has); its
 * script may talk only to this origin; never cached, since it carries the clock. A fresh object each time.
 */
export const cardPageHeaders = (): Record<string, string> => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': `default-src 'none'; script-src 'self'; style-src '${styleHash()}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
});

/**
 * The page, with the mock clock of the key's workspace written into `<html data-now data-clock>`: the element
 * checks expiry dates against it (a frozen clock stays put; a running one runs on in the browser).
 * @example cardPage('card-0123abcd.js', { mode: 'frozen', now: 1767225600, iso: '2026-01-01T00:00:00.000Z' })
 */
export function cardPage(script: string | undefined, clock: ClockState): string {
  const body = script
    ? `<div class="field"><label for="number">Card number</label>
<input id="number" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" spellcheck="false" aria-invalid="false">
<span id="brand"></span></div>
<div class="row">
<div class="field"><label for="expiry">Expiry date (MM / YY)</label>
<input id="expiry" name="exp-date" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" spellcheck="false" aria-invalid="false"></div>
<div class="field"><label for="cvc">Security code (CVC)</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="3" spellcheck="false" aria-invalid="false"></div>
</div>
<p id="error" role="alert"></p>
<script src="${script}"></script>`
    : '<p id="error" role="alert">The browser kit is not built: run npm run build.</p>';
  return `<!doctype html>
<html lang="en" data-now="${Math.floor(clock.now)}" data-clock="${clock.mode}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<style>${STYLE}</style></head>
<body>
${body}
</body></html>
`;
}
