/**
 * How the two files know where the other one is, through the mock's admin API alone (as
 * test/parallel-workers/rendezvous.js does for Jest): a file announces a step by making an empty workspace named
 * after it, and waits for the other's step by reading GET /_mock/workspaces until the name appears. A file can
 * only see the other's step while both run: passing proves the two files overlapped in time.
 */
export async function announce(url: string, step: string): Promise<void> {
  const res = await fetch(`${url}/_mock/workspaces`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `step: ${step}` }),
  });
  if (!res.ok) throw new Error(`could not announce ${step}: ${res.status}`);
}

export async function waitFor(url: string, step: string, deadlineMs = 20_000): Promise<void> {
  const until = performance.now() + deadlineMs;
  for (;;) {
    const { data } = (await (await fetch(`${url}/_mock/workspaces`)).json()) as { data: Array<{ name: string }> };
    if (data.some((workspace) => workspace.name === `step: ${step}`)) return;
    if (performance.now() > until)
      throw new Error(`the other test file never reached "${step}": are both files running at once? (${url}: ${JSON.stringify(data.map((w) => w.name))})`);
  }
}
