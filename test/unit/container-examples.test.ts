import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliIO, main } from '../../src/cli/main';
import { allDocs } from '../helpers/docs';
import { sandbox } from '../helpers/sandbox';

// The compose file, the CI workflow and the docker lines in the docs, checked against the Containerfile without an
// engine (npm test has none), so a port, path or variable renamed in one place fails here. CI also runs the run
// line and the compose file with podman (scripts/container/ci.sh, test/container/); the workflow is only checked.
const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const CONTAINERFILE = read('Containerfile');
const COMPOSE = read('examples/container/compose.yaml');
const ACTIONS = read('examples/container/github-actions.yml');
const DOCS = allDocs();

/** The final stage of the Containerfile: everything after its last FROM. */
const finalStage = CONTAINERFILE.slice(CONTAINERFILE.lastIndexOf('\nFROM '));
const one = (pattern: RegExp, text: string, what: string): string => {
  const found = pattern.exec(text)?.[1];
  if (found === undefined) throw new Error(`${what} not found`);
  return found;
};
const EXPOSED = one(/^EXPOSE (\d+)$/m, finalStage, 'EXPOSE');
const VOLUME = one(/^VOLUME (\S+)$/m, finalStage, 'VOLUME');
/** The ENV instruction's variables (one instruction, continued over lines). */
const IMAGE_ENV = Object.fromEntries(
  [...one(/^ENV ((?:.*\\\n)*.*)$/m, finalStage, 'ENV').matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1] as string, m[2] as string]),
);
const IMAGE_NAME = one(/docker build -t (\S+) -f Containerfile \./, DOCS, 'the docker build line');

/** Every PAYMENTS_MOCK_* variable the CLI reads, from its own --help. */
async function cliVariables(): Promise<Set<string>> {
  let help = '';
  const io: CliIO = { stdout: (text) => void (help += text), stderr: () => undefined, isTTY: false };
  await main(['node', 'payments-mock', '--help'], io);
  return new Set([...help.matchAll(/env: (PAYMENTS_MOCK_[A-Z_]+)/g)].map((m) => m[1] as string));
}

/** The lines nested under the first `key:` line found after `from` (deeper indentation), comments dropped. */
function block(lines: string[], key: string, from = 0): { lines: string[]; at: number } {
  const at = lines.findIndex((line, index) => index >= from && line.trim() === `${key}:`);
  if (at === -1) throw new Error(`${key}: not found`);
  const indent = (line: string) => line.length - line.trimStart().length;
  const end = lines.findIndex((line, index) => index > at && line.trim() !== '' && indent(line) <= indent(lines[at] as string));
  return { lines: lines.slice(at + 1, end === -1 ? undefined : end), at };
}

