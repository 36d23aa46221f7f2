import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMock } from '../../src/start-mock';
import { issueLeaf, makeCertificateAuthority } from '../../src/tls/issue-certificates';

describe('webhooks to an https: receiver whose certificate comes from another private CA', () => {
  it('are delivered, signed, with --webhook-ca; without it they fail as tls_error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-webhook-ca-'));
    const companyCa = makeCertificateAuthority('a company root');
    const leaf = issueLeaf(companyCa, ['localhost', '127.0.0.1']);
    writeFileSync(join(dir, 'company-root.pem'), companyCa.cert);
    const received: Array<{ headers: Record<string, unknown>; body: string }> = [];
    const receiver = createHttpsServer({ cert: leaf.cert, key: leaf.key }, (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const trusted = await startMock({ port: 0, fixtures: 'none', webhooks: [url], webhookCa: join(dir, 'company-root.pem') });
    const untrusted = await startMock({ port: 0, fixtures: 'none', webhooks: [url] });
    try {
      for (const mock of [trusted, untrusted]) {
        const secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
        await fetch(`${mock.url}/v1/customers`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}` },
          body: new URLSearchParams({ email: 'a@example.com' }),
        });
      }
      const deliveries = async (mock: typeof trusted) => {
        for (let i = 0; i < 200; i += 1) {
          const list = (await (await fetch(`${mock.url}/_mock/webhooks/deliveries`)).json()) as {
            data: Array<{ attempts: Array<{ response_status: number | null; error: string | null }> }>;
          };
          if (list.data[0]?.attempts.length) return list.data[0].attempts[0];
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('no attempt');
      };
      expect(await deliveries(trusted)).toMatchObject({ response_status: 200, error: null });
      expect(await deliveries(untrusted)).toMatchObject({ response_status: null, error: 'tls_error' });
      expect(received).toHaveLength(1);
      const delivered = received[0] as { headers: Record<string, string>; body: string };
      const [t, v1] = /t=(\d+),v1=([0-9a-f]+)/.exec(delivered.headers['service-signature'] as string)?.slice(1) ?? [];
      const secret = secretOf(trusted);
      expect(createHmac('sha256', secret).update(`${t}.${delivered.body}`).digest('hex')).toBe(v1);

      // The webhook probe sends as deliveries do: it reaches the receiver through --webhook-ca, and not without it.
      const probed = async (mock: typeof trusted) =>
        (await mock.webhooks.probe((mock.context.cliEndpoints[0] as { id: string }).id)).probes.map((probe) => probe.answer.error ?? probe.answer.status);
      expect(new Set(await probed(trusted))).toEqual(new Set([200]));
      expect(new Set(await probed(untrusted))).toEqual(new Set(['tls_error']));
    } finally {
      await trusted.close();
      await untrusted.close();
      receiver.closeAllConnections();
      receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

/** The secret the banner prints for the --webhook endpoint. */
function secretOf(mock: Awaited<ReturnType<typeof startMock>>): string {
  const { cliEndpointSecret } = require('../../src/webhooks/cli-endpoints') as typeof import('../../src/webhooks/cli-endpoints');
  const endpoint = mock.context.cliEndpoints[0] as { url: string };
  return cliEndpointSecret(mock.context.store, endpoint.url) as string;
}
