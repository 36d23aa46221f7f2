import { untrustedCertificate } from '../tls/trust-help';

/** An answer of the mock: its status, headers and parsed JSON body. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** The mock could not be asked (nothing listens, or what answers is not a payments-mock): the message says what to do. */
export class MockUnreachable extends Error {}

interface CallOptions {
  /** The query string, encoded (without `?`). */
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The MCP request's signal: an agent that cancels a call stops waiting for the mock too. */
  signal?: AbortSignal | undefined;
}

/**
 * The MCP server's only way to the mock: HTTP, like any client, to the admin API (with `--admin-token` as a Bearer
 * header) and `/v1` (with a key). Tools are admin calls with better descriptions, so they go through the same door.
 *
 * @example
 * const api = new MockApi('http://127.0.0.1:4010', 'secret-token');
 * const { status, body } = await api.admin('POST', '/_mock/clock/advance', { body: { by: '25h' } });
 */
export class MockApi {
  constructor(
    readonly url: string,
    private readonly adminToken?: string,
  ) {}

  /** A call to `/_mock/…`: JSON in and out, the admin token when one was given. */
  admin(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
    const auth: Record<string, string> = this.adminToken !== undefined ? { Authorization: `Bearer ${this.adminToken}` } : {};
    return this.send(method, path, { ...options, headers: { ...auth, ...options.headers } });
  }

  /** A call to `/v1/…` with an API key, as a client makes it (JSON body). */
  v1(method: string, path: string, key: string, options: CallOptions = {}): Promise<ApiAnswer> {
    return this.send(method, path, { ...options, headers: { Authorization: `Bearer ${key}`, ...options.headers } });
  }

  /** A public document of the mock (`/openapi.json`), as text. */
  async document(path: string, signal?: AbortSignal): Promise<string> {
    const response = await this.fetch(path, { method: 'GET', ...(signal ? { signal } : {}) });
    const text = await response.text();
    if (!response.ok)
      throw new MockUnreachable(`payments-mock at ${this.url} answered GET ${path} with ${response.status}: is --url the address of a payments-mock?`);
    return text;
  }

  private async send(method: string, path: string, options: CallOptions): Promise<ApiAnswer> {
    const query = options.query;
    const hasBody = options.body !== undefined;
    const response = await this.fetch(`${path}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`, {
      method,
      headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = await response.text();
    try {
      return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown };
    } catch {
      const type = response.headers.get('content-type') ?? 'no content type';
      throw new MockUnreachable(
        `${this.url} answered ${method} ${path.split('?')[0]} with ${response.status} (${type}), not JSON: is --url the address of a payments-mock?`,
      );
    }
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.url}${path}`, { ...init, redirect: 'manual' });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (error as Error).message;
      const untrusted = untrustedCertificate(cause?.code);
      if (untrusted) throw new MockUnreachable(`payments-mock at ${this.url} answers over HTTPS, but ${untrusted}.`);
      throw new MockUnreachable(
        `Cannot reach payments-mock at ${this.url} (${why}). Start it (npx payments-mock --port ${new URL(this.url).port || 80}), ` +
          'or let the MCP server own one: payments-mock mcp --start.',
      );
    }
  }
}
