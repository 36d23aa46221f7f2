import { EXAMPLE_EVENT } from '../routes/examples';

/**
 * The top-level `webhooks` of the document: what the mock POSTs to a registered endpoint (contract section 13):
 * the event as `GET /v1/events/{id}` shows it to a secret key, signed two ways.
 */
export const WEBHOOKS = {
  event: {
    post: {
      operationId: 'receiveEvent',
      summary: 'An event delivered to your endpoint',
      description:
        'Each event goes once to every enabled endpoint whose `enabled_events` match it. Answer any 2xx within 10 s; anything else ' +
        '(another status, a redirect, which is never followed, a timeout, a refused connection) is retried on the mock clock 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later (8 attempts in all), then the delivery is failed. ' +
        'Each endpoint has one attempt in flight at a time, in due order, so a healthy receiver sees events in the order they were created. The signature timestamp is real time, so verification works under any mock clock. ' +
        'Verify `Service-Signature` with `stripe.webhooks.constructEvent(body, header, secret)`, or the `webhook-*` headers with a Standard Webhooks library.',
      tags: ['webhooks'],
      security: [],
      parameters: [
        header(
          'Service-Signature',
          '`t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the whole whsec_ secret>`.',
          't=1767225600,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
        ),
        header('webhook-id', 'The event id (Standard Webhooks).', 'evt_1NG8Du2eZvKYlo2CUI79vXWy'),
        header('webhook-timestamp', 'Unix seconds of the attempt, real time (Standard Webhooks).', '1767225600'),
        header(
          'webhook-signature',
          '`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">` keyed with the base64-decoded part after whsec_.',
          'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        ),
        header('Service-Delivery', 'The delivery id (`GET /_mock/webhooks/deliveries`).', 'whd_3kTq9ZpW2mXr'),
        header('Service-Delivery-Attempt', 'The attempt number, from 1.', '1'),
        header('User-Agent', '`payments-mock/<version>`.', 'payments-mock/0.1.0'),
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' }, example: EXAMPLE_EVENT } } },
      responses: {
        200: { description: 'Any 2xx answered within 10 s acknowledges the delivery.' },
        400: { description: 'Any other status is a failed attempt: the mock retries later.' },
      },
    },
  },
};

function header(name: string, description: string, example: string) {
  return { name, in: 'header', required: true, description, schema: { type: 'string' }, example };
}
