import { useState } from 'preact/hooks';
import { api, query, time } from './api.js';
import { Failure, html, Json, Scope, useLive } from './common.js';
import { DeliverAgain } from './deliver-again.js';

const DAY = 86400;

/** The type filter's choices, from the types the server says it emits: any, each group (`payment.*`), each type. */
function typeChoices(types, chosen) {
  if (!types) return chosen ? ['', chosen] : [''];
  const groups = [...new Set(types.map((type) => `${type.slice(0, type.lastIndexOf('.'))}.*`))];
  return ['', ...groups, ...types];
}

/** The event feed of every workspace, with the 30-day edge: what is about to leave, and where the feed ends. */
export function Events({ workspaces }) {
  const [workspace, setWorkspace] = useState('');
  const [livemode, setLivemode] = useState('');
  const [type, setType] = useState('');
  const [open, setOpen] = useState(null);
  const [list, error] = useLive(
    () => api(`events${query({ workspace, livemode, type, limit: 500 })}`),
    ['event', 'clock', 'reset'],
    [workspace, livemode, type],
  );
  const age = (event) => (list.now - event.created) / DAY;
  return html` <section aria-labelledby="events-title">
    <h2 id="events-title">Events</h2>
    <form class="filters" onSubmit=${(e) => e.preventDefault()}>
      <${Scope} workspaces=${workspaces} workspace=${workspace} setWorkspace=${setWorkspace} livemode=${livemode} setLivemode=${setLivemode} />
      <label
        >Type
        <select value=${type} onChange=${(e) => setType(e.currentTarget.value)}>
          ${typeChoices(list && list.types, type).map((t) => html`<option value=${t}>${t || 'any'}</option>`)}
        </select></label
      >
    </form>
    <${Failure} error=${error} />
    ${
      list
        ? html` <p class="muted">Now ${time(list.now)}. The feed keeps events for 30 days: anything created at or before ${time(list.window_start)} is gone.</p>
            <div class="scroll">
              <table>
                <thead>
                  <tr>
                    <th>Id</th>
                    <th>Type</th>
                    <th>Workspace</th>
                    <th>Created</th>
                    <th>Age</th>
                  </tr>
                </thead>
                <tbody>
                  ${list.data.map(
                    (event) =>
                      html` <tr key=${event.id} class=${age(event) >= 29 ? 'near-edge' : ''}>
                          <td>
                            <button type="button" class="link" onClick=${() => setOpen(open === event.id ? null : event.id)} aria-expanded=${open === event.id}>
                              <code>${event.id}</code>
                            </button>
                          </td>
                          <td>${event.type}</td>
                          <td><code>${event.workspace}</code>${event.livemode ? html` <span class="pill live">live</span>` : null}</td>
                          <td class="nowrap">${time(event.created)}</td>
                          <td class="nowrap">
                            ${age(event).toFixed(1)}
                            d${age(event) >= 29 ? html` <span class="pill warn">leaves in ${Math.max(0, (30 - age(event)) * 24).toFixed(0)} h</span>` : null}
                          </td>
                        </tr>
                        ${
                          open === event.id
                            ? html`<tr>
                                <td colspan="5">
                                  <${DeliverAgain} event=${event.id} workspace=${event.workspace} livemode=${event.livemode} />
                                  <${Json} value=${event} />
                                </td>
                              </tr>`
                            : null
                        }`,
                  )}
                  <tr class="edge">
                    <td colspan="5">
                      30-day edge — events older than ${time(list.window_start)} have left the feed${list.has_more ? ' (more above this page)' : ''}
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>`
        : null
    }
  </section>`;
}
