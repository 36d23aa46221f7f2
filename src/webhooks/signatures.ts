import type { Hmac } from 'node:crypto';

/** The secret's key bytes for Standard Webhooks: the base64 after `whsec_`. */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

/**
 * The two signatures every delivery carries, so that both official verifiers accept it unchanged:
 * - `Service-Signature: t=<unix>,v1=<hex HMAC-SHA256(whole secret, "<t>.<body>")>`, what
 *   `stripe.webhooks.constructEvent(body, header, secret)` checks;
 * - Standard Webhooks: `webhook-id`, `webhook-timestamp`, and `webhook-signature: v1,<base64 HMAC-SHA256(key bytes,
 *   "<id>.<t>.<body>")>`, what the `standardwebhooks` and `svix` packages check.
 * `timestamp` is the machine's Unix time: receivers compare it with their own clock, whatever the mock clock says.
 * While a rolled secret is still valid, `secrets` holds the new one and the old one, and each header carries one
 * signature per secret (`v1=` twice; two space-separated `v1,` entries): both verifiers accept either secret.
 */
export function signatureHeaders(secrets: string | readonly string[], messageId: string, body: string, timestamp: number): Record<string, string> {
  // Loaded on the first delivery, so a server without webhooks never pays for crypto at boot.
  const { createHmac } = require('node:crypto') as typeof import('node:crypto');
  const hmac = (key: string | Buffer, text: string): Hmac => createHmac('sha256', key).update(text, 'utf8');
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return {
    'Service-Signature': `t=${timestamp},${all.map((secret) => `v1=${hmac(secret, `${timestamp}.${body}`).digest('hex')}`).join(',')}`,
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': all.map((secret) => `v1,${hmac(standardKey(secret), `${messageId}.${timestamp}.${body}`).digest('base64')}`).join(' '),
  };
}
