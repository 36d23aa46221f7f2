import { fromBase64 } from '../runtime/bytes';
import { hmacSha256 } from '../runtime/hashing';

/** The secret's key bytes for Standard Webhooks: the base64 after `whsec_`. */
function standardKey(secret: string): Uint8Array {
  return fromBase64(secret.slice('whsec_'.length));
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
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return {
    'Service-Signature': `t=${timestamp},${all.map((secret) => `v1=${hmacSha256(secret, `${timestamp}.${body}`, 'hex')}`).join(',')}`,
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': all.map((secret) => `v1,${hmacSha256(standardKey(secret), `${messageId}.${timestamp}.${body}`, 'base64')}`).join(' '),
  };
}
