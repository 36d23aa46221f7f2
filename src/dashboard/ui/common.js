import { h } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { listen } from './api.js';

export const html = htm.bind(h);

/** A change is shown this soon; under steady traffic, a view reloads at most once a second. */
const FIRST_RELOAD_MS = 150;
const RELOAD_EVERY_MS = 1000;

/**
 * Loads data with `load()`, again when one of `types` arrives on the stream (or, when `types` is a function
 * `(type, data) => boolean`, a message it accepts) and on every polling tick when the stream is down. Messages that
 * arrive while a reload is already due join it, so a busy server costs the page (and the admin API) one reload a
 * second, not one per message. Returns [data, error, reload].
 */
export function useLive(load, types, deps) {
  const [data, setData] = useState(undefined);
  const [error, setError] = useState(null);
  const timer = useRef();
  const last = useRef(0);
  const reload = useCallback(async () => {
    try {
      setData(await load());
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, deps);
  useEffect(() => {
    reload();
    const wanted = typeof types === 'function' ? types : (type) => types.includes(type);
    const stop = listen(({ type, data }) => {
      if (type !== 'poll' && type !== 'refresh' && !wanted(type, data)) return;
      if (timer.current !== undefined) return;
      const wait = Math.max(FIRST_RELOAD_MS, last.current + RELOAD_EVERY_MS - Date.now());
      timer.current = setTimeout(() => {
        timer.current = undefined;
        last.current = Date.now();
        reload();
      }, wait);
    });
    return () => {
      stop();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [reload]);
  return [data, error, reload];
}

/**
 * A side panel for one item: it takes the focus when it opens (so a keyboard user lands in it), and Escape or
 * its × button closes it.
 */
export function Detail({ label, title, close, children }) {
  const panel = useRef();
  useEffect(() => panel.current?.focus(), []);
  const onKey = (e) => {
    if (e.key === 'Escape') close();
  };
  return html` <aside class="detail" aria-label=${label} tabindex="-1" ref=${panel} onKeyDown=${onKey}>
    <div class="detail-head">
      <h3>${title}</h3>
      <button type="button" onClick=${close} aria-label="Close detail">×</button>
    </div>
    ${children}
  </aside>`;
}

export function Json({ value }) {
  return html`<pre class="json">${JSON.stringify(value, null, 2)}</pre>`;
}

export function Failure({ error }) {
  return error ? html`<p class="error" role="alert">${error.message}</p>` : null;
}

export function Status({ code }) {
  const kind = code >= 500 ? 'bad' : code >= 400 ? 'warn' : 'ok';
  return html`<span class=${`pill ${kind}`}>${code}</span>`;
}

export function Badge({ value }) {
  return html`<span class=${`pill s-${value}`}>${value}</span>`;
}

/** A button that runs an async action, shows it is busy, and reports a failure next to itself. */
export function Action({ label, run, kind = '', title, busyLabel }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const click = async () => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return html`<span class="action"
    ><button type="button" class=${kind} onClick=${click} disabled=${busy} title=${title}>${busy && busyLabel ? busyLabel : label}</button
    >${error ? html`<span class="error" role="alert">${error.message}</span>` : null}</span
  >`;
}

/** Workspace and mode pickers shared by the views that browse per workspace. */
export function Scope({ workspaces, workspace, setWorkspace, livemode, setLivemode, any = true }) {
  return html` <label
      >Workspace
      <select value=${workspace} onChange=${(e) => setWorkspace(e.currentTarget.value)}>
        ${any ? html`<option value="">all</option>` : null} ${(workspaces || []).map((w) => html`<option value=${w.id}>${w.name} (${w.id})</option>`)}
      </select>
    </label>
    <label
      >Mode
      <select value=${livemode} onChange=${(e) => setLivemode(e.currentTarget.value)}>
        ${any ? html`<option value="">both</option>` : null}
        <option value="false">test</option>
        <option value="true">live</option>
      </select>
    </label>`;
}
