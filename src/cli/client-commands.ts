import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError } from '../errors/api-error';
import type { FlowResult } from '../triggers/flow-types';
import { withEnv } from '../triggers/env-references';
import { RECIPES } from '../triggers/recipes';
import type { TriggerResult } from '../triggers/trigger';
import { formatFlow, formatTrigger } from './client-output';
import type { Palette } from './colors';
import { postAdmin } from './mock-client';
import { connectionOptions } from './connection-options';

interface ClientFlags {
  url: string;
  workspace?: string;
  live?: boolean;
  adminToken?: string;
  json?: boolean;
}

interface Out {
  stdout: (text: string) => void;
}

/** `--override name=value`, collected in order (a later one for the same name wins). */
function override(value: string, previous: Array<[string, string]>): Array<[string, string]> {
  const eq = value.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError(`expected param=value, such as amount=5000 or metadata[order]=42 (got "${value.slice(0, 80)}").`);
  return [...previous, [value.slice(0, eq), value.slice(eq + 1)]];
}

/** The options every command that talks to a running mock shares. */
function clientOptions(command: Command): Command {
  return connectionOptions(command)
    .option('--workspace <id>', 'the workspace to act in (default: the first one, as the banner lists them)')
    .option('--live', 'live mode instead of test mode')
    .option('--json', 'print one JSON document instead of lines for people');
}

/**
 * `payments-mock trigger <event type>` and `payments-mock flow <file.json>`: thin clients of a running mock's
 * admin API (`POST /_mock/trigger`, `POST /_mock/flows`). Failures throw ConfigError: one red line, exit 1.
 */
export function addClientCommands(program: Command, io: Out, chalk: Palette): void {
  const types = Object.entries(RECIPES).map(([type, recipe]) => `  ${type.padEnd(24)} ${recipe.summary}`);
  clientOptions(
    program
      .command('trigger <event-type>')
      .description('make an event happen on a running mock, with the API requests a client would make: real objects, events and webhook deliveries'),
  )
    .option(
      '--override <param=value>',
      'set a parameter of the main request, validated by the API (repeatable; bracket form: metadata[order]=42)',
      override,
      [],
    )
    .addHelpText(
      'after',
      `\nEvent types:\n${types.join('\n')}\n\nExamples:\n  $ payments-mock trigger payment.payment_failed --override amount=5000\n  $ payments-mock trigger refund.created --override currency=eur --override 'metadata[order]=42' --json\n  $ payments-mock trigger customer.created --url http://127.0.0.1:4011 --workspace globex --live --admin-token s3cret`,
    )
    .action(async (type: string, flags: ClientFlags & { override: Array<[string, string]> }) => {
      const result = await postAdmin<TriggerResult>(flags, '/_mock/trigger', {
        event: type,
        ...(flags.workspace !== undefined ? { workspace: flags.workspace } : {}),
        ...(flags.live ? { livemode: true } : {}),
        ...(flags.override.length ? { overrides: Object.fromEntries(flags.override) } : {}),
      });
      io.stdout(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatTrigger(result, chalk));
    });

  clientOptions(
    program
      .command('flow <file>')
      .description(
        'run a flow file (JSON: steps of API calls and advance/scenario/flush_webhooks) on a running mock; ${env:NAME} references are filled from this environment',
      ),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  $ payments-mock flow examples/flows/refund-after-25h.json\n  $ ORDER_ID=42 payments-mock flow my-flow.json --workspace ws_acme --json\n  $ payments-mock flow my-flow.json --url http://127.0.0.1:4011 --live --admin-token s3cret\n\nOn success it prints each step, the events, and every named answer (--json: one document with answers, steps and events).',
    )
    .action(async (file: string, flags: ClientFlags) => {
      const document = withEnv(readFlowFile(file), process.env) as Record<string, unknown>;
      const body = {
        ...document,
        ...(flags.workspace !== undefined ? { workspace: flags.workspace } : {}),
        ...(flags.live ? { livemode: true } : {}),
      };
      let result: FlowResult;
      try {
        result = await postAdmin<FlowResult>(flags, '/_mock/flows', body);
      } catch (error) {
        if (error instanceof ConfigError) throw new ConfigError(`${file}: ${error.message}`);
        throw error;
      }
      io.stdout(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatFlow(result, chalk));
    });
}

function readFlowFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `cannot read the flow file ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigError(`${file} is not JSON: ${(error as Error).message}.`);
  }
}
