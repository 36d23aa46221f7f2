import { ERROR_CATALOG } from '../errors/catalog';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const code = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

let page: string | undefined;

/** The page every `doc_url` points at (`/docs/errors#<code>`): every error code, built from the catalog. */
export function errorsPage(): string {
  page ??= `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>payments-mock errors</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
tr:target{background:#fff6d5}code{background:#f3f3f3;padding:0 .2rem}</style></head>
<body><h1>payments-mock errors</h1>
<p>Every error is <code>{ "error": { "type", "code", "message", "param"?, "doc_url" } }</code>. The message names what to change.</p>
<table><thead><tr><th>code</th><th>status</th><th>type</th><th>meaning</th><th>how to fix</th></tr></thead><tbody>
${Object.entries(ERROR_CATALOG)
  .map(
    ([name, spec]) =>
      `<tr id="${name}"><td><code>${name}</code></td><td>${spec.status}</td><td>${spec.type}</td><td>${code(spec.meaning)}</td><td>${code(spec.fix)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>
<h2 id="examples">Examples</h2>
<p>Answers that name what was almost right (near misses), as the mock gives them.</p>
${Object.entries(ERROR_CATALOG)
  .flatMap(([name, spec]) =>
    ('examples' in spec ? spec.examples : []).map(
      (example) =>
        `<h3 id="example-${name}"><code>${name}</code>: ${escape(example.title)}</h3>\n<p>${escape(example.request)}:</p>\n<pre><code>${escape(JSON.stringify({ error: example.error }, null, 2))}</code></pre>`,
    ),
  )
  .join('\n')}
</body></html>
`;
  return page;
}
