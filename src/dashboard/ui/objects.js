import { useState } from 'preact/hooks';
import { api, money, query, time } from './api.js';
import { Badge, Detail, Failure, html, Json, Scope, useLive } from './common.js';

const TYPES = [
  ['payment', 'Payments'],
  ['customer', 'Customers'],
  ['refund', 'Refunds'],
  ['payment_method', 'Payment methods'],
  ['webhook_endpoint', 'Webhook endpoints'],
];

function summary(object) {
  switch (object.object) {
    case 'payment':
      return html`${money(object.amount, object.currency)}
        <${Badge} value=${object.status} />${object.customer ? html` <code>${object.customer}</code>` : null}`;
    case 'customer':
      return `${object.email || ''} ${object.name ? `(${object.name})` : ''}`;
    case 'refund':
      return html`${money(object.amount, object.currency)} of <code>${object.payment}</code> <${Badge} value=${object.status} />`;
    case 'payment_method':
      return `${object.card?.brand || ''} •••• ${object.card?.last4 || ''}`;
    case 'webhook_endpoint':
      return html`${object.url} <${Badge} value=${object.status} />`;
    default:
      return '';
  }
}

/** Browse and search what each workspace holds; an object opens with its refunds, events and deliveries. */
export function Objects({ workspaces }) {
  const [workspace, setWorkspace] = useState('');
  const [livemode, setLivemode] = useState('false');
  const [type, setType] = useState('payment');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(null);
  const [list, error] = useLive(
    () => api(`objects${query({ workspace, livemode, type, q, limit: 200 })}`),
    ['event', 'object', 'reset'],
    [workspace, livemode, type, q],
  );
  return html` <section aria-labelledby="objects-title">
    <h2 id="objects-title">Objects</h2>
    <form class="filters" onSubmit=${(e) => e.preventDefault()}>
      <${Scope} workspaces=${workspaces} workspace=${workspace} setWorkspace=${setWorkspace} livemode=${livemode} setLivemode=${setLivemode} />
      <label
        >Kind
        <select value=${type} onChange=${(e) => setType(e.currentTarget.value)}>
          ${TYPES.map(([value, label]) => html`<option value=${value}>${label}</option>`)}
        </select></label
      >
      <label>Search <input type="search" value=${q} onInput=${(e) => setQ(e.currentTarget.value)} placeholder="id, e-mail, metadata value" /></label>
    </form>
    <${Failure} error=${error} />
    <div class="split">
      <div class="scroll">
        <table>
          <thead>
            <tr>
              <th>Id</th>
              <th>Summary</th>
              <th>Workspace</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            ${(list?.data || []).map(
              (object) =>
                html` <tr key=${object.id} class=${open === object.id ? 'selected' : ''}>
                  <td>
                    <button type="button" class="link" onClick=${() => setOpen(object.id)}><code>${object.id}</code></button>
                  </td>
                  <td>${summary(object)}</td>
                  <td><code>${object.workspace}</code>${object.livemode ? html` <span class="pill live">live</span>` : null}</td>
                  <td class="nowrap">${time(object.created)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        ${list && list.data.length === 0 ? html`<p class="empty">Nothing here${q ? ` matching “${q}”` : ''}.</p>` : null}
      </div>
      ${open ? html`<${ObjectDetail} id=${open} close=${() => setOpen(null)} openId=${setOpen} />` : null}
    </div>
  </section>`;
}

function ObjectDetail({ id, close, openId }) {
  // Only what names this object (its new versions, its events) or may concern it (deliveries, a reset) reloads it.
  const [detail, error] = useLive(
    () => api(`objects/${encodeURIComponent(id)}`),
    (type, data) =>
      type === 'delivery' ||
      type === 'reset' ||
      (type === 'object' && (data.id === id || data.summary?.payment === id)) ||
      (type === 'event' && data.data?.object?.id === id),
    [id],
  );
  const idLink = (other) => html`<button type="button" class="link" onClick=${() => openId(other)}><code>${other}</code></button>`;
  return html` <${Detail} label="Object detail" title=${html`<code>${id}</code>`} close=${close}>
    <${Failure} error=${error} />
    ${
      detail
        ? html` <p>${detail.object.object} in <code>${detail.workspace}</code> (${detail.livemode ? 'live' : 'test'} mode)</p>
            <${Json} value=${detail.object} />
            ${
              detail.refunds.length
                ? html`<h4>Refunds</h4>
                    <ul class="plain">
                      ${detail.refunds.map((r) => html`<li>${idLink(r.id)} ${money(r.amount, r.currency)} <${Badge} value=${r.status} /></li>`)}
                    </ul>`
                : null
            }
            ${
              detail.payments.length
                ? html`<h4>Payments</h4>
                    <ul class="plain">
                      ${detail.payments.map((p) => html`<li>${idLink(p.id)} ${money(p.amount, p.currency)} <${Badge} value=${p.status} /></li>`)}
                    </ul>`
                : null
            }
            <h4>Events</h4>
            ${
              detail.events.length
                ? html`<ul class="plain">
                    ${detail.events.map((e) => html`<li><code>${e.id}</code> ${e.type} <span class="muted">${time(e.created)}</span></li>`)}
                  </ul>`
                : html`<p class="muted">None in the 30-day window.</p>`
            }
            <h4>Webhook deliveries</h4>
            ${
              detail.deliveries.length
                ? html`<ul class="plain">
                    ${detail.deliveries.map((d) => html`<li><code>${d.id}</code> ${d.event_type} → ${d.url} <${Badge} value=${d.status} /> ${d.attempts.length} attempt(s)</li>`)}
                  </ul>`
                : html`<p class="muted">None.</p>`
            }`
        : null
    }
  <//>`;
}