/** A service's `environment:` (compose) or `env:` (Actions) entries, from a YAML file indented as written. */
function serviceEnv(yaml: string, service: string): Record<string, string> {
  const lines = yaml.split('\n').filter((line) => !line.trim().startsWith('#'));
  const own = block(lines, service).lines;
  const env = own.some((line) => line.trim() === 'environment:') ? block(own, 'environment') : block(own, 'env');
  return Object.fromEntries(env.lines.map((line) => /^\s+([A-Z_]+): (['"]?)(.*)\2$/.exec(line)).flatMap((m) => (m ? [[m[1] as string, m[3] as string]] : [])));
}

describe('the container examples agree with the Containerfile', () => {
  it('the image listens on its EXPOSEd port, keeps its state on its VOLUME and checks /_mock/health', async () => {
    expect(IMAGE_ENV.PAYMENTS_MOCK_PORT).toBe(EXPOSED);
    expect(IMAGE_ENV.PAYMENTS_MOCK_HOST).toBe('0.0.0.0');
    expect(IMAGE_ENV.PAYMENTS_MOCK_STATE?.startsWith(`${VOLUME}/`)).toBe(true);
    const health = one(/^HEALTHCHECK [\s\S]*?(\/_mock\/\w+)/m, finalStage, 'HEALTHCHECK');
    expect(health).toBe('/_mock/health');
    expect(finalStage).toMatch(/^HEALTHCHECK .*\\\n\s+CMD \["node", "-e", ".*process\.env\.PAYMENTS_MOCK_PORT/m);
    expect((await sandbox().http.get(health).set('Host', '127.0.0.1')).status).toBe(200);
  });

  it('runs as a numeric non-root user, node itself as PID 1 (exec form)', () => {
    expect(one(/^USER (\S+)$/m, finalStage, 'USER')).toBe('1000:1000');
    expect(one(/^ENTRYPOINT (.*)$/m, finalStage, 'ENTRYPOINT')).toBe('["node", "/app/bin/payments-mock.js"]');
  });

  it('declares the build-time CA argument in the build stage only', () => {
    expect(CONTAINERFILE.slice(0, CONTAINERFILE.lastIndexOf('\nFROM '))).toMatch(/^ARG NODE_EXTRA_CA_CERTS$/m);
    expect(finalStage).not.toContain('NODE_EXTRA_CA_CERTS');
  });

  it('every environment variable the image, the docs and the examples set is a real flag', async () => {
    const known = await cliVariables();
    // PAYMENTS_MOCK_URL is the test helpers' variable (where a running mock is), not a server flag.
    const used = new Set([...`${CONTAINERFILE}\n${COMPOSE}\n${ACTIONS}\n${read('docs/container.md')}`.matchAll(/PAYMENTS_MOCK_[A-Z_]+/g)].map((m) => m[0]));
    used.delete('PAYMENTS_MOCK_URL');
    expect([...used].filter((name) => !known.has(name))).toEqual([]);
    expect(known.has('PAYMENTS_MOCK_ALLOWED_HOSTS')).toBe(true);
  });

  it('every docker line (README, docs, the Containerfile) builds and runs the image on the same name, port and volume path', () => {
    const text = `${DOCS}\n${CONTAINERFILE}`;
    const builds = [...text.matchAll(/docker build -t (\S+) -f Containerfile \./g)].map((m) => m[1]);
    expect(new Set(builds)).toEqual(new Set([IMAGE_NAME]));
    const runs = [...text.matchAll(/^(?:#\s*)?docker run (.*)$/gm)].map((m) => m[1] as string);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const run of runs) expect(run).toMatch(new RegExp(`-p ${EXPOSED}:${EXPOSED} -v \\S+:${VOLUME} ${IMAGE_NAME}$`));
  });

  it('names the image by this package version wherever a version is given (payments-mock/testcontainers starts payments-mock:<version>)', () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    const tagged = [...`${DOCS}\n${ACTIONS}`.matchAll(new RegExp(`${IMAGE_NAME}:(\\d+\\.\\d+\\.\\d+\\S*?)\\b`, 'g'))].map((m) => m[1]);
    expect(tagged.length).toBeGreaterThanOrEqual(3);
    expect(new Set(tagged)).toEqual(new Set([version]));
    expect(DOCS).toContain(`docker tag ${IMAGE_NAME} ${IMAGE_NAME}:${version}`);
  });

  it('compose: the image, port and volume, the app reached by its service name, the admin API trusting the mock’s', () => {
    expect(COMPOSE).toContain(`  payments-mock:\n    image: ${IMAGE_NAME}\n`);
    expect(COMPOSE).toMatch(new RegExp(`^      - (['"]?)${EXPOSED}:${EXPOSED}\\1$`, 'm'));
    expect(COMPOSE).toMatch(new RegExp(`^      - payments-mock-data:${VOLUME}$`, 'm'));
    const mock = serviceEnv(COMPOSE, 'payments-mock');
    expect(mock.PAYMENTS_MOCK_ALLOWED_HOSTS).toBe('payments-mock');
    const webhook = new URL(mock.PAYMENTS_MOCK_WEBHOOK as string);
    expect(COMPOSE).toContain(`\n  ${webhook.hostname}:\n    build: .\n`);
    const app = serviceEnv(COMPOSE, 'app');
    expect(app.PAYMENTS_MOCK_URL).toBe(`http://payments-mock:${EXPOSED}`);
    expect(app.PAYMENTS_API_BASE).toBe(`http://payments-mock:${EXPOSED}`);
    expect(COMPOSE).toMatch(/depends_on:\n\s+payments-mock:\n(\s+#.*\n)?\s+condition: service_healthy/);
  });

  it('GitHub Actions: the service publishes the image’s port, trusts its own service name and is reached on localhost', () => {
    expect(ACTIONS).toMatch(new RegExp(`^ +image: \\S+/${IMAGE_NAME}:\\S+$`, 'm'));
    expect(ACTIONS).toContain(`          - ${EXPOSED}:${EXPOSED}\n`);
    const service = serviceEnv(ACTIONS, 'payments-mock');
    expect(service.PAYMENTS_MOCK_ALLOWED_HOSTS).toBe('payments-mock');
    expect(ACTIONS).toContain(`PAYMENTS_MOCK_URL: http://localhost:${EXPOSED}`);
  });
});
