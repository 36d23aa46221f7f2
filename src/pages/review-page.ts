import { PROBE_CASES } from '../review/probe-cases';
import { REVIEW_RULES } from '../review/rules';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const code = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

let page: string | undefined;

/** The page every finding's `doc_url` points at (`/docs/review#<rule>`): every rule and probe, built from their tables. */
export function reviewPage(): string {
  page ??= `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>payments-mock integration review</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
section:target{background:#fff6d5}code{background:#f3f3f3;padding:0 .2rem}pre{background:#f3f3f3;padding:.5rem;overflow:auto}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
tr:target{background:#fff6d5}</style></head>
<body><h1>payments-mock integration review</h1>
<p>Findings from what the sandbox saw: <code>GET /_mock/review</code>, <code>payments-mock review --fail-on critical</code>, the dashboard's Review view, the <code>review_integration</code> MCP tool, <code>mock.review()</code>.</p>
<h2>Rules</h2>
${Object.entries(REVIEW_RULES)
  .map(
    ([id, rule]) =>
      `<section id="${id}"><h3><code>${id}</code> <span class="severity" data-severity="${rule.severity}">${rule.severity}</span></h3>
<p><strong>${code(rule.title)}.</strong> ${code(rule.why)}</p>
<p>Provoked by:</p><pre><code>${escape(rule.example)}</code></pre>
<p><strong>Fix:</strong> ${code(rule.fix)}</p></section>`,
  )
  .join('\n')}
<h2 id="probes">Webhook handler probes</h2>
<p><code>POST /_mock/webhooks/endpoints/{id}/probe</code>, <code>payments-mock probe-webhooks &lt;we_…&gt;</code>: deliveries a correct handler must refuse, and ones it must accept.</p>
<table><thead><tr><th>probe</th><th>sends</th><th>a correct handler</th><th>a wrong answer is</th><th>what a wrong answer means</th></tr></thead><tbody>
${Object.entries(PROBE_CASES)
  .map(
    ([id, probe]) =>
      `<tr id="probe-${id}"><td><code>${id}</code></td><td>${code(probe.title)}</td><td>${probe.expect === 'refuse' ? 'refuses it (any non-2xx)' : 'accepts it (2xx)'}</td><td>${probe.wrong}</td><td>${code(probe.meaning)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>
</body></html>
`;
  return page;
}
