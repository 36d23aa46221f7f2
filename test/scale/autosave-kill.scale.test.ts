import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAll, startCli } from '../helpers/cli-process';
import { driveCreates } from './load-driver';

const CLIENTS = 8;
/** Autosaves to see before the kill: the kill then lands in a load that has been saved several times. */
const SAVES_BEFORE_KILL = 5;

afterEach(() => killAll());

interface AutosaveLine {
  type: 'autosave';
  objects: number;
  as_of: string;
}

// Issue #30: a crash loses at most one autosave interval. A mock with --autosave 1s is killed with SIGKILL (no
// handler runs, no shutdown save) while 8 clients create payments; its file must hold every payment a client was
// answered before the last autosave it logged began, load again, and serve them.
it('kill -9 during a load: the file holds every create acknowledged before the last completed autosave, and loads', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'payments-mock-kill-'));
  const file = join(dir, 'state.json');
  const cli = await startCli(['--port', '0', '--fixtures', 'none', '--log', 'json', '--state', file, '--autosave', '1s']);
  const keys = (await (await fetch(`${cli.url}/_mock/keys`)).json()) as { data: Array<{ key: string; kind: string; livemode: boolean }> };
  const key = keys.data.find((k) => k.kind === 'secret' && !k.livemode)!.key;
  // The log has a line per request: autosave lines are picked out as they come, each line looked at once.
  const saves: AutosaveLine[] = [];
  let scanned = 0;
  const scan = () => {
    for (; scanned < cli.lines.length; scanned++)
      if (cli.lines[scanned]!.includes('"type":"autosave"')) saves.push(JSON.parse(cli.lines[scanned]!) as AutosaveLine);
  };
  const savesSeen = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fewer than ${count} autosaves in 60 s:\n${cli.stderr()}`)), 60_000);
      const onData = () => {
        scan();
        if (saves.length < count) return;
        clearTimeout(timer);
        cli.child.stdout?.off('data', onData);
        resolve();
      };
      cli.child.stdout?.on('data', onData);
    });

  const acknowledged: Array<{ id: string; at: number }> = [];
  let killed = false;
  const load = driveCreates(
    cli.url,
    key,
    CLIENTS,
    () => killed,
    (answer) => {
      if (answer.status === 200 && answer.id) acknowledged.push({ id: answer.id, at: answer.at });
    },
  );
  try {
    // Killed mid-load, at whatever point the next save has reached.
    await savesSeen(SAVES_BEFORE_KILL);
    cli.child.kill('SIGKILL');
    expect(await cli.exited).toBeNull();
  } finally {
    killed = true;
    await load;
  }
  scan();

  const last = saves.at(-1)!;
  const asOf = Date.parse(last.as_of);
  const before = acknowledged.filter((create) => create.at < asOf);
  const text = readFileSync(file, 'utf8');
  // The file is whole (never a save cut short: saves are renamed into place once written).
  const saved = new Set([...text.matchAll(/"id":"(pay_[^"]+)"/g)].map((match) => match[1]));
  process.stdout.write(
    `kill -9: ${acknowledged.length} creates acknowledged, ${saves.length} autosaves; the last began ${last.as_of} with ${last.objects} objects; ${before.length} acknowledged before it, ${saved.size} payments in the file\n`,
  );
  expect(() => JSON.parse(text)).not.toThrow();
  expect(before.length).toBeGreaterThan(0);
  expect(before.filter((create) => !saved.has(create.id))).toEqual([]);
  expect(saved.size).toBeGreaterThanOrEqual(last.objects);
  // Only the file itself, or it and the temporary file of the save the kill cut short.
  expect(
    readdirSync(dir)
      .filter((name) => name !== 'state.json')
      .every((name) => name.endsWith('.tmp')),
  ).toBe(true);

  // It loads, and serves what it holds.
  const again = await startCli(['--port', '0', '--fixtures', 'none', '--log', 'off', '--state', file, '--autosave', 'off']);
  const newKey = ((await (await fetch(`${again.url}/_mock/keys`)).json()) as { data: Array<{ key: string; kind: string; livemode: boolean }> }).data.find(
    (k) => k.kind === 'secret' && !k.livemode,
  )!.key;
  for (const { id } of [before[0]!, before[Math.floor(before.length / 2)]!, before.at(-1)!]) {
    expect((await fetch(`${again.url}/v1/payments/${id}`, { headers: { Authorization: `Bearer ${newKey}` } })).status).toBe(200);
  }
  await again.stop('SIGTERM');
});
