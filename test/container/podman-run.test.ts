import { freePort } from './containers';
import { foreground, Foreground, podman, podmanQuiet, runLine, secretKey, waitForOk, words } from './podman';

// The docs' `docker run` line, run as a user runs it, through podman (scripts/container/ci.sh built and tagged
// the image with the docs' name). Two changes only, both for this machine: the port is published on 127.0.0.1 and
// a free port (the host is shared; nothing is sent to the bridge's addresses), and --pull=never (no registry).
const LINE = runLine();
const NAME = `pm-run-${process.pid}`;

/** The docs' line as podman arguments, with the two changes above and a name to stop it by. */
function podmanArgs(hostPort: number): string[] {
  const [docker, run, ...flags] = words(LINE);
  expect([docker, run]).toEqual(['docker', 'run']);
  const published = flags.indexOf('-p');
  expect(flags[published + 1]).toBe('4010:4010');
  flags[published + 1] = `127.0.0.1:${hostPort}:4010`;
  return ['podman', 'run', '--pull=never', '--name', NAME, ...flags];
}

const volume = (): string => (words(LINE)[words(LINE).indexOf('-v') + 1] as string).split(':')[0] as string;

describe(`the docs' run line through podman: ${LINE}`, () => {
  let port = 0;
  let url = '';
  let first: Foreground;
  let paymentId = '';

  beforeAll(async () => {
    // A volume a failed run left behind would hold its state: start from none, as a new user does.
    podmanQuiet(['rm', '--force', '--time', '1', NAME]);
    podmanQuiet(['volume', 'rm', '--force', volume()]);
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    first = foreground(podmanArgs(port));
    await waitForOk(`${url}/_mock/health`, 'the container');
  });
  afterAll(async () => {
    podmanQuiet(['rm', '--force', '--time', '1', NAME]);
    await first?.exited;
    podmanQuiet(['volume', 'rm', '--force', volume()]);
  });

  it('serves the API on the published port: a payment created and retrieved from the host', async () => {
    const key = await secretKey(url);
    const created = await fetch(`${url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
    });
    expect(created.status).toBe(200);
    paymentId = ((await created.json()) as { id: string }).id;
    expect((await fetch(`${url}/v1/payments/${paymentId}`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
  });

  it("prints the JSON ready line in the container's log, listening on every interface", () => {
    const ready = first
      .output()
      .split('\n')
      .find((line) => line.startsWith('{"msg":"ready"'));
    expect(JSON.parse(ready as string)).toMatchObject({ msg: 'ready', url: 'http://0.0.0.0:4010' });
  });

  it('passes its HEALTHCHECK as the engine runs it (podman healthcheck run)', () => {
    expect(podman(['healthcheck', 'run', NAME])).toBe('');
  });

  it('runs as uid 1000 with node as PID 1', () => {
    const script =
      "const fs = require('fs'); console.log(fs.readFileSync('/proc/1/cmdline', 'utf8').split('\\0').join(' ').trim()); console.log(/^Uid:.*$/m.exec(fs.readFileSync('/proc/1/status', 'utf8'))[0])";
    const [pid1, uid] = podman(['exec', NAME, 'node', '-e', script]).split('\n');
    expect(pid1).toBe('node /app/bin/payments-mock.js');
    expect(uid?.split(/\s+/)).toEqual(['Uid:', '1000', '1000', '1000', '1000']);
  });

  it('keeps the state on its volume: stopped (SIGTERM), run again with the same line, the payment is still there', async () => {
    expect(paymentId).not.toBe('');
    podman(['stop', '--time', '10', NAME]);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('payments-mock: state saved to /data/state.json');
    // --rm removed the container; the named volume stays.
    expect(podman(['ps', '--all', '--filter', `name=^${NAME}$`, '--quiet'])).toBe('');
    first = foreground(podmanArgs(port));
    await waitForOk(`${url}/_mock/health`, 'the second container');
    const key = await secretKey(url);
    const retrieved = await fetch(`${url}/v1/payments/${paymentId}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(retrieved.status).toBe(200);
    expect(((await retrieved.json()) as { amount: number }).amount).toBe(2000);
  });
});
