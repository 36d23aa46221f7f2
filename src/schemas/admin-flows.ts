/**
 * The bodies and answers of the admin operations that run API requests for the caller: a trigger (`POST
 * /_mock/trigger`) and a flow (`POST /_mock/flows`), a list of request and control steps with references.
 */
import { PERMISSION_RESOURCES } from './resources';
import { closed, duration, level, nullable, ref, string } from './admin-fields';
import { SCENARIO_NAMES } from './scenario-names';

/** Inline shapes of the trigger and flow operations, spread into ADMIN_SHAPES. */
export const FLOW_SHAPES = {
  trigger: closed(
    {
      event: { type: 'string', description: 'An event type the mock emits (GET /_mock/events lists them in `types`).' },
      workspace: { type: 'string', description: 'A workspace id (default: the first workspace).' },
      livemode: { type: 'boolean', description: 'Live mode instead of test mode (default false).' },
      overrides: {
        type: 'object',
        additionalProperties: { type: ['string', 'number', 'boolean', 'null', 'object', 'array'] },
        description:
          'Parameters of the main request, nested as in a JSON body (`"metadata": {"order": "42"}`) or by their bracket name (`metadata[order]`), validated by the API like a client\'s. The same parameter given both ways with different values is refused.',
      },
    },
    ['event'],
  ),
  triggerResult: closed({
    object: { const: 'trigger' },
    type: string,
    workspace: string,
    livemode: { type: 'boolean' },
    objects: { type: 'array', items: { type: 'object' }, description: 'Every object the trigger made, as it is now.' },
    events: { type: 'array', items: { type: 'object' }, description: 'The events its requests emitted, oldest first, each with its `workspace`.' },
    steps: { type: 'array', items: ref('FlowStepReport') },
  }),
  flow: closed(
    {
      workspace: { type: 'string', description: 'A workspace id (default: the first workspace).' },
      livemode: { type: 'boolean', description: 'Live mode instead of test mode (default false).' },
      env: {
        type: 'object',
        additionalProperties: string,
        description: 'Values for `${env:NAME}` references (the server never reads its own environment; the CLI fills this from yours).',
      },
      warnings: {
        type: 'array',
        items: string,
        description:
          'Written by a session kept as a flow when a replay will not answer as the session did (ids made by requests the journal no longer holds). Ignored when run.',
      },
      steps: {
        type: 'array',
        minItems: 1,
        maxItems: 200,
        items: {
          oneOf: [
            closed(
              {
                name: {
                  type: 'string',
                  pattern: '^[A-Za-z_][A-Za-z0-9_-]{0,63}$',
                  description: 'Names the answer: later steps reference it as `${name:path.to.field}`.',
                },
                method: { enum: ['GET', 'POST', 'DELETE'] },
                path: { type: 'string', pattern: '^/v1(/|$)', description: 'A /v1 path; may hold references (`/v1/payments/${pay:id}/refund`).' },
                params: { type: 'object', description: 'Body (POST, sent as JSON) or query (GET, DELETE) parameters; strings may hold references.' },
                key: { enum: ['secret', 'publishable', 'restricted'], description: "Which of the workspace's keys (default secret)." },
                key_permissions: {
                  ...closed(Object.fromEntries(PERMISSION_RESOURCES.map((name) => [name, level])), []),
                  description:
                    'With key restricted: what the key must be allowed (resources left out: none). The step takes a restricted key that may do at least that, made if the workspace has none.',
                },
                idempotency_key: { type: 'string', minLength: 1, maxLength: 255 },
                scenario: {
                  enum: [...SCENARIO_NAMES],
                  description: 'Sent as the Mock-Scenario header: this request alone runs under it.',
                },
                expect_error: closed({ status: { type: 'integer', minimum: 400, maximum: 599 }, code: string }, []),
                expect_status: {
                  type: 'integer',
                  description:
                    'The status the step must answer (200, or 400–599, which then counts as expected); any other stops the flow with 422 `flow_step_failed`. A recorded session writes it on every step.',
                },
              },
              ['method', 'path'],
            ),
            closed({ name: string, advance: duration }, ['advance']),
            closed({ name: string, scenario: nullable({ enum: [...SCENARIO_NAMES] }) }, ['scenario']),
            closed({ name: string, flush_webhooks: { const: true } }, ['flush_webhooks']),
          ],
        },
      },
    },
    ['steps'],
  ),
  flowResult: closed({
    object: { const: 'flow_run' },
    workspace: string,
    livemode: { type: 'boolean' },
    answers: { type: 'object', description: "Every named step's answer, by name." },
    steps: { type: 'array', items: ref('FlowStepReport') },
    events: { type: 'array', items: { type: 'object' }, description: "The events the flow's requests emitted, oldest first." },
  }),
} as const;
