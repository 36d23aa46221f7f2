import { ChallengeToHost, HostToChallenge, isMessage, MESSAGE_TYPES } from './protocol';

/** How long a loaded challenge may take to answer our hello before it counts as unreachable (real time). */
// Generous: a loaded machine (a CI runner, a test suite in parallel) may take seconds to load a frame; an
// unreachable mock is caught before, by the API call that precedes the frame.
const READY_TIMEOUT_MS = 15_000;

export type ChallengeEnd = { ok: true } | { ok: false; message: string };

/**
 * Opens the mock's 3-D Secure page in a modal iframe over the page and resolves once the person approved or
 * failed it (the page tells us by postMessage, to our origin only). Focus goes into the challenge and comes back
 * where it was.
 * @example const end = await openChallenge(payment.next_action.redirect_to_url.url); // { ok: true }
 */
export function openChallenge(url: string): Promise<ChallengeEnd> {
  const origin = new URL(url).origin;
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const overlay = document.createElement('div');
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-label', '3-D Secure authentication');
  overlay.dataset.paymentsChallenge = '';
  Object.assign(overlay.style, {
    position: 'fixed',
    inset: '0',
    zIndex: '2147483647',
    background: 'rgba(20, 20, 30, 0.55)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '1rem',
  });
  const iframe = document.createElement('iframe');
  iframe.src = url;
  iframe.title = '3-D Secure authentication';
  Object.assign(iframe.style, { border: '0', borderRadius: '8px', background: '#fff', width: '100%', maxWidth: '32rem', height: '26rem', maxHeight: '100%' });
  overlay.appendChild(iframe);

  return new Promise((resolve) => {
    let ready = false;
    const finish = (end: ChallengeEnd) => {
      window.removeEventListener('message', receive);
      overlay.remove();
      before?.focus();
      resolve(end);
    };
    const receive = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || event.origin !== origin) return;
      if (!isMessage<ChallengeToHost>(event.data, MESSAGE_TYPES.challengeToHost)) return;
      if (event.data.type === 'challenge_ready') ready = true;
      else finish({ ok: true });
    };
    window.addEventListener('message', receive);
    iframe.addEventListener('load', () => {
      iframe.focus();
      const hello: HostToChallenge = { v: 1, type: 'challenge_open' };
      iframe.contentWindow?.postMessage(hello, origin);
      setTimeout(() => {
        if (!ready && overlay.isConnected) finish({ ok: false, message: `The 3-D Secure page at ${origin} did not load: is the payments mock running?` });
      }, READY_TIMEOUT_MS);
    });
    document.body.appendChild(overlay);
  });
}
