import { Palette } from './colors';
import { MockServer } from '../start-mock';
import { LogFormat } from './log-format';
import { cliEndpointSecret } from '../webhooks/cli-endpoints';

/** The start-up banner: where to connect, with which keys, under which scenario and clock. */
export function banner(mock: MockServer, format: LogFormat, chalk: Palette): string {
  const ctx = mock.context;
  const workspaces = [...ctx.store.workspaces.values()].map((workspace) => ({
    id: workspace.id,
    name: workspace.name,
    account: workspace.account,
    test_keys: mock.keys
      .filter((key) => key.workspace === workspace.id && !key.livemode && key.expires_at === null)
      .map((key) => ({ kind: key.kind, key: key.key })),
  }));
  const clock = ctx.clock.state();
  const webhooks = ctx.cliEndpoints.map(({ url }) => ({ url, secret: cliEndpointSecret(ctx.store, url) ?? null }));
  if (format === 'json') {
    return JSON.stringify({
      msg: 'ready',
      url: mock.url,
      dashboard: `${mock.url}/_mock/dashboard`,
      scenario: ctx.scenario.scenario,
      clock,
      workspaces,
      ...(webhooks.length ? { webhooks } : {}),
      // A suite in another language reads everything it needs from this one line, the admin calls' token too.
      ...(ctx.adminToken !== undefined ? { admin_token: ctx.adminToken } : {}),
      ...(mock.tlsUrl ? { tls_url: mock.tlsUrl } : {}),
      ...(mock.ca ? { ca: { path: mock.ca.certPath, sha256: mock.ca.fingerprint256 } } : {}),
    });
  }
  const lines = [''];
  for (const workspace of workspaces) {
    lines.push(`  ${chalk.bold(workspace.name)} ${chalk.dim(`(${workspace.id}, ${workspace.account})`)}`);
    for (const key of workspace.test_keys) lines.push(`    ${key.kind.padEnd(12)} ${key.key}`);
  }
  for (const webhook of webhooks) lines.push(`  ${chalk.bold('webhook')} ${webhook.url}  ${chalk.dim('secret')} ${webhook.secret}`);
  lines.push('');
  lines.push(`  scenario ${chalk.cyan(ctx.scenario.scenario)}   clock ${chalk.cyan(clock.mode)} ${clock.iso}`);
  if (mock.tlsUrl) lines.push(`  https ${chalk.cyan(mock.tlsUrl)} ${chalk.dim('(HTTP/2 and HTTP/1.1)')}`);
  if (mock.ca) lines.push(`  local CA ${mock.ca.certPath} ${chalk.dim('(trust it once: payments-mock tls)')}`);
  const cacert = mock.ca && mock.url.startsWith('https:') ? `--cacert ${mock.ca.certPath} ` : '';
  lines.push(
    `  try: curl ${cacert}-u ${workspaces[0]?.test_keys.find((key) => key.kind === 'secret')?.key ?? '<secret key>'}: ${mock.url}/v1/payments -d amount=2000 -d currency=usd`,
  );
  lines.push(`  dashboard: ${chalk.cyan(`${mock.url}/_mock/dashboard`)}   admin: ${mock.url}/_mock/keys   docs: ${mock.url}/openapi.json`);
  lines.push('');
  return lines.join('\n');
}
