import { toBase64, utf8Bytes } from '../runtime/bytes';
import { sha256 } from '../runtime/sha256';

/**
 * The challenge page's only script. Opened as a page of its own, it puts the focus on the first button. Opened
 * by payments.js in a modal iframe, it stays idle until the framing page says hello (`{ v: 1, type:
 * 'challenge_open' }`, from the parent window), remembers that page's origin, and from then on answers the
 * challenge with fetch instead of navigating the frame, then tells that origin alone how it ended
 * (`challenge_result`). Framed by a page that never says hello, the form works as a plain form: 303 to
 * return_url. The message names are those of src/browser/client/protocol.ts (a unit test keeps them in step).
 */
export const FRAMED_SCRIPT = `(function () {
  var form = document.querySelector('form');
  if (!form) return;
  // Not the autofocus attribute: a browser refuses it in a cross-origin frame, with a console error.
  if (window.parent === window) return form.querySelector('button').focus();
  var opener = null;
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (opener !== null || event.source !== window.parent || !data || data.v !== 1 || data.type !== 'challenge_open') return;
    opener = event.origin;
    form.querySelector('button').focus();
    window.parent.postMessage({ v: 1, type: 'challenge_ready' }, opener);
  });
  form.addEventListener('submit', function (event) {
    if (opener === null) return;
    event.preventDefault();
    var buttons = form.querySelectorAll('button');
    var outcome = event.submitter ? event.submitter.value : 'fail';
    var status = document.getElementById('framed-status');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    fetch(form.action, { method: 'POST', headers: { Accept: 'application/json' }, body: new URLSearchParams({ token: form.elements.namedItem('token').value, outcome: outcome }) })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        if (!answer || answer.error) throw new Error(answer && answer.error ? answer.error.message : 'No answer.');
        status.textContent = answer.redirect_status === 'succeeded' ? 'Authentication complete.' : 'Authentication failed.';
        window.parent.postMessage({ v: 1, type: 'challenge_result', payment: answer.payment, redirect_status: answer.redirect_status }, opener);
      })
      .catch(function (error) {
        status.textContent = 'Could not answer the challenge: ' + error.message;
        for (var i = 0; i < buttons.length; i++) buttons[i].disabled = false;
      });
  });
})();`;

let hash: string | undefined;

/**
 * For the page's Content-Security-Policy: this script and no other may run. Worked out at the first page, not when
 * the CLI starts. @example `script-src '${framedScriptHash()}'`
 */
export function framedScriptHash(): string {
  return (hash ??= `sha256-${toBase64(sha256(utf8Bytes(FRAMED_SCRIPT)))}`);
}
