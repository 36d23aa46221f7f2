import { splitAllowedHosts } from '../http/allowed-hosts';
import { SCENARIOS } from '../scenarios/scenarios';
import type { MockOptions } from './mock-options';
import { integerIn, listOf, memorySize, oneOf, onOff, OptionValue, text } from './option-values';

/*
 * The start options, once: the command line (`payments-mock`, and `payments-mock mcp --start`), the environment,
 * `--help`, the option table of docs/command-line.md (`npm run docs`) and startMock's own checks all read this
 * table. A new start option is one entry here, plus what startMock does with it.
 */

/** One start option. */
export interface StartOption<T = unknown> {
  /** The flag: `--port`. */
  flag: `--${string}`;
  /** What it takes, for `--help`: `<n>`; in brackets when it may be left out (`[on|off]`); empty for none. */
  arg: string;
  /** The environment variable that gives it when the flag is not given. */
  env: `PAYMENTS_MOCK_${string}`;
  /** Its line in `--help`. */
  help: string;
  /** The default that `--help` shows, when there is one to show. */
  shownDefault?: string;
  /** Its row in docs/command-line.md: the default, and what it does (Markdown). */
  docs: { default: string; meaning: string };
  /** How its text is read. */
  value: OptionValue<T>;
  /** Given more than once, the values add up (`--webhook a --webhook b`). */
  repeatable?: true;
  /** The startMock option it gives as it stands (the TLS flags are gathered into `tls` by optionsFromFlags). */
  option?: keyof MockOptions;
  /** Under `payments-mock mcp --start`: `false` when not offered there, or what differs there. */
  mcp?: false | { help?: string; shownDefault?: string };
}

const option = <T>(entry: StartOption<T>): StartOption<T> => entry;
const see = (page: string, title: string) => `See [${title}](${page})`;

