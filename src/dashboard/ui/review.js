import { useState } from 'preact/hooks';
import { api, query } from './api.js';
import { Badge, Detail, Failure, html, Json, useLive } from './common.js';
import { RequestDetail } from './requests.js';

/**
 * The integration review (GET /_mock/review), live: each finding with its severity, message, evidence and the
 * page with the fix. An evidence id opens the request (the same detail as the Requests view) or the delivery.
 */
export function Review({ workspaces }) {
  const [workspace, setWorkspace] = useState('');
  const [open, setOpen] = useState(null);
  const [report, error] = useLive(() => api(`review${query({ workspace })}`), ['request', 'delivery', 'reset'], [workspace]);
  const counts = report?.counts;
  return html` <section aria-labelledby="review-title">
    <h2 id="review-title">Review</h2>
    <form class="filters" onSubmit=${(e) => e.preventDefault()}>
      <label
        >Workspace
        <select value=${workspace} onChange=${(e) => setWorkspace(e.currentTarget.value)}>
          <option value="">all</option>
          ${(workspaces || []).map((w) => html`<option value=${w.id}>${w.name} (${w.id})</option>`)}
        </select></label
      >
    </form>
    <${Failure} error=${error} />
    ${
      report
        ? html`<p data-review-counts>
              <${Badge} value="critical" /> ${counts.critical} <${Badge} value="warning" /> ${counts.warning} <${Badge} value="info" /> ${counts.info}
              <span class="muted">— ${report.coverage.requests} requests, ${report.coverage.deliveries} deliveries reviewed</span>
            </p>
            ${report.coverage.note ? html`<p class="muted" data-coverage>${report.coverage.note}</p>` : null}
            ${report.rules_off.map((o) => html`<p class="muted">Rules off in <code>${o.workspace}</code>: ${o.rules.join(', ')}</p>`)}
            ${report.findings.length === 0 ? html`<p class="empty">No finding: nothing in what the sandbox saw would hurt in production.</p>` : null}
            <ul class="findings">
              ${report.findings.map((f) => html`<${FindingItem} key=${`${f.rule}-${f.workspace}`} finding=${f} open=${setOpen} />`)}
            </ul>`
        : null
    }
    ${open?.kind === 'request' ? html`<${RequestDetail} id=${open.id} close=${() => setOpen(null)} />` : null}
    ${open?.kind === 'delivery' ? html`<${DeliveryDetail} id=${open.id} close=${() => setOpen(null)} />` : null}
  </section>`;
}

function FindingItem({ finding, open }) {
  const ids = (kind, list) =>
    list.map(
      (id) =>
        html`<button type="button" class="link" data-evidence=${id} onClick=${() => open({ kind, id })} aria-label=${`Open ${kind} ${id}`}>
            <code>${id}</code></button
          >${' '}`,
    );
  return html`<li class="finding" data-rule=${finding.rule}>
    <div>
      <${Badge} value=${finding.severity} /> <strong>${finding.rule}</strong> ${finding.workspace ? html`<code>${finding.workspace}</code>` : null}
      ${finding.count > 1 ? html`<span class="muted">×${finding.count}</span>` : null}
    </div>
    <p>${finding.message}</p>
    <p class="evidence">${ids('request', finding.evidence.requests)}${ids('delivery', finding.evidence.deliveries)}</p>
    <a href=${finding.doc_url} target="_blank" rel="noopener">How to fix</a>
  </li>`;
}

function DeliveryDetail({ id, close }) {
  const [delivery, error] = useLive(() => api(`webhooks/deliveries/${encodeURIComponent(id)}`), ['delivery'], [id]);
  return html`<${Detail} label="Delivery detail" title=${id} close=${close}
    ><${Failure} error=${error} />${delivery ? html`<${Json} value=${delivery} />` : null}<//
  >`;
}

/** A probe report (POST /_mock/webhooks/endpoints/{id}/probe): each probe, what it must do, the answer, the verdict, why. */
export function ProbeReport({ report, close }) {
  return html`<section class="probe-report" data-probe-report=${report.endpoint} aria-label="Probe report">
    <h3>Probe of <code>${report.endpoint}</code> <${Badge} value=${report.verdict} /> <button type="button" class="link" onClick=${close}>close</button></h3>
    <ul class="findings">
      ${report.probes.map(
        (p) =>
          html`<li class="finding" key=${p.id} data-probe=${p.id}>
            <div>
              <${Badge} value=${p.verdict} /> <strong>${p.id}</strong>
              <span class="muted"> — must ${p.expect}: answered ${p.answer.status ?? p.answer.error} in ${Math.round(p.answer.duration_ms)} ms</span>
            </div>
            <p>${p.title}. ${p.why}</p>
          </li>`,
      )}
    </ul>
  </section>`;
}

/** The Probe button of an endpoint: runs the probe and hands its report up. */
export function probeEndpoint(id) {
  return api(`webhooks/endpoints/${encodeURIComponent(id)}/probe`, { method: 'POST' });
}
