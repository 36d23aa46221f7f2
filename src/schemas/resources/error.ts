import { object } from '../typed-schema';

// The error answers have no TypeScript type of their own here (src/errors/ builds them); their properties are
// plain JSON Schema, written out, since most are documented for one code only.

/** Every error answer: one JSON object under `error`. */
export const errorSchema = object({
  error: {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'code', 'message', 'doc_url'],
    properties: {
      type: {
        enum: ['authentication_error', 'permission_error', 'invalid_request_error', 'idempotency_error', 'card_error', 'rate_limit_error', 'api_error'],
      },
      code: { type: 'string', description: 'One of the codes listed at /docs/errors.' },
      message: { type: 'string', description: 'What went wrong and what to change.' },
      param: { type: 'string', description: 'The parameter at fault, when there is one.' },
      decline_code: { type: 'string' },
      doc_url: { type: 'string', description: 'The code on the /docs/errors page this server serves.' },
      payment: { $ref: '#/components/schemas/Payment' },
      suggestions: {
        type: 'array',
        items: { type: 'string' },
        maxItems: 3,
        description:
          'url_invalid: the routes nearest to the one asked for, best first, as `METHOD /path/{id}` (the message names them too); empty when none is near.',
      },
      problems: {
        type: 'array',
        description: 'flow_invalid: every problem of the flow document, by JSON pointer.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['pointer', 'message'],
          properties: { pointer: { type: 'string' }, message: { type: 'string' } },
        },
      },
      step: {
        type: 'object',
        description: 'flow_step_failed, flow_expectation_failed: the step that stopped the flow.',
        additionalProperties: false,
        required: ['index', 'name', 'pointer'],
        properties: { index: { type: 'integer' }, name: { type: ['string', 'null'] }, pointer: { type: 'string' } },
      },
      request: { type: ['object', 'null'], description: 'The step’s request (method and path, references resolved); null when it was never sent.' },
      response: { type: ['object', 'null'], description: 'What the API answered the step: { status, body }.' },
      answers: { type: 'object', description: 'The answers of the named steps that ran before it.' },
    },
  },
});

/** A 402: the card was declined or has expired; `payment` is the payment after the failed attempt. */
export const cardErrorSchema = object({
  error: {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'code', 'message', 'doc_url'],
    properties: {
      type: { const: 'card_error' },
      code: { enum: ['card_declined', 'expired_card'] },
      decline_code: { type: 'string', description: 'Why the card was declined: generic_decline, insufficient_funds, …' },
      message: { type: 'string' },
      param: { type: 'string' },
      doc_url: { type: 'string' },
      payment: { $ref: '#/components/schemas/Payment', description: 'The payment after the failed attempt (status requires_payment_method).' },
    },
  },
});
