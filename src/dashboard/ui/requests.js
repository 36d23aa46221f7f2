import { useEffect, useRef, useState } from 'preact/hooks';
import { api, listen, query, time } from './api.js';
import { Action, Detail, Failure, html, Json, Status } from './common.js';

const LIMIT = 200;

/** The journal, live: the stream's `request` messages add rows; details are read when a row is opened. */
export function Requests() {
  const [filters, setFilters] = useState({ method: '', path: '', status: '', key: '' });
  const [rows, setRows] = useState([]);
  const [error, setError] = useState(null);
  const [open, setOpen] = useState(null);

  // Rows the stream brought while a read of the journal was on its way: the read may have been answered before them.
  const arrivedWhileLoading = useRef([]);

  const serverFilters = { method: filters.method, path: filters.path, status: /^\d{3}$/.test(filters.status) ? filters.status : '' };
  const load = async () => {
    arrivedWhileLoading.current = [];
    try {
      const list = await api(`requests${query({ ...serverFilters, limit: LIMIT })}`);
      const listed = new Set(list.data.map((row) => row.id));
      setRows([...arrivedWhileLoading.current.filter((row) => !listed.has(row.id)), ...list.data].slice(0, LIMIT));
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  };
  useEffect(() => {
    load();
    let lastFull = 0;
    return listen(({ type, data }) => {
      if (type === 'request') {
        if (serverFilters.method && data.method !== serverFilters.method) return;
        if (serverFilters.path && !data.path.startsWith(serverFilters.path)) return;
        if (serverFilters.status && data.status !== Number(serverFilters.status)) return;
        arrivedWhileLoading.current = [data, ...arrivedWhileLoading.current].slice(0, LIMIT);
        // A row the journal read already gave is not added twice.
        setRows((current) => (current.some((row) => row.id === data.id) ? current : [data, ...current].slice(0, LIMIT)));
      } else if (type === 'overflow') {
        // More requests than the stream sends live: read the journal, at most every 2 s while it lasts.
        if (Date.now() - lastFull >= 2000) {
          lastFull = Date.now();
          load();
        }
      } else if (type === 'reset' || type === 'poll' || type === 'refresh') load();
    });
  }, [serverFilters.method, serverFilters.path, serverFilters.status]);

  const set = (name) => (e) => setFilters({ ...filters, [name]: e.currentTarget.value });
  const shown = filters.key ? rows.filter((row) => (row.key || '').includes(filters.key)) : rows;
  return html` <section aria-labelledby="requests-title">
    <h2 id="requests-title">Requests</h2>
    <form class="filters" onSubmit=${(e) => e.preventDefault()}>
      <label
        >Method
        <select value=${filters.method} onChange=${set('method')}>
          ${['', 'GET', 'POST', 'DELETE'].map((m) => html`<option value=${m}>${m || 'any'}</option>`)}
        </select></label
      >
      <label>Path <input value=${filters.path} onInput=${set('path')} placeholder="/v1/payments" /></label>
      <label>Status <input value=${filters.status} onInput=${set('status')} inputmode="numeric" size="4" placeholder="402" /></label>
      <label>Key <input value=${filters.key} onInput=${set('key')} placeholder="sk_test_…1234" /></label>
      <${Action}
        label="Save as flow"
        title="Download the session (the requests of the first request's workspace, its clock moves and scenario changes) as a flow file that payments-mock flow replays"
        run=${saveAsFlow}
      />
      <${Action}
        label="Clear journal"
        run=${async () => {
          await api('requests', { method: 'DELETE' });
          await load();
        }}
      />
    </form>
    <${Failure} error=${error} />
    <div class="split">
      <div class="scroll">
        <table class="requests">
          <thead>
            <tr>
              <th>Method</th>
              <th>Path</th>
              <th>Status</th>
              <th>ms</th>
              <th>Key</th>
              <th>Time (mock)</th>
            </tr>
          </thead>
          <tbody>
            ${shown.map(
              (row) =>
                html` <tr key=${row.id} class=${open === row.id ? 'selected' : ''} data-request=${row.id}>
                  <td>${row.method}</td>
                  <td class="path">
                    <button type="button" class="link" onClick=${() => setOpen(row.id)} aria-label=${`Open ${row.method} ${row.path}`}>${row.path}</button
                    >${row.replayed ? html` <span class="pill">replayed</span>` : null}
                  </td>
                  <td><${Status} code=${row.status} /></td>
                  <td class="num">${row.duration_ms}</td>
                  <td><code>${row.key || '—'}</code></td>
                  <td class="nowrap">${time(row.created)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        ${shown.length === 0 ? html`<p class="empty">No requests yet. Try <code>curl -u sk_test_…: ${location.origin}/v1/payments -d amount=2000 -d currency=usd</code></p>` : null}
      </div>
      ${open ? html`<${RequestDetail} id=${open} close=${() => setOpen(null)} />` : null}
    </div>
  </section>`;
}

/**
 * Downloads the session as a flow document (`GET /_mock/requests?as=flow`), the same the CLI writes with
 * `payments-mock journal --as-flow`: a file `payments-mock flow` replays on a fresh mock.
 */
async function saveAsFlow() {
  const flow = await api('requests?as=flow');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`${JSON.stringify(flow, null, 2)}\n`], { type: 'application/json' }));
  link.download = `session-${flow.workspace}.flow.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it started: the URL is not needed past this turn.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

export function RequestDetail({ id, close }) {
  const [entry, setEntry] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    setEntry(null);
    api(`requests/${encodeURIComponent(id)}`).then(setEntry, setError);
  }, [id]);
  return html` <${Detail} label="Request detail" title=${entry ? `${entry.method} ${entry.path}` : id} close=${close}>
    <${Failure} error=${error} />
    ${
      entry
        ? html` <dl class="facts">
              <dt>Request-Id</dt>
              <dd><code>${entry.id}</code></dd>
              <dt>Status</dt>
              <dd><${Status} code=${entry.status} /></dd>
              <dt>Key</dt>
              <dd><code>${entry.key || '—'}</code></dd>
              <dt>Workspace</dt>
              <dd><code>${entry.workspace || '—'}</code></dd>
              ${
                entry.near_miss
                  ? html`<dt>Near miss</dt>
                      <dd class="near-miss">
                        <code>${entry.near_miss.id}</code
                        >${` is held by workspace ${entry.near_miss.workspace} in ${entry.near_miss.livemode ? 'live' : 'test'} mode (the API answer does not say which: workspaces are isolated)`}
                      </dd>`
                  : null
              }
              <dt>Idempotency-Key</dt>
              <dd><code>${entry.idempotency_key || '—'}</code></dd>
              <dt>Idempotent-Replayed</dt>
              <dd>${entry.replayed ? 'true' : 'false'}</dd>
              <dt>Duration</dt>
              <dd>${entry.duration_ms} ms</dd>
              <dt>Time</dt>
              <dd>${time(entry.created)}</dd>
            </dl>
            <h4>Request headers</h4>
            <${Headers} value=${entry.request_headers} />
            <h4>Request body</h4>
            <${Json} value=${entry.request_body} />
            <h4>Response headers</h4>
            <${Headers} value=${entry.response_headers} />
            <h4>Response body</h4>
            <${Json} value=${entry.response_body} />`
        : null
    }
  <//>`;
}

/** Headers as a list of name: value lines. */
function Headers({ value }) {
  const entries = Object.entries(value || {});
  if (entries.length === 0) return html`<p class="muted">none</p>`;
  return html`<dl class="facts headers">
    ${entries.map(
      ([name, text]) =>
        html`<dt>${name}</dt>
          <dd><code>${text}</code></dd>`,
    )}
  </dl>`;
}
