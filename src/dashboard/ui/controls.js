import { useState } from 'preact/hooks';
import { api } from './api.js';
import { Action, Failure, html, useLive } from './common.js';

const SCENARIOS = ['happy', 'manual', 'decline', 'flaky', 'rate-limited', 'slow', 'outage'];
const ERRORS = ['api_error', 'service_unavailable', 'rate_limit', 'card_declined', 'idempotency_key_in_use', 'reset'];

/** Clock, scenario, faults, reset, and the state as a file. */
export function Controls({ clock, scenario }) {
  return html` <section aria-labelledby="controls-title">
    <h2 id="controls-title">Controls</h2>
    <div class="cards">
      <${Clock} clock=${clock} />
      <${ScenarioCard} scenario=${scenario} />
      <${Faults} />
      <${Reset} />
      <${State} />
    </div>
  </section>`;
}

function Clock({ clock }) {
  const [by, setBy] = useState('');
  const [mode, setMode] = useState('frozen');
  const [now, setNow] = useState('');
  const advance = (amount) => api('clock/advance', { method: 'POST', body: { by: amount } });
  return html` <div class="card" aria-labelledby="clock-title">
    <h3 id="clock-title">Clock</h3>
    <p>Mode <strong data-clock-mode>${clock?.mode}</strong>, now <strong data-clock-now>${clock?.iso}</strong></p>
    <div class="row">
      ${['1h', '1d', '25h', '31d'].map((amount) => html`<${Action} label=${`+${amount}`} run=${() => advance(amount)} title=${`Advance the clock by ${amount}`} />`)}
    </div>
    <form class="row" onSubmit=${(e) => e.preventDefault()}>
      <label>Advance by <input value=${by} onInput=${(e) => setBy(e.currentTarget.value)} placeholder="90m, 2d, -1h" size="8" /></label>
      <${Action} label="Advance" run=${() => advance(by)} />
    </form>
    <form class="row" onSubmit=${(e) => e.preventDefault()}>
      <label
        >Mode
        <select value=${mode} onChange=${(e) => setMode(e.currentTarget.value)}>
          ${['real', 'frozen', 'offset'].map((m) => html`<option value=${m}>${m}</option>`)}
        </select></label
      >
      <label>Now <input value=${now} onInput=${(e) => setNow(e.currentTarget.value)} placeholder="2026-01-01T00:00:00Z" size="20" /></label>
      <${Action} label="Set clock" run=${() => api('clock', { method: 'PUT', body: now ? { mode, now } : { mode } })} />
    </form>
  </div>`;
}

function ScenarioCard({ scenario }) {
  const [error, setError] = useState(null);
  const change = (e) => {
    setError(null);
    api('scenario', { method: 'PUT', body: { scenario: e.currentTarget.value } }).catch(setError);
  };
  return html` <div class="card">
    <h3>Scenario</h3>
    <label
      >Scenario
      <select data-scenario value=${scenario || ''} onChange=${change}>
        ${SCENARIOS.map((name) => html`<option value=${name}>${name}</option>`)}
      </select></label
    >
    <${Failure} error=${error} />
    <p class="muted">Applies to every /v1 request (a request may pick its own with the <code>Mock-Scenario</code> header).</p>
  </div>`;
}

function Faults() {
  const [fault, setFault] = useState({ method: '', path: '/v1/payments*', phase: 'before', error: 'api_error', times: '1' });
  const [queued, error, reload] = useLive(() => api('faults'), ['reset'], []);
  const set = (name) => (e) => setFault({ ...fault, [name]: e.currentTarget.value });
  const queue = async () => {
    const body = { path: fault.path, phase: fault.phase, error: fault.error, times: Number(fault.times) };
    if (fault.method) body.method = fault.method;
    await api('faults', { method: 'POST', body });
    await reload();
  };
  return html` <div class="card">
    <h3>Queue a fault</h3>
    <form class="grid" onSubmit=${(e) => e.preventDefault()}>
      <label
        >Method
        <select value=${fault.method} onChange=${set('method')}>
          ${['', 'GET', 'POST'].map((m) => html`<option value=${m}>${m || 'any'}</option>`)}
        </select></label
      >
      <label>Path <input value=${fault.path} onInput=${set('path')} /></label>
      <label
        >Phase
        <select value=${fault.phase} onChange=${set('phase')}>
          <option value="before">before (nothing runs)</option>
          <option value="after">after (runs, then fails)</option>
        </select></label
      >
      <label
        >Error
        <select value=${fault.error} onChange=${set('error')}>
          ${ERRORS.map((code) => html`<option value=${code}>${code}</option>`)}
        </select></label
      >
      <label>Times <input value=${fault.times} onInput=${set('times')} inputmode="numeric" size="4" /></label>
    </form>
    <div class="row">
      <${Action} label="Queue fault" kind="primary" run=${queue} />
      <${Action}
        label="Clear faults"
        run=${async () => {
          await api('faults', { method: 'DELETE' });
          await reload();
        }}
      />
    </div>
    <${Failure} error=${error} />
    <ul class="plain">
      ${(queued?.data || []).map((f) => html`<li><code>${f.method || 'any'} ${f.path}</code> ${f.phase} → ${f.error} × ${f.times}</li>`)}
    </ul>
  </div>`;
}

function Reset() {
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  return html` <div class="card">
    <h3>Reset</h3>
    <p class="muted">Store, keys, journal, faults and deliveries back to the fixtures; the clock and scenario stay.</p>
    ${
      asking
        ? html`<div class="row">
            <${Action}
              label="Yes, reset everything"
              kind="danger"
              run=${async () => {
                await api('reset', { method: 'POST' });
                setAsking(false);
                setDone(true);
              }}
            />
            <button type="button" onClick=${() => setAsking(false)}>Cancel</button>
          </div>`
        : html`<button
            type="button"
            class="danger"
            onClick=${() => {
              setDone(false);
              setAsking(true);
            }}
          >
            Reset…
          </button>`
    }
    ${done ? html`<p role="status">Reset done.</p>` : null}
  </div>`;
}

function State() {
  const [message, setMessage] = useState('');
  const [error, setError] = useState(null);
  const exportState = async () => {
    const state = await api('state');
    const url = URL.createObjectURL(new Blob([JSON.stringify(state, null, 2)], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'payments-mock-state.json' });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const importState = async (e) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    try {
      await api('state', { method: 'PUT', body: await file.text() });
      setMessage(`Imported ${file.name}.`);
    } catch (failure) {
      setError(failure);
    }
    input.value = '';
  };
  return html` <div class="card">
    <h3>State</h3>
    <div class="row"><${Action} label="Export (download JSON)" run=${exportState} /></div>
    <label>Import a state file <input type="file" accept="application/json,.json" onChange=${importState} /></label>
    <${Failure} error=${error} />
    ${message ? html`<p role="status">${message}</p>` : null}
  </div>`;
}
