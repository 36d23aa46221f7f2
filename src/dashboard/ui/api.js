// The page's only data path: the admin API under /_mock (relative, so a mounted createApp() works too) and its
// event stream, read with fetch so the admin token can go in a header.
const BASE = location.pathname.replace(/dashboard\/?$/, '');
const TOKEN_KEY = 'payments-mock-admin-token';

let token = sessionStorage.getItem(TOKEN_KEY) || '';
const tokenWaiters = new Set();
const listeners = new Set();

/** Listens to what the page needs to know: stream messages ({ type, data }), `poll` ticks, `token` requests. */
export function listen(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(type, data) {
  for (const listener of [...listeners]) listener({ type, data });
}

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error?.code;
  }
}

function headers(extra = {}) {
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

/** Asks the person for the admin token once; every waiting call goes on with it. */
let tokenWanted = null;

function needToken() {
  return new Promise((resolve) => {
    tokenWaiters.add(resolve);
    tokenWanted = { wrong: token !== '' };
    emit('token', tokenWanted);
  });
}

/** Whether some call waits for the token (asked before the page started listening). */
export const pendingTokenRequest = () => tokenWanted;

export function setToken(value) {
  token = value;
  tokenWanted = null;
  sessionStorage.setItem(TOKEN_KEY, value);
  const waiters = [...tokenWaiters];
  tokenWaiters.clear();
  for (const resolve of waiters) resolve();
  restartStream();
}

/** JSON in and out; a 401 admin_unauthorized asks for the token and tries again. */
export async function api(path, { method = 'GET', body } = {}) {
  for (;;) {
    const init = { method, headers: headers(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const res = await fetch(BASE + path, init);
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.status === 401 && json?.error?.code === 'admin_unauthorized') {
      await needToken();
      continue;
    }
    if (!res.ok) throw new ApiError(res.status, json);
    return json;
  }
}

export const query = (params) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== '' && value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

// ---- the live stream, with polling when it fails ----

let status = 'connecting';
let controller;
let pollTimer;
let retryTimer;
let quietTimer;

export const streamStatus = () => status;

function setStatus(next) {
  if (next === status) return;
  status = next;
  emit('status', status);
}

function startPolling() {
  setStatus('polling');
  if (!pollTimer) pollTimer = setInterval(() => emit('poll', null), 2000);
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, 5000);
}

function stopPolling() {
  clearInterval(pollTimer);
  pollTimer = undefined;
}

function restartStream() {
  controller?.abort();
  clearTimeout(retryTimer);
  connect();
}

/** A stream that says nothing for this long (its heartbeat comes every 10 s) is taken for dead. */
const QUIET_MS = 25000;

async function connect() {
  controller?.abort();
  const mine = (controller = new AbortController());
  const alive = () => {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => mine.abort(), QUIET_MS);
  };
  try {
    const res = await fetch(`${BASE}stream`, { headers: headers({ Accept: 'text/event-stream' }), signal: mine.signal, cache: 'no-store' });
    if (res.status === 401) {
      await needToken();
      return;
    }
    if (!res.ok || !res.body) throw new Error(`stream: HTTP ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    alive();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      alive();
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let type = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event: ')) type = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (!data) continue;
        if (type === 'hello') {
          stopPolling();
          setStatus('live');
        }
        emit(type, JSON.parse(data));
      }
    }
    throw new Error('stream ended');
  } catch {
    clearTimeout(quietTimer);
    if (mine !== controller) return;
    startPolling();
  }
}

export function startStream() {
  connect();
  // Some admin changes say nothing on the stream (a workspace or key made by a script): coming back to the tab
  // refreshes every view.
  addEventListener('focus', () => emit('refresh', null));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') emit('refresh', null);
  });
}

// ---- formatting ----

const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

export function money(amount, currency) {
  if (typeof amount !== 'number') return '';
  const zero = ZERO_DECIMAL.has(currency);
  return `${zero ? amount : (amount / 100).toFixed(2)} ${String(currency || '').toUpperCase()}`;
}

export function time(unix) {
  if (typeof unix !== 'number') return '';
  return new Date(unix * 1000).toISOString().replace('T', ' ').replace('.000Z', 'Z');
}

/** Copies to the clipboard; where the Clipboard API is refused (a plain-http LAN address), the old way. */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = Object.assign(document.createElement('textarea'), { value: text, readOnly: true });
    area.className = 'offscreen';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}
