import { useState } from 'preact/hooks';
import { api, copy, query, time } from './api.js';
import { Action, Badge, Failure, html, useLive } from './common.js';
import { DeliverAgain } from './deliver-again.js';
import { probeEndpoint, ProbeReport } from './review.js';

/** Stream messages that change the endpoints table (not the payments and customers that come by). */
const endpointChange = (type, data) => type === 'reset' || (type === 'object' && data.object === 'webhook_endpoint');

/** Endpoints and the delivery log: every attempt with its status code and error, the next retry, a retry button. */
export function Webhooks() {
  const [status, setStatus] = useState('');
  const [probe, setProbe] = useState(null);
  const [endpoints, endpointsError] = useLive(() => api('webhooks/endpoints'), endpointChange, []);
  const [deliveries, deliveriesError, reload] = useLive(
    () => api(`webhooks/deliveries${query({ status, limit: 100 })}`),
    ['delivery', 'reset', 'clock'],
    [status],
  );
  return html` <section aria-labelledby="webhooks-title">
    <h2 id="webhooks-title">Webhooks</h2>
    <h3>Endpoints</h3>
    <${Failure} error=${endpointsError} />
    <div class="scroll">
      <table>
        <thead>
          <tr>
            <th>Id</th>
            <th>URL</th>
            <th>Status</th>
            <th>Events</th>
            <th>Workspace</th>
            <th>Secret</th>
          </tr>
        </thead>
        <tbody>
          ${(endpoints?.data || []).map(
            (endpoint) =>
              html` <tr key=${endpoint.id}>
                <td><code>${endpoint.id}</code></td>
                <td class="wrap">${endpoint.url}</td>
                <td><${Badge} value=${endpoint.status} /></td>
                <td>${endpoint.enabled_events.join(', ')}</td>
                <td><code>${endpoint.workspace}</code>${endpoint.livemode ? html` <span class="pill live">live</span>` : null}</td>
                <td>
                  <${Action} label="Copy secret" run=${() => copy(endpoint.secret)} />
                  <${Action}
                    label="Probe"
                    busyLabel="Probing…"
                    title="Send the handler forged, altered, replayed, duplicate and out-of-order deliveries"
                    run=${async () => setProbe(await probeEndpoint(endpoint.id))}
                  />
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${endpoints && endpoints.data.length === 0 ? html`<p class="empty">No endpoints. Register one with <code>POST /v1/webhook_endpoints</code> or start with <code>--webhook &lt;url&gt;</code>.</p>` : null}
    </div>
    ${probe ? html`<${ProbeReport} report=${probe} close=${() => setProbe(null)} />` : null}
    <h3>Deliveries</h3>
    <form class="filters" onSubmit=${(e) => e.preventDefault()}>
      <label
        >Status
        <select value=${status} onChange=${(e) => setStatus(e.currentTarget.value)}>
          ${['', 'pending', 'succeeded', 'failed', 'canceled'].map((s) => html`<option value=${s}>${s || 'any'}</option>`)}
        </select></label
      >
    </form>
    <${Failure} error=${deliveriesError} />
    <ul class="deliveries">
      ${(deliveries?.data || []).map((delivery) => html`<${Delivery} key=${delivery.id} delivery=${delivery} reload=${reload} />`)}
    </ul>
    ${deliveries && deliveries.data.length === 0 ? html`<p class="empty">No deliveries yet.</p>` : null}
  </section>`;
}

function Delivery({ delivery, reload }) {
  return html` <li class="delivery" data-delivery=${delivery.id}>
    <div class="delivery-head">
      <code>${delivery.id}</code> <strong>${delivery.event_type}</strong> <code>${delivery.event}</code> → <span class="wrap">${delivery.url}</span>
      <${Badge} value=${delivery.status} />
      ${delivery.next_attempt_at ? html`<span class="muted">next attempt ${time(delivery.next_attempt_at)}</span>` : null}
      <${Action}
        label="Retry now"
        busyLabel="Retrying…"
        run=${async () => {
          await api(`webhooks/deliveries/${delivery.id}/retry`, { method: 'POST' });
          await reload();
        }}
      />
      <${DeliverAgain} event=${delivery.event} endpoint=${delivery.endpoint} onDelivered=${reload} />
    </div>
    <div class="scroll">
      <table class="attempts">
        <thead>
          <tr>
            <th>#</th>
            <th>At (mock time)</th>
            <th>Status code</th>
            <th>Error</th>
            <th>ms</th>
            <th>Response</th>
          </tr>
        </thead>
        <tbody>
          ${delivery.attempts.map(
            (attempt) =>
              html` <tr key=${attempt.n} data-attempt=${attempt.n}>
                <td>${attempt.n}</td>
                <td class="nowrap">${time(attempt.at)}</td>
                <td>${attempt.response_status ?? '—'}</td>
                <td>${attempt.error ?? '—'}</td>
                <td class="num">${attempt.duration_ms}</td>
                <td><code class="clip">${attempt.response_body ?? ''}</code></td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </li>`;
}
