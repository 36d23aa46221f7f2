import { Command } from 'commander';
import { ConfigError } from '../errors/api-error';
import type { WebhookDelivery, WebhookEndpoint } from '../schemas/resources';
import type { Palette } from './colors';
import { callMock, ClientOptions, getAdmin, postAdmin } from './mock-client';
import { connectionOptions } from './connection-options';

interface Flags extends ClientOptions {
  json?: boolean;
}

interface Out {
  stdout: (text: string) => void;
}

function shared(command: Command): Command {
  return connectionOptions(command).option('--json', 'print the answer as JSON');
}

/**
 * `payments-mock deliver <event> --endpoint <we_…>` (a redelivery, `POST /_mock/events/{id}/deliver`) and
 * `payments-mock rotate-secret <we_…>` (`POST /v1/webhook_endpoints/{id}/rotate_secret`, with a secret key of the
 * endpoint's workspace and mode, found through the admin API).
 */
export function addDeliveryCommands(program: Command, io: Out, chalk: Palette): void {
  shared(program.command('deliver <event-id>').description('deliver an event again (a new delivery, signed now) to an endpoint of its workspace and mode'))
    .requiredOption('--endpoint <id>', 'the webhook endpoint (we_…) to deliver to')
    .addHelpText(
      'after',
      '\nExamples:\n  $ payments-mock deliver evt_1Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk --endpoint we_3fK9aQ2LmN8pR4sT0vW6xY1z\n  $ payments-mock deliver evt_… --endpoint we_… --url http://127.0.0.1:4011 --admin-token s3cret --json',
    )
    .action(async (event: string, flags: Flags & { endpoint: string }) => {
      const delivery = await postAdmin<WebhookDelivery>(flags, `/_mock/events/${encodeURIComponent(event)}/deliver`, { endpoint: flags.endpoint });
      const attempt = delivery.attempts.at(-1);
      const outcome = attempt ? (attempt.error ?? String(attempt.response_status)) : 'not attempted yet';
      io.stdout(
        flags.json
          ? `${JSON.stringify(delivery, null, 2)}\n`
          : `${delivery.status === 'succeeded' ? chalk.green('✓') : chalk.yellow('…')} ${delivery.event_type} ${delivery.event} → ${delivery.url}: delivery ${delivery.id} ${delivery.status} (first attempt: ${outcome})\n`,
      );
    });

  shared(
    program
      .command('rotate-secret <endpoint-id>')
      .description("roll a webhook endpoint's signing secret; the old one keeps signing beside the new one until it expires on the mock clock"),
  )
    .option('--expires-in <duration>', 'how long the old secret keeps signing: 24h (default) up to 7d, or now')
    .addHelpText(
      'after',
      '\nExamples:\n  $ payments-mock rotate-secret we_3fK9aQ2LmN8pR4sT0vW6xY1z\n  $ payments-mock rotate-secret we_… --expires-in 2h --json',
    )
    .action(async (id: string, flags: Flags & { expiresIn?: string }) => {
      const endpoints = await getAdmin<{ data: Array<WebhookEndpoint & { workspace: string }> }>(flags, '/_mock/webhooks/endpoints');
      const endpoint = endpoints.data.find((candidate) => candidate.id === id);
      if (!endpoint) throw new ConfigError(`no webhook endpoint ${id.slice(0, 100)} on this mock: GET /_mock/webhooks/endpoints lists them.`);
      const keys = await getAdmin<{ data: Array<{ key: string; kind: string; livemode: boolean; workspace: string; expires_at: number | null }> }>(
        flags,
        '/_mock/keys',
      );
      const key = keys.data.find((k) => k.kind === 'secret' && k.workspace === endpoint.workspace && k.livemode === endpoint.livemode && k.expires_at === null);
      if (!key) throw new ConfigError(`workspace ${endpoint.workspace} has no secret ${endpoint.livemode ? 'live' : 'test'} key to roll the secret with.`);
      const rolled = await callMock<WebhookEndpoint>(
        flags,
        'POST',
        `/v1/webhook_endpoints/${encodeURIComponent(id)}/rotate_secret`,
        flags.expiresIn === undefined ? {} : { expires_in: flags.expiresIn },
        key.key,
      );
      io.stdout(flags.json ? `${JSON.stringify(rolled, null, 2)}\n` : `${chalk.green('✓')} ${rolled.id} signs with a new secret: ${rolled.secret}\n`);
    });
}
