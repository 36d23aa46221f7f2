'use strict';
/**
 * How the two files know where the other one is, through the mock's admin API alone: a file announces a step by
 * making an (empty) workspace named after it, and waits for the other's step by reading GET /_mock/workspaces
 * until that name appears. No sleeps: each look is one request; a deadline turns a missing partner into a
 * clear failure instead of a hang.
 */
const url = () => process.env.PAYMENTS_MOCK_URL;

async function workspaces() {
  const res = await fetch(`${url()}/_mock/workspaces`);
  if (!res.ok) throw new Error(`GET /_mock/workspaces answered ${res.status}`);
  return (await res.json()).data;
}

async function announce(step) {
  const res = await fetch(`${url()}/_mock/workspaces`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `step: ${step}` }),
  });
  if (!res.ok) throw new Error(`could not announce ${step}: ${res.status}`);
}

async function waitFor(step, deadlineMs = 45000) {
  const until = Date.now() + deadlineMs;
  for (let looks = 1; ; looks++) {
    if ((await workspaces()).some((workspace) => workspace.name === `step: ${step}`)) return looks;
    if (Date.now() > until) throw new Error(`the other test file never reached "${step}" (${looks} looks): are both files running at once?`);
  }
}

/** The other file's workspace, by its name, as the admin API shows it (clock and scenario included). */
async function workspaceNamed(name) {
  return (await workspaces()).find((workspace) => workspace.name === name);
}

module.exports = { announce, waitFor, workspaceNamed };
