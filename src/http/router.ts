import { ApiError } from '../errors/api-error';
import { closestRoutes } from '../near-miss/closest-routes';
import { anyOf } from '../near-miss/closest-words';

export interface Routed {
  method: string;
  /** `/v1/payments/:id/refund`: segments starting with `:` capture one path segment. */
  path: string;
}

interface Compiled<R> {
  route: R;
  segments: string[];
  /** Per segment, the parameter it captures (`:id` → `id`), or null for a literal. */
  captures: Array<string | null>;
}

export interface Match<R> {
  route: R;
  params: Record<string, string>;
}

/** The routes of one path length: by their third segment, and those that capture it (they may match any). */
interface Bucket<R> {
  byThird: Map<string, Array<Compiled<R>>>;
  capturingThird: Array<Compiled<R>>;
}

/**
 * Matches a method and path against a route table. An unknown path is 404 url_invalid; a known path with the
 * wrong method is 405 method_not_allowed with the methods it does take.
 */
export class Router<R extends Routed> {
  /**
   * The routes a path may match, found by its segment count and its third segment (`/v1/payments/…` →
   * 4, `payments`), so a request compares a handful of routes rather than the whole table. Each list keeps the
   * table's order, and routes that capture the third segment are in every list of their length.
   */
  private readonly buckets = new Map<number, Bucket<R>>();
  /**
   * The answer for each literal path (no captures) and method, found by one lookup of the path as sent: the
   * commonest calls (create a payment, list) skip splitting the path. Shared and frozen, as is its empty params.
   */
  private readonly literal = new Map<string, Map<string, Match<R>>>();
  /**
   * Routes whose last segment alone captures (`/v1/payments/:id`), by the literal path before it and method: a
   * retrieve finds its route with one lookup too. Only where no route listed earlier could take such a path but a
   * literal one (those are in `literal`, looked up first).
   */
  private readonly lastCaptured = new Map<string, Map<string, { route: R; name: string }>>();

  constructor(private readonly routes: R[]) {
    const compiled = routes.map((route) => {
      const segments = route.path.split('/');
      return { route, segments, captures: segments.map((segment) => (segment.startsWith(':') ? segment.slice(1) : null)) };
    });
    for (const entry of compiled) {
      const length = entry.segments.length;
      let bucket = this.buckets.get(length);
      if (!bucket) {
        const capturing = compiled.filter((other) => other.segments.length === length && other.captures[2] !== null);
        this.buckets.set(length, (bucket = { byThird: new Map(), capturingThird: capturing }));
      }
      const third = entry.segments[2];
      if (entry.captures[2] !== null || third === undefined || bucket.byThird.has(third)) continue;
      bucket.byThird.set(
        third,
        compiled.filter((other) => other.segments.length === length && (other.captures[2] !== null || other.segments[2] === third)),
      );
    }
    for (const entry of compiled) {
      const { route } = entry;
      // Only where the table's order gives this route (a capturing route listed before it would win).
      if (!literalOnly(entry) || this.search(route.method, route.path)?.route !== route) continue;
      const byMethod = this.literal.get(route.path) ?? new Map<string, Match<R>>();
      this.literal.set(route.path, byMethod.set(route.method, Object.freeze({ route, params: NO_PARAMS })));
    }
    compiled.forEach(({ route, captures, segments }, at) => {
      const last = segments.length - 1;
      const name = captures[last];
      if (!name || captures.some((capture, i) => capture !== null && i !== last)) return;
      const shadowed = compiled
        .slice(0, at)
        .some(
          (other) => other.route.method === route.method && other.segments.length === segments.length && !literalOnly(other) && fits(other, segments, last),
        );
      if (shadowed) return;
      const prefix = segments.slice(0, last).join('/');
      // An earlier route of the same prefix and method shadows this one (above), so none is overwritten here.
      const byMethod = this.lastCaptured.get(prefix) ?? new Map<string, { route: R; name: string }>();
      this.lastCaptured.set(prefix, byMethod.set(route.method, { route, name }));
    });
  }

  match(method: string, path: string): Match<R> {
    return this.literal.get(path)?.get(method) ?? this.lastCapture(method, path) ?? this.search(method, path) ?? this.refuse(method, path);
  }

  private lastCapture(method: string, path: string): Match<R> | undefined {
    const slash = path.lastIndexOf('/');
    if (slash === -1 || slash === path.length - 1) return undefined;
    const found = this.lastCaptured.get(path.slice(0, slash))?.get(method);
    return found && { route: found.route, params: { [found.name]: path.slice(slash + 1) } };
  }

  /** The first route of the table that takes this method and path, if any. */
  private search(method: string, path: string): Match<R> | undefined {
    const parts = path.split('/');
    for (const { route, captures, segments } of this.candidates(parts)) {
      if (route.method === method && matches(segments, captures, parts)) return { route, params: paramsOf(captures, parts) };
    }
    return undefined;
  }

  private candidates(parts: string[]): Array<Compiled<R>> {
    const bucket = this.buckets.get(parts.length);
    return (bucket && (bucket.byThird.get(parts[2] as string) ?? bucket.capturingThird)) ?? [];
  }

  /** 405 with the methods this path takes, else 404. */
  private refuse(method: string, path: string): never {
    const parts = path.split('/');
    let allowed: string[] | undefined;
    for (const { route, captures, segments } of this.candidates(parts)) {
      if (matches(segments, captures, parts)) (allowed ??= []).push(route.method);
    }
    if (allowed) {
      const allow = [...new Set(allowed)].join(', ');
      throw new ApiError('method_not_allowed', `${method} is not allowed on ${path}. Use ${allow}.`, { headers: { Allow: allow } });
    }
    throw this.unknownUrl(method, path);
  }

  /**
   * 404 url_invalid, naming the routes nearest to what was asked (`error.suggestions` too, for clients), found
   * only now that the request failed: routing itself does no extra work for them.
   */
  private unknownUrl(method: string, path: string): ApiError {
    const suggestions = closestRoutes(method, path, this.routes);
    const hint = suggestions.length ? ` Did you mean ${anyOf(suggestions)}?` : ' See GET /openapi.json for the endpoints.';
    return new ApiError('url_invalid', `Unrecognized request URL (${method.slice(0, 20)} ${truncate(path)}).${hint}`, { body: { suggestions } });
  }
}

function literalOnly(entry: Compiled<unknown>): boolean {
  return entry.captures.every((capture) => capture === null);
}

/** Whether a route could take paths whose first `count` segments are `segments`' (captures take any). */
function fits(entry: Compiled<unknown>, segments: string[], count: number): boolean {
  for (let i = 0; i < count; i++) if (entry.captures[i] === null && entry.segments[i] !== segments[i]) return false;
  return true;
}

/** Whether a path's parts fit a route: literals equal, captures not empty. */
function matches(segments: string[], captures: Array<string | null>, parts: string[]): boolean {
  if (segments.length !== parts.length) return false;
  for (let i = 0; i < segments.length; i++) {
    if (captures[i] ? parts[i] === '' : segments[i] !== parts[i]) return false;
  }
  return true;
}

/**
 * The captured segments by name. A plain object (a null-prototype one is a slow dictionary in V8, on every
 * request): its keys are the route table's own names, never the request's, so the prototype cannot be reached.
 */
function paramsOf(captures: Array<string | null>, parts: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (let i = 0; i < captures.length; i++) {
    const capture = captures[i];
    if (capture) params[capture] = parts[i] as string;
  }
  return params;
}

const NO_PARAMS: Record<string, string> = Object.freeze({});

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
