import { useState } from 'preact/hooks';
import { api, copy, time } from './api.js';
import { Action, Failure, html, useLive } from './common.js';

/** Every key per workspace and mode: copy, create, rotate. */
export function Keys({ workspaces }) {
  const [keys, error, reload] = useLive(() => api('keys'), ['reset', 'clock'], []);
  const [form, setForm] = useState({ workspace: '', kind: 'secret', livemode: 'false' });
  const [copied, setCopied] = useState(null);
  const [grace, setGrace] = useState('24h');
  const workspace = form.workspace || workspaces?.[0]?.id || '';
  const set = (name) => (e) => setForm({ ...form, [name]: e.currentTarget.value });
  const groups = [];
  for (const w of workspaces || []) {
    for (const livemode of [false, true]) {
      const data = (keys?.data || []).filter((k) => k.workspace === w.id && k.livemode === livemode);
      if (data.length) groups.push({ title: `${w.name} — ${livemode ? 'live' : 'test'}`, id: w.id, data });
    }
  }
  return html` <section aria-labelledby="keys-title">
    <h2 id="keys-title">Keys</h2>
    <form class="filters" onSubmit=${(e) => e.preventDefault()}>
      <label
        >Workspace
        <select value=${workspace} onChange=${set('workspace')}>
          ${(workspaces || []).map((w) => html`<option value=${w.id}>${w.name} (${w.id})</option>`)}
        </select></label
      >
      <label
        >Kind
        <select value=${form.kind} onChange=${set('kind')}>
          ${['secret', 'publishable', 'restricted'].map((k) => html`<option value=${k}>${k}</option>`)}
        </select></label
      >
      <label
        >Mode
        <select value=${form.livemode} onChange=${set('livemode')}>
          <option value="false">test</option>
          <option value="true">live</option>
        </select></label
      >
      <${Action}
        label="Create key"
        kind="primary"
        run=${async () => {
          await api('keys', { method: 'POST', body: { workspace, kind: form.kind, livemode: form.livemode === 'true' } });
          await reload();
        }}
      />
      <label
        >Old key works for
        <select value=${grace} onChange=${(e) => setGrace(e.currentTarget.value)}>
          ${['24h', '1h', '7d', 'now'].map((g) => html`<option value=${g}>${g}</option>`)}
        </select>
        after a rotation</label
      >
    </form>
    <${Failure} error=${error} />
    ${groups.map(
      (group) =>
        html` <h3>${group.title} <code class="muted">${group.id}</code></h3>
          <div class="scroll">
            <table class="keys">
              <thead>
                <tr>
                  <th>Kind</th>
                  <th>Key</th>
                  <th>Permissions</th>
                  <th>Expires</th>
                  <th></th>
                </tr>
              </thead>
              <tbody>
                ${group.data.map(
                  (key) =>
                    html` <tr key=${key.key}>
                      <td>${key.kind}</td>
                      <td><code class="key">${key.key}</code></td>
                      <td>
                        ${
                          key.permissions
                            ? Object.entries(key.permissions)
                                .filter(([, level]) => level !== 'none')
                                .map(([name, level]) => `${name}: ${level}`)
                                .join(', ') || 'none'
                            : 'all'
                        }
                      </td>
                      <td class="nowrap">${key.expires_at ? time(key.expires_at) : '—'}</td>
                      <td class="nowrap">
                        <button type="button" onClick=${async () => setCopied((await copy(key.key)) ? key.key : null)}>
                          ${copied === key.key ? 'Copied' : 'Copy'}
                        </button>
                        ${
                          key.expires_at === null
                            ? html` <${Action}
                                label="Rotate"
                                run=${async () => {
                                  await api(`keys/${encodeURIComponent(key.key)}/rotate`, { method: 'POST', body: { expires_in: grace } });
                                  await reload();
                                }}
                              />`
                            : null
                        }
                      </td>
                    </tr>`,
                )}
              </tbody>
            </table>
          </div>`,
    )}
  </section>`;
}
