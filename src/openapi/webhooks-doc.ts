import { EVENT_TYPES } from '../domain/events';
import { RETRY_DELAYS_SECONDS } from '../webhooks/retry-schedule';

const header = (name: string, description: string, schema: object = { type: 'string' }) => ({ name, in: 'header', required: true, description, schema });

const HEADERS = [
  header('Service-Signature', '`t=<unix>,v1=<hex HMAC-SHA256(key = the whole secret string, "<t>.<raw body>")>`: what `stripe.webhooks.constructEvent(body, header, secret)` verifies.', { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' }),
  header('webhook-id', 'Standard Webhooks: the event id, the same on every attempt.'),
  header('webhook-timestamp', 'Standard Webhooks: the real Unix time of the attempt (not the mock clock).', { type: 'string', pattern: '^\\d+$' }),
  header('webhook-signature', 'Standard Webhooks: `v1,<base64 HMAC-SHA256(key = base64-decoded part after whsec_, "<id>.<t>.<raw body>")>`.'),
  header('Service-Delivery', 'The delivery (`whd_…`), as GET /_mock/webhooks/deliveries lists it.'),
  header('Service-Delivery-Attempt', 'The attempt number, from 1.', { type: 'string', pattern: '^\\d+$' }),
  header('User-Agent', '`payments-mock/<version>`.'),
];

const schedule = RETRY_DELAYS_SECONDS.map((s) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`)).join(', ');

/**
 * The OpenAPI 3.1 `webhooks` object: one POST per event type that the sandbox delivers to registered endpoints,
 * with the signature headers and the retry schedule.
 */
export function webhooksDocument(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\W/g, '_')}`,
          summary: `${type} delivered to a webhook endpoint`,
          description:
            `Sent to every enabled endpoint whose enabled_events match \`${type}\`. The body is the event exactly as GET /v1/events/{id} returns it to a secret key. ` +
            `Success is any 2xx within 10 s; anything else (another status, a redirect, which is never followed, a refused connection, a timeout) fails the attempt. ` +
            `The first attempt is made at once; after a failed attempt the next is due on the mock clock ${schedule} later (8 attempts in all), then the delivery is failed.`,
          parameters: HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } } },
          responses: { '200': { description: 'Any 2xx acknowledges the delivery.' }, default: { description: 'Anything else is a failed attempt, retried on the schedule.' } },
        },
      },
    ]),
  );
}
