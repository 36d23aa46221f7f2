#!/usr/bin/env node
'use strict';
// `npm run build`: the steps of the build, each a script of its own, in two lanes at once. The dashboard and the
// browser kit (esbuild bundles and the kit's own tsc) read only their sources and write only their folders of dist/,
// so they run while tsc compiles src/ (about 2 s of a 10 s build that they no longer add on two cores). The steps
// after tsc read what it wrote, in order; the CLI's bundle and code cache wait for both lanes, since loading the CLI
// may read the dashboard's and the kit's files. Exit code 1 when a step fails; its output names it.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const node = (script) => [process.execPath, [join(ROOT, 'scripts', script)]];
const tsc = [process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')]];

function step([command, args]) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

async function lane(steps) {
  for (const one of steps) await step(one);
}

async function main() {
  await step(node('clean-dist.js'));
  // Both lanes run to their end before a failure is reported, so no step is left writing into dist/.
  const lanes = await Promise.allSettled([
    lane([tsc, node('compile-validators.js'), node('bundle-vendored.js')]),
    lane([node('build-dashboard.js'), node('build-browser.js')]),
  ]);
  const failed = lanes.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  await lane([node('bundle-cli.js'), node('cli-code-cache.js'), node('build-adapters.js'), node('third-party-licenses.js')]);
}

main().catch((error) => {
  process.stderr.write(`\u001b[31mnpm run build: ${error.message}\u001b[39m\n`);
  process.exit(1);
});
