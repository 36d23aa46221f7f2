import { ApiError } from '../errors/api-error';

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

/**
 * Matches a method and path against a route table. An unknown path is 404 url_invalid; a known path with the
 * wrong method is 405 method_not_allowed with the methods it does take.
 */
export class Router<R extends Routed> {
  /**
   * The routes a path may match, found by its segment count and its third segment (`/v1/payments/…` →
   * `4 payments`), so a request compares a handful of routes rather than the whole table. Each bucket keeps
   * the table's order, and routes that capture that segment are in every bucket of their length.
   */
  private readonly buckets = new Map<string, Array<Compiled<R>>>();

  constructor(routes: R[]) {
    const compiled = routes.map((route) => {
      const segments = route.path.split('/');
      return { route, segments, captures: segments.map((segment) => (segment.startsWith(':') ? segment.slice(1) : null)) };
    });
    for (const entry of compiled) {
      const literal = entry.captures[2] === null ? entry.segments[2] : undefined;
      const key = bucketKey(entry.segments.length, literal);
      if (this.buckets.has(key)) continue;
      const sameLength = compiled.filter((other) => other.segments.length === entry.segments.length);
      this.buckets.set(
        key,
        literal === undefined
          ? sameLength.filter((other) => other.captures[2] !== null)
          : sameLength.filter((other) => other.captures[2] !== null || other.segments[2] === literal),
      );
    }
  }

  match(method: string, path: string): Match<R> {
    const parts = path.split('/');
    const candidates = this.buckets.get(bucketKey(parts.length, parts[2])) ?? this.buckets.get(bucketKey(parts.length, undefined)) ?? [];
    let allowed: string[] | undefined;
    for (const { route, captures, segments } of candidates) {
      const params = matchSegments(segments, captures, parts);
      if (!params) continue;
      if (route.method === method) return { route, params };
      (allowed ??= []).push(route.method);
    }
    if (allowed) {
      const allow = [...new Set(allowed)].join(', ');
      throw new ApiError('method_not_allowed', `${method} is not allowed on ${path}. Use ${allow}.`, { headers: { Allow: allow } });
    }
    throw new ApiError('url_invalid', `Unrecognized request URL (${method} ${truncate(path)}). See GET /openapi.json for the endpoints.`);
  }
}

function bucketKey(length: number, third: string | undefined): string {
  return third === undefined ? `${length}` : `${length} ${third}`;
}

function matchSegments(segments: string[], captures: Array<string | null>, parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < segments.length; i++) {
    const capture = captures[i];
    const part = parts[i] as string;
    if (capture) {
      if (part === '') return undefined;
      (params ??= Object.create(null) as Record<string, string>)[capture] = part;
    } else if (segments[i] !== part) return undefined;
  }
  return params ?? {};
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
