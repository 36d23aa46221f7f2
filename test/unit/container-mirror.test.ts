import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// scripts/container/build-base.sh debootstraps from the Debian mirror this machine's apt uses, or debootstrap's own
// default: the repository names no mirror host (a machine behind a proxy or with a local mirror uses its own).
const ROOT = join(__dirname, '..', '..');
const HELPER = join(ROOT, 'scripts', 'container', 'apt-mirror.sh');

/** What apt_mirror prints for an /etc/apt holding `files` (path → text). */
function mirrorFor(files: Record<string, string>): string {
  const etc = mkdtempSync(join(tmpdir(), 'payments-mock-apt-'));
  try {
    mkdirSync(join(etc, 'sources.list.d'));
    for (const [path, text] of Object.entries(files)) writeFileSync(join(etc, path), text);
    return execFileSync('bash', ['-c', `source "${HELPER}"; apt_mirror`], { env: { ...process.env, APT_ETC: etc }, encoding: 'utf8', timeout: 5000 }).trim();
  } finally {
    rmSync(etc, { recursive: true, force: true });
  }
}

describe('the mirror the container stand-in is debootstrapped from', () => {
  it.each<[string, Record<string, string>, string]>([
    [
      'a deb822 source (Debian 12 and later), skipping the security archive',
      {
        'sources.list.d/debian.sources':
          'Types: deb\nURIs: http://mirror.example.internal/debian-security\nSuites: bookworm-security\n\nTypes: deb\nURIs: http://mirror.example.internal/debian/\nSuites: bookworm\n',
      },
      'http://mirror.example.internal/debian',
    ],
    [
      'a one-line source with options',
      { 'sources.list': '# deb http://old.example/debian bookworm main\ndeb [arch=amd64 signed-by=/k.gpg] https://proxy.example:3142/debian bookworm main\n' },
      'https://proxy.example:3142/debian',
    ],
    ['nothing for an Ubuntu archive, which cannot bootstrap Debian', { 'sources.list': 'deb http://archive.example/ubuntu noble main\n' }, ''],
    ['nothing without sources (debootstrap then takes its default)', {}, ''],
  ])('takes %s', (_name, files, mirror) => {
    expect(mirrorFor(files)).toBe(mirror);
  });

  it('names no mirror host in the scripts themselves', () => {
    for (const script of ['build-base.sh', 'apt-mirror.sh']) {
      const code = readFileSync(join(ROOT, 'scripts', 'container', script), 'utf8')
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('#'));
      expect(code.filter((line) => /https?:\/\/[a-z0-9]/i.test(line))).toEqual([]);
    }
  });
});
