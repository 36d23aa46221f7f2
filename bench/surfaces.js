'use strict';
// The new surfaces' figures, in a forked child (pinned like the servers): the in-process fetch handler's
// requests per second (no socket at all), and the browser kit's bytes and time to an interactive card field in
// Chromium. Sends one message: { fetchHandler, browserKit } (browserKit.ms is null without Chromium).
//   node bench/surfaces.js
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { createFetchHandler, startMock } = require('../dist/index.js');

const SECONDS = 3;
const CHROMIUM = '/usr/bin/chromium';

/** Requests per second of `send` over SECONDS, one at a time, after a 1 s warm-up. */
async function rate(send) {
  for (const end = Date.now() + 1000; Date.now() < end;) await send();
  let count = 0;
  const started = process.hrtime.bigint();
  const end = Date.now() + SECONDS * 1000;
  while (Date.now() < end) {
    await send();
    count++;
  }
  return count / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function fetchHandlerFigures() {
  const handler = createFetchHandler({ fixtures: 'none', seed: 1, baseUrl: 'http://127.0.0.1:4010' });
  const key = handler.keys.find((k) => k.kind === 'secret' && !k.livemode).key;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' };
  let i = 0;
  let last;
  const create = await rate(async () => {
    const answer = await handler(
      new Request('http://127.0.0.1:4010/v1/payments', { method: 'POST', headers, body: `amount=2000&currency=usd&metadata[order]=${i++}` }),
    );
    last = (await answer.json()).id;
  });
  const retrieve = await rate(async () => {
    const answer = await handler(new Request(`http://127.0.0.1:4010/v1/payments/${last}`, { headers: { authorization: `Bearer ${key}` } }));
    await answer.arrayBuffer();
  });
  await handler.close();
  return { create, retrieve };
}

/** The kit's files as served, and the median time from navigation to a card number field that takes typing. */
async function browserKitFigures() {
  const dir = path.join(__dirname, '..', 'dist', 'browser', 'public');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const size = (name) => fs.statSync(path.join(dir, name)).size;
  const bytes = { script: size('payments.js'), card: size(manifest.card) };
  if (!fs.existsSync(CHROMIUM)) return { bytes, ms: null };
  const { chromium } = require('playwright-core');
  const mock = await startMock({ port: 0, fixtures: 'none', seed: 1 });
  const pk = mock.keys.find((k) => k.kind === 'publishable' && !k.livemode).key;
  const page = `<!doctype html><meta charset="utf-8"><div id="card"></div><script src="${mock.url}/js/v1/payments.js"></script>
<script>Payments(${JSON.stringify(pk)}).elements().create('card').mount('#card');</script>`;
  const host = http.createServer((req, res) => res.end(page));
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const times = [];
  try {
    for (let round = 0; round < 6; round++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const started = performance.now();
      await tab.goto(`http://127.0.0.1:${host.address().port}/`);
      await tab.frameLocator('iframe').getByLabel('Card number').fill('4');
      if (round > 0) times.push(performance.now() - started); // the first round warms the browser up
      await context.close();
    }
  } finally {
    await browser.close();
    host.close();
    await mock.close();
  }
  times.sort((a, b) => a - b);
  return { bytes, ms: times[Math.floor(times.length / 2)] };
}

async function main() {
  const fetchHandler = await fetchHandlerFigures();
  const browserKit = await browserKitFigures();
  process.send({ fetchHandler, browserKit });
}

main().catch((error) => {
  process.send({ error: error.stack ?? String(error) });
  process.exitCode = 1;
});
