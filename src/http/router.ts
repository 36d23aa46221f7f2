import { ApiError } from '../errors/api-error';

export interface Routed {
  method: string;
  /** `/v1/payments/:id/refund`: segments starting with `:` capture one path segment. */
  path: string;
}

interface Compiled<R> {
  route: R;
  segments: string[];
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
  private readonly compiled: Array<Compiled<R>>;

  constructor(routes: R[]) {
    this.compiled = routes.map((route) => ({ route, segments: route.path.split('/') }));
  }

  match(method: string, path: string): Match<R> {
    const parts = path.split('/');
    let allowed: string[] | undefined;
    for (const { route, segments } of this.compiled) {
      const params = matchSegments(segments, parts);
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

function matchSegments(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const part = parts[i] as string;
    if (segment.startsWith(':')) {
      if (part === '') return undefined;
      (params ??= Object.create(null) as Record<string, string>)[segment.slice(1)] = part;
    } else if (segment !== part) return undefined;
  }
  return params ?? {};
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
