import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, listen, pendingTokenRequest, setToken, startStream, streamStatus } from './api.js';
import { html, useLive } from './common.js';
import { Controls } from './controls.js';
import { Events } from './events.js';
import { Keys } from './keys.js';
import { MemoryGauge } from './memory.js';
import { Objects } from './objects.js';
import { Requests } from './requests.js';
import { Review } from './review.js';
import { Webhooks } from './webhooks.js';

const VIEWS = [
  ['requests', 'Requests'],
  ['objects', 'Objects'],
  ['events', 'Events'],
  ['webhooks', 'Webhooks'],
  ['review', 'Review'],
  ['keys', 'Keys'],
  ['controls', 'Controls'],
];

const viewFromHash = () => {
  const name = location.hash.slice(1);
  return VIEWS.some(([id]) => id === name) ? name : 'requests';
};

const LIVE_LABEL = { live: 'live', polling: 'polling (stream down)', connecting: 'connecting…' };

function App() {
  const [view, setView] = useState(viewFromHash());
  const [status, setStatus] = useState(streamStatus());
  const [asking, setAsking] = useState(null);
  const [clock, setClock] = useState(null);
  const [scenario, setScenario] = useState(null);
  const [workspaces] = useLive(
    () => api('workspaces').then((list) => list.data),
    (type, data) => type === 'reset' || (type === 'object' && data.object === 'webhook_endpoint'),
    [],
  );

  useEffect(() => {
    const onHash = () => setView(viewFromHash());
    addEventListener('hashchange', onHash);
    const refresh = () => {
      api('clock').then(setClock, () => {});
      api('scenario').then(
        (s) => setScenario(s.scenario),
        () => {},
      );
    };
    refresh();
    const stop = listen(({ type, data }) => {
      if (type === 'status') setStatus(data);
      else if (type === 'token') setAsking(data);
      else if (type === 'hello') {
        setClock(data.clock);
        setScenario(data.scenario);
      } else if (type === 'clock' && data.workspace === null) setClock(data.clock);
      else if (type === 'scenario' && data.workspace === null) setScenario(data.scenario);
      else if (type === 'poll' || type === 'refresh') refresh();
    });
    if (pendingTokenRequest()) setAsking(pendingTokenRequest());
    startStream();
    return () => {
      removeEventListener('hashchange', onHash);
      stop();
    };
  }, []);

  const select = (id) => {
    history.replaceState(null, '', `#${id}`);
    setView(id);
  };
  // Arrow keys move between tabs, as in any tab list.
  const onTabKey = (e) => {
    const index = VIEWS.findIndex(([id]) => id === view);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const [next] = VIEWS[(index + step + VIEWS.length) % VIEWS.length];
    select(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  const props = { workspaces, clock, scenario };
  return html` <header class="top">
      <h1>payments-mock</h1>
      <span class=${`live-dot ${status}`} role="status" aria-live="polite" data-live=${status}>${LIVE_LABEL[status]}</span>
      <span class="facts-inline"
        ><span>clock <strong data-header-clock>${clock ? `${clock.iso} (${clock.mode})` : '…'}</strong></span>
        <span>scenario <strong data-header-scenario>${scenario || '…'}</strong></span> <${MemoryGauge}
      /></span>
    </header>
    <nav class="tabs" role="tablist" aria-label="Views" onKeyDown=${onTabKey}>
      ${VIEWS.map(([id, label]) => html`<button type="button" role="tab" id=${`tab-${id}`} aria-selected=${view === id} aria-controls="view" tabindex=${view === id ? 0 : -1} onClick=${() => select(id)}>${label}</button>`)}
    </nav>
    <main id="view" role="tabpanel" aria-labelledby=${`tab-${view}`}>
      ${view === 'requests' ? html`<${Requests} />` : null} ${view === 'objects' ? html`<${Objects} ...${props} />` : null}
      ${view === 'events' ? html`<${Events} ...${props} />` : null} ${view === 'webhooks' ? html`<${Webhooks} />` : null}
      ${view === 'review' ? html`<${Review} ...${props} />` : null} ${view === 'keys' ? html`<${Keys} ...${props} />` : null}
      ${view === 'controls' ? html`<${Controls} ...${props} />` : null}
    </main>
    ${asking ? html`<${TokenDialog} wrong=${asking.wrong} done=${() => setAsking(null)} />` : null}`;
}

/** Asked once (kept for this tab in sessionStorage), sent as a Bearer header on every call and on the stream. */
function TokenDialog({ wrong, done }) {
  const [value, setValue] = useState('');
  const input = useRef();
  useEffect(() => input.current?.focus(), []);
  const submit = (e) => {
    e.preventDefault();
    if (!value) return;
    done();
    setToken(value);
  };
  return html` <div class="overlay">
    <form class="dialog" role="dialog" aria-modal="true" aria-labelledby="token-title" onSubmit=${submit}>
      <h2 id="token-title">Admin token</h2>
      <p>This server was started with <code>--admin-token</code>. Enter it to use the dashboard; it is kept for this tab only.</p>
      ${wrong ? html`<p class="error" role="alert">That token was not accepted.</p>` : null}
      <label>Token <input ref=${input} type="password" autocomplete="off" value=${value} onInput=${(e) => setValue(e.currentTarget.value)} /></label>
      <button type="submit" class="primary">Unlock</button>
    </form>
  </div>`;
}

render(html`<${App} />`, document.getElementById('app'));