/** Every start option, in the order `--help` and the docs list them. */
export const START_OPTIONS = {
  port: option({
    flag: '--port',
    arg: '<n>',
    env: 'PAYMENTS_MOCK_PORT',
    help: 'port to listen on; 0 = any free port',
    shownDefault: '4010',
    docs: { default: '`4010`', meaning: '`0` = any free port; the chosen URL is printed' },
    value: integerIn(0, 65535),
    option: 'port',
    mcp: { shownDefault: '0' },
  }),
  host: option({
    flag: '--host',
    arg: '<addr>',
    env: 'PAYMENTS_MOCK_HOST',
    help: 'address to listen on',
    shownDefault: '127.0.0.1',
    docs: { default: '`127.0.0.1`', meaning: 'address to listen on' },
    value: text,
    option: 'host',
  }),
  fixtures: option({
    flag: '--fixtures',
    arg: '<path|none>',
    env: 'PAYMENTS_MOCK_FIXTURES',
    help: 'fixture file or folder; none = one empty generated workspace',
    shownDefault: 'bundled fixtures/default.json',
    docs: { default: 'bundled `fixtures/default.json`', meaning: 'a JSON file or a folder of them; `none` = one empty generated workspace' },
    value: text,
    option: 'fixtures',
  }),
  clock: option({
    flag: '--clock',
    arg: '<mode>',
    env: 'PAYMENTS_MOCK_CLOCK',
    help: 'real, frozen, frozen@<ISO-8601> or offset:<duration> (e.g. offset:-2d)',
    shownDefault: 'real',
    docs: { default: '`real`', meaning: '`real`, `frozen`, `frozen@<ISO-8601>`, `offset:<duration>` (e.g. `offset:-2d`)' },
    value: text,
    option: 'clock',
  }),
  scenario: option({
    flag: '--scenario',
    arg: '<name>',
    env: 'PAYMENTS_MOCK_SCENARIO',
    help: `starting scenario: ${SCENARIOS.join(', ')}`,
    shownDefault: 'happy',
    docs: { default: '`happy`', meaning: `${SCENARIOS.map((name) => `\`${name}\``).join(', ')}. ${see('testing-failures.md#scenarios', 'Scenarios')}` },
    value: oneOf(SCENARIOS),
    option: 'scenario',
  }),
  seed: option({
    flag: '--seed',
    arg: '<n>',
    env: 'PAYMENTS_MOCK_SEED',
    help: 'makes ids, faults and generated data reproducible',
    shownDefault: 'random',
    docs: { default: 'random', meaning: 'makes ids, injected faults and generated data reproducible (0 to 4294967295)' },
    value: integerIn(0, 2 ** 32 - 1),
    option: 'seed',
  }),
  log: option({
    flag: '--log',
    arg: '<format>',
    env: 'PAYMENTS_MOCK_LOG',
    help: 'request log: pretty, json or off',
    shownDefault: 'pretty on a terminal, else json',
    docs: { default: '`pretty` on a TTY, else `json`', meaning: '`pretty`, `json` (one object a line), `off`' },
    value: oneOf(['pretty', 'json', 'off'] as const),
    // Under mcp, stdout is the protocol: there is no request log to shape.
    mcp: false,
  }),
  state: option({
    flag: '--state',
    arg: '<file>',
    env: 'PAYMENTS_MOCK_STATE',
    help: 'load the store from this file if it exists; save it on SIGINT/SIGTERM and POST /_mock/state/save',
    shownDefault: 'none',
    docs: {
      default: 'none',
      meaning: 'load the store from the file at start if it exists; save it atomically on SIGINT/SIGTERM and `POST /_mock/state/save`',
    },
    value: text,
    option: 'state',
    mcp: { help: 'load the store from this file if it exists; save it when the agent disconnects' },
  }),
  adminToken: option({
    flag: '--admin-token',
    arg: '<token>',
    env: 'PAYMENTS_MOCK_ADMIN_TOKEN',
    help: 'require Authorization: Bearer <token> on /_mock/* except GET /_mock/health and the dashboard page, which asks for it',
    shownDefault: 'none',
    docs: {
      default: 'none',
      meaning:
        "`/_mock/*` (except `GET /_mock/health` and the dashboard's page and files) needs `Authorization: Bearer <token>`; the dashboard asks for it once",
    },
    value: text,
    option: 'adminToken',
    mcp: { help: "the mock's --admin-token, sent as Authorization: Bearer on /_mock; with --start, the started mock requires it" },
  }),
  allowedHosts: option({
    flag: '--allowed-hosts',
    arg: '<names>',
    env: 'PAYMENTS_MOCK_ALLOWED_HOSTS',
    help: 'host names (comma-separated) the admin API and dashboard also answer, on any port, such as a container service name; every other name is still refused',
    shownDefault: 'none',
    docs: {
      default: 'none',
      meaning: `host names, comma-separated, that \`/_mock/*\` and the dashboard also answer, on any port (a container's service name: \`--allowed-hosts payments-mock\`); every other name is still refused 403 \`host_not_allowed\`. Bare names only: no port, URL, wildcard or leading dot. ${see('behaviour.md#admin-surface-safety', 'Safety')}`,
    },
    value: { takes: 'host names', read: splitAllowedHosts },
    option: 'allowedHosts',
  }),
  webhook: option({
    flag: '--webhook',
    arg: '<url>',
    env: 'PAYMENTS_MOCK_WEBHOOK',
    help: 'deliver every event of the first workspace (test mode) to this URL; repeatable (in the environment: URLs separated by spaces)',
    shownDefault: 'none',
    docs: {
      default: 'none',
      meaning: `deliver every event of the first workspace's test mode to this URL (repeatable; in the environment, URLs separated by spaces); the banner prints the endpoint's secret. ${see('webhooks.md#webhooks', 'Webhooks')}`,
    },
    // A URL holds no space, so the environment variable (one value) can carry several, as a container needs.
    value: listOf(/\s+/),
    repeatable: true,
    option: 'webhooks',
  }),
  journal: option({
    flag: '--journal',
    arg: '<n>',
    env: 'PAYMENTS_MOCK_JOURNAL',
    help: 'how many /v1 requests GET /_mock/requests keeps (bodies cut at 16 KiB); 0 = none',
    shownDefault: '1000',
    docs: { default: '`1000`', meaning: 'how many `/v1` requests `GET /_mock/requests` keeps (0 to 100000; bodies cut at 16 KiB)' },
    value: integerIn(0, 100_000),
    option: 'journalSize',
  }),
  autosave: option({
    option: 'autosave',
    flag: '--autosave',
    arg: '<interval|off>',
    env: 'PAYMENTS_MOCK_AUTOSAVE',
    help: 'with --state: save in the background this often (real time) when something changed, e.g. 30s, 5m, 500ms',
    shownDefault: '30s',
    docs: {
      default: '`30s` with `--state`',
      meaning: `save to the \`--state\` file in the background this often (real time, not the mock clock) when something changed: \`500ms\`, \`30s\`, \`5m\`; \`off\` = only at shutdown and \`POST /_mock/state/save\`. Atomic: a crash mid-save leaves the previous file whole. ${see('state-files-and-fixtures.md#state-files-and-shutdown', 'State files')}`,
    },
    value: text,
  }),
  tls: option({
    flag: '--tls',
    arg: '[on|off]',
    env: 'PAYMENTS_MOCK_TLS',
    help: 'serve HTTPS (HTTP/2 and HTTP/1.1) on --port instead of HTTP, with a certificate of the local CA (see: payments-mock tls)',
    shownDefault: 'off',
    docs: {
      default: 'off',
      meaning: `serve HTTPS (HTTP/2 and HTTP/1.1 by ALPN) on \`--port\` instead of HTTP, with a leaf of the local CA (\`PAYMENTS_MOCK_CA_DIR\` moves it); the variable takes \`1\`/\`0\`, \`true\`/\`false\`, \`on\`/\`off\`. ${see('https.md', 'HTTPS')}`,
    },
    value: onOff,
  }),
  tlsPort: option({
    flag: '--tls-port',
    arg: '<n>',
    env: 'PAYMENTS_MOCK_TLS_PORT',
    help: 'serve HTTPS on this port as well, beside HTTP on --port, over one state; 0 = any free port',
    docs: { default: 'none', meaning: 'serve HTTPS on this port as well, beside HTTP on `--port`, over one state (`0` = any free port); implies `--tls`' },
    value: integerIn(0, 65535),
  }),
  tlsCert: option({
    flag: '--tls-cert',
    arg: '<file>',
    env: 'PAYMENTS_MOCK_TLS_CERT',
    help: "PEM certificate to serve HTTPS with, such as mkcert's",
    shownDefault: 'issued by the local CA',
    docs: {
      default: 'a leaf of the local CA',
      meaning: "PEM certificate (a chain may follow), such as mkcert's; implies `--tls`; checked at start (readable, PEM, within its dates, its key)",
    },
    value: text,
  }),
  tlsKey: option({
    flag: '--tls-key',
    arg: '<file>',
    env: 'PAYMENTS_MOCK_TLS_KEY',
    help: 'PEM private key of --tls-cert',
    docs: { default: 'with `--tls-cert`', meaning: 'the PEM private key of `--tls-cert`' },
    value: text,
  }),
  webhookCa: option({
    flag: '--webhook-ca',
    arg: '<file>',
    env: 'PAYMENTS_MOCK_WEBHOOK_CA',
    help: 'PEM bundle of CA certificates that webhook deliveries to https: receivers trust on top of the system store',
    shownDefault: 'none',
    docs: {
      default: 'none',
      meaning: `PEM bundle of CA certificates that deliveries to \`https:\` receivers trust on top of the system store. ${see('https.md#webhooks-to-an-https-receiver-with-a-private-ca', 'HTTPS')}`,
    },
    value: text,
    option: 'webhookCa',
  }),
  maxMemory: option({
    flag: '--max-memory',
    arg: '<size>',
    env: 'PAYMENTS_MOCK_MAX_MEMORY',
    help: 'memory budget, e.g. 512mb or 2gb: past it, requests that store something new get 503',
    shownDefault: '70% of the V8 old-generation limit, which --max-old-space-size sets',
    docs: {
      default: '70% of the V8 old-generation limit',
      meaning: `memory budget (\`512mb\`, \`2gb\`; at least \`8mb\`, at most the old-generation limit that \`node --max-old-space-size\` sets): past it, a request that would store something new gets 503 \`memory_budget_exceeded\`; reads, deletes, resets, exports and the admin API keep working. The log warns at 80%. ${see('limits.md#memory-budget', 'Limits')}`,
    },
    value: memorySize,
    option: 'maxMemory',
  }),
};

export type StartOptionName = keyof typeof START_OPTIONS;

/** What a value of an entry is once read. */
type ValueOf<E> = E extends StartOption<infer T> ? T : never;

/** The start options as the command line read them (the flags given, or their environment variables). */
export type StartFlags = { [K in StartOptionName]?: ValueOf<(typeof START_OPTIONS)[K]> };

/** The entries, with their names. */
export function startOptionEntries(): Array<[StartOptionName, StartOption]> {
  return Object.entries(START_OPTIONS) as Array<[StartOptionName, StartOption]>;
}
