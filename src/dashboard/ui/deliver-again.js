import { useEffect, useState } from 'preact/hooks';
import { api } from './api.js';
import { Action, Badge, html } from './common.js';

/**
 * "Deliver again" for an event: a new delivery, signed now, to an endpoint of the event's workspace and mode
 * (`POST /_mock/events/{id}/deliver`), so a handler can be replayed after a fix. With `endpoint` given (a delivery
 * row), the button goes straight to that endpoint; otherwise the person picks one.
 */
export function DeliverAgain({ event, workspace, livemode, endpoint, onDelivered }) {
  const [endpoints, setEndpoints] = useState(endpoint ? [{ id: endpoint }] : null);
  const [chosen, setChosen] = useState(endpoint || '');
  const [result, setResult] = useState(null);
  useEffect(() => {
    if (endpoint) return;
    api('webhooks/endpoints').then(
      (list) => {
        const mine = list.data.filter((e) => e.workspace === workspace && e.livemode === livemode);
        setEndpoints(mine);
        setChosen((current) => current || (mine[0] ? mine[0].id : ''));
      },
      () => setEndpoints([]),
    );
  }, [endpoint, workspace, livemode]);
  if (endpoints && endpoints.length === 0) return html`<p class="muted">No webhook endpoint in this workspace and mode to deliver ${event} to.</p>`;
  return html`<span class="deliver-again" data-deliver-again=${event}>
    ${
      endpoint
        ? null
        : html`<label
            >Endpoint
            <select value=${chosen} onChange=${(e) => setChosen(e.currentTarget.value)}>
              ${(endpoints || []).map((e) => html`<option value=${e.id}>${e.id} ${e.url ? `(${e.url})` : ''}</option>`)}
            </select></label
          >`
    }
    <${Action}
      label="Deliver again"
      busyLabel="Delivering…"
      title="A new delivery of this event, signed now"
      run=${async () => {
        const delivery = await api(`events/${encodeURIComponent(event)}/deliver`, { method: 'POST', body: { endpoint: chosen } });
        setResult(delivery);
        if (onDelivered) await onDelivered(delivery);
      }}
    />
    ${result ? html`<span class="muted" role="status">New delivery <code>${result.id}</code> <${Badge} value=${result.status} /></span>` : null}
  </span>`;
}
