import { useEffect, useState } from 'preact/hooks';
import { api, listen } from './api.js';
import { html } from './common.js';

/** How often the figure is read again between crossings (the stream tells of those at once). */
const REFRESH_MS = 5000;

const mb = (bytes) => (bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);

/**
 * Memory held against the budget, in the header: a small bar and the figures from GET /_mock/memory; amber from
 * 80%, red at the budget (creates are refused then). The title names the largest workspaces.
 */
export function MemoryGauge() {
  const [memory, setMemory] = useState(null);
  useEffect(() => {
    const refresh = () => api('memory').then(setMemory, () => {});
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    const stop = listen(({ type }) => {
      if (type === 'memory' || type === 'reset' || type === 'poll') refresh();
    });
    return () => {
      clearInterval(timer);
      stop();
    };
  }, []);
  if (!memory) return html`<span>memory <strong data-header-memory>…</strong></span>`;
  const largest = memory.workspaces
    .slice(0, 3)
    .map((w) => `${w.name}: ${w.objects} objects, ${w.events} events, ~${mb(w.bytes)}`)
    .join('\n');
  return html`<span class=${`memory ${memory.state}`} title=${largest}
    >memory
    <meter min="0" max="100" low="80" high="99" optimum="0" value=${Math.min(100, memory.percent)}></meter>
    <strong data-header-memory data-state=${memory.state}>${mb(memory.held)} of ${mb(memory.budget)} (${Math.round(memory.percent)}%)</strong></span
  >`;
}
