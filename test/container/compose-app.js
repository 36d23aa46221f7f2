// The `app` service of examples/container/compose.yaml when CI runs that file (test/container/compose.test.ts):
// a stand-in for a user's app, run by the payments-mock image's own node (no registry here). It does what the
// compose file promises an app: reaches the sandbox by its service name, on /v1 and on the admin API (trusted
// through PAYMENTS_MOCK_ALLOWED_HOSTS), and takes its webhooks on :3000/webhooks.
'use strict';
const http = require('node:http');

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    console.log(JSON.stringify({ msg: 'webhook', path: req.url, type: JSON.parse(body).type }));
    res.end('ok');
  });
});
server.listen(3000);
// PID 1 of its container: without a handler, SIGTERM would be ignored and `down` would wait for its kill.
process.on('SIGTERM', () => server.close(() => process.exit(0)));

async function main() {
  const mock = process.env.PAYMENTS_MOCK_URL;
  // Bounded: compose's `service_healthy` is not waited for by every engine (podman-compose 1.0 starts in order only).
  for (let attempt = 0; ; attempt++) {
    const health = await fetch(`${mock}/_mock/health`).catch(() => undefined);
    if (health && health.ok) break;
    if (attempt === 150) throw new Error(`${mock} did not answer within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const keys = await (await fetch(`${mock}/_mock/keys`)).json();
  const key = keys.data.find((entry) => entry.kind === 'secret' && !entry.livemode).key;
  const created = await fetch(`${process.env.PAYMENTS_API_BASE}/v1/payments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: new URLSearchParams({ amount: '4200', currency: 'usd', 'metadata[from]': 'app' }),
  });
  const payment = await created.json();
  console.log(JSON.stringify({ msg: 'created', status: created.status, id: payment.id }));
}

main().catch((error) => {
  console.log(JSON.stringify({ msg: 'failed', error: error.message }));
  process.exit(1);
});
