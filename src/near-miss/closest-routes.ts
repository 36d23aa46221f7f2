import { wordDistance } from './edit-distance';

/** A route as the tables declare it: `/v1/payments/:id/refund`. */
export interface RouteShape {
  method: string;
  path: string;
}

/** What each difference costs: a wrong method is a whole mistake, a missing id only half of one. */
const COST = { method: 1, segment: 1, capture: 0.5 } as const;
/** Past this, nothing in the table is close enough to be worth naming. */
const MAX_COST = 1.5;
/** Routes this much worse than the best are left out. */
const MARGIN = 0.5;
/** Longer paths or segments are not compared: no route is near them, and a hostile one must cost nothing much. */
const MAX_SEGMENTS = 12;
const MAX_SEGMENT_LENGTH = 64;

/**
 * The routes of a table nearest to a request that matched none, best first, as `METHOD /path/{id}`: an edit
 * distance over path segments (a literal costs how much its spelling differs, an id any value), plus the method.
 * Called only when a request has already failed: nothing is precomputed, so routing pays nothing for it.
 *
 * @example
 * closestRoutes('GET', '/v1/payment', [{ method: 'GET', path: '/v1/payments' }, { method: 'GET', path: '/v1/payments/:id' }]);
 * // ['GET /v1/payments', 'GET /v1/payments/{id}']
 */
export function closestRoutes(method: string, path: string, routes: readonly RouteShape[], limit = 3): string[] {
  if (moreSegmentsThan(path, MAX_SEGMENTS)) return [];
  const parts = segmentsOf(path);
  const scored: Array<{ name: string; cost: number }> = [];
  const seen = new Set<string>();
  for (const route of routes) {
    const name = `${route.method} ${route.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const cost = pathCost(parts, segmentsOf(route.path)) + (route.method === method.toUpperCase() ? 0 : COST.method);
    if (cost <= MAX_COST) scored.push({ name, cost });
  }
  if (scored.length === 0) return [];
  // A stable sort: among equals, the table's own order (the more common route first).
  scored.sort((a, b) => a.cost - b.cost);
  const best = (scored[0] as { cost: number }).cost;
  return scored
    .filter(({ cost }) => cost <= best + MARGIN)
    .slice(0, limit)
    .map(({ name }) => name);
}

/** `/v1/payments/` → ['v1', 'payments']: empty segments (a doubled or trailing slash) are not differences worth naming. */
function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Whether a path has more than `most` segments, found by reading up to the one past it: a hostile path is never split. */
function moreSegmentsThan(path: string, most: number): boolean {
  let count = 0;
  for (let at = 0; at < path.length;) {
    const slash = path.indexOf('/', at);
    const end = slash === -1 ? path.length : slash;
    if (end > at && ++count > most) return true;
    at = end + 1;
  }
  return false;
}

/** The edit distance between a request's segments and a template's, with the costs above. */
function pathCost(parts: string[], template: string[]): number {
  let previous = [0];
  for (let j = 1; j <= template.length; j++) previous[j] = (previous[j - 1] as number) + insertCost(template[j - 1] as string);
  for (let i = 1; i <= parts.length; i++) {
    const current = [i * COST.segment];
    for (let j = 1; j <= template.length; j++) {
      current[j] = Math.min(
        (previous[j] as number) + COST.segment,
        (current[j - 1] as number) + insertCost(template[j - 1] as string),
        (previous[j - 1] as number) + substituteCost(parts[i - 1] as string, template[j - 1] as string),
      );
    }
    previous = current;
  }
  return previous[template.length] as number;
}

function insertCost(segment: string): number {
  return segment.startsWith(':') ? COST.capture : COST.segment;
}

/** An id fits any segment; a literal costs its spelling difference, and a different word costs a whole segment. */
function substituteCost(part: string, segment: string): number {
  if (segment.startsWith(':')) return 0;
  if (part.length > MAX_SEGMENT_LENGTH) return COST.segment;
  const distance = wordDistance(part, segment);
  return distance >= 0.5 ? COST.segment : distance;
}
