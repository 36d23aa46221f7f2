import { monotonicMs, nodeBuiltin } from '../runtime/platform';
import type { Agent, IncomingMessage, RequestOptions } from 'node:http';
import type { Cancelable, SendResult } from './send-result';

export type { Cancelable, SendResult };

/** An answer is read up to this much; the rest is not waited for. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** How much of the answer the delivery log keeps. */
export const LOGGED_RESPONSE_BYTES = 1024;

/**
 * POSTs one delivery and reports what happened, never throwing: a slow, huge, redirecting or broken receiver is
 * a failed attempt, not a problem of the mock. No redirect is followed, the whole exchange has `timeoutMs`, and
 * at most 64 KiB of the answer is read.
 */
export interface SendOptions {
  timeoutMs: number;
  /** The keep-alive agent for a protocol; a socket the receiver closed while idle is retried once on a new one. */
  agentFor?: (protocol: 'http:' | 'https:') => Agent;
  /** Told of each request in flight, so that closing the mock can cut it; returns the function that forgets it. */
  track?: (request: Cancelable) => () => void;
  /** The CAs an https: receiver's certificate may chain to, when `--webhook-ca` adds some to the system's. */
  ca?: string[];
}

/** A request in flight that closing the mock (or resetting its workspace) cuts. */

export async function postWebhook(url: URL, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendResult> {
  const started = monotonicMs();
  const first = await send(url, headers, body, options, started);
  // A pooled socket the receiver had closed fails before the request reaches it: that is not the receiver's answer.
  if (first.staleSocket) {
    // Retried on a new connection: every option but the pooling agent.
    const { agentFor: _pooled, ...fresh } = options;
    return send(url, headers, body, fresh, started);
  }
  return first;
}

function send(
  url: URL,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, agentFor, track, ca }: SendOptions,
  started: number,
): Promise<SendResult & { staleSocket?: boolean }> {
  return new Promise((resolve) => {
    let settled = false;
    let untrack = (): void => undefined;
    const finish = (status: number | null, error: string | null, chunks: Buffer[] = [], staleSocket = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      untrack();
      // A whole answer leaves the socket to the agent for the next attempt; anything else closes it.
      if (!complete) request.destroy();
      const text = chunks.length ? Buffer.concat(chunks).subarray(0, LOGGED_RESPONSE_BYTES).toString('utf8') : null;
      resolve({ status, error, body: text, durationMs: Math.round((monotonicMs() - started) * 100) / 100, ...(staleSocket ? { staleSocket } : {}) });
    };
    let complete = false;
    const payload = Buffer.from(body, 'utf8');
    const options: RequestOptions = {
      method: 'POST',
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, 'Content-Length': String(payload.length) },
      agent: agentFor ? agentFor(url.protocol === 'https:' ? 'https:' : 'http:') : false,
      // Per request, not on the agent: the agent pools connections by these options, and a retry without it keeps them.
      ...(ca ? { ca } : {}),
    } as RequestOptions;
    const transport = nodeBuiltin<typeof import('node:http')>(url.protocol === 'https:' ? 'node:https' : 'node:http') as typeof import('node:http');
    const request = transport.request(options, (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) return finish(status, 'redirect');
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish(status, null, chunks);
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_RESPONSE_BYTES) done();
      });
      response.on('end', () => {
        complete = true;
        done();
      });
      response.on('error', (error) => finish(status, errorName(error), chunks));
    });
    const timer = setTimeout(() => finish(null, 'timeout'), timeoutMs);
    request.on('error', (error) => finish(null, errorName(error), [], request.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET'));
    if (track) untrack = track(request);
    request.end(payload);
  });
}

/** A network failure, named for the delivery log. */
export function errorName(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || error.message === 'socket hang up') return 'connection_reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns_failure';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (code.startsWith('HPE_')) return 'invalid_response';
  // Node's certificate codes: CERT_HAS_EXPIRED, SELF_SIGNED_CERT_IN_CHAIN, UNABLE_TO_VERIFY_LEAF_SIGNATURE, ...
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL') || code.startsWith('UNABLE_TO_')) return 'tls_error';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'unreachable';
  return 'network_error';
}
