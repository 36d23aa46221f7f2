import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../errors/api-error';

/** The environment variable that moves the local CA's folder. */
const CA_DIR_ENV = 'PAYMENTS_MOCK_CA_DIR';

/**
 * Where the local CA lives: `PAYMENTS_MOCK_CA_DIR` if set, else a folder of the user's own data, where mkcert keeps
 * its CA too (`~/Library/Application Support` on macOS, `%LOCALAPPDATA%` on Windows, `$XDG_DATA_HOME` or
 * `~/.local/share` elsewhere), under `payments-mock/ca`.
 *
 * @example caFolder({ PAYMENTS_MOCK_CA_DIR: '/tmp/ca' }) // '/tmp/ca'
 */
export function caFolder(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const given = env[CA_DIR_ENV];
  if (given) return given;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'payments-mock', 'ca');
  if (platform === 'win32') return join(env['LOCALAPPDATA'] ?? join(homedir(), 'AppData', 'Local'), 'payments-mock', 'ca');
  return join(env['XDG_DATA_HOME'] || join(homedir(), '.local', 'share'), 'payments-mock', 'ca');
}

/**
 * Makes the folder (mode 0700) if it is missing, and refuses one that others could read or write, or that belongs to
 * another user: the CA's key is in it, and whoever holds that key can impersonate any site to every device that
 * trusts the CA. (Windows has no such modes; its per-user folder is private by its ACL.)
 */
export function ensurePrivateFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConfigError(
      `Cannot make the local CA folder ${dir} (${(error as NodeJS.ErrnoException).code ?? 'error'}): set ${CA_DIR_ENV} to a folder of your own.`,
    );
  }
  const stat = statSync(dir);
  if (!stat.isDirectory()) throw new ConfigError(`The local CA folder ${dir} is not a folder: set ${CA_DIR_ENV} to a folder of your own.`);
  if (process.platform === 'win32') return;
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid())
    throw new ConfigError(`The local CA folder ${dir} belongs to another user: set ${CA_DIR_ENV} to a folder of your own.`);
  // A folder made here just now may have lost bits to the umask, never gained them; one that was there already is
  // refused if it is open to others, not silently changed.
  if ((stat.mode & 0o077) !== 0)
    throw new ConfigError(
      `The local CA folder ${dir} is open to other users (mode ${(stat.mode & 0o777).toString(8)}): run chmod 700 ${dir}, or set ${CA_DIR_ENV} to another folder.`,
    );
  if ((stat.mode & 0o700) !== 0o700) chmodSync(dir, 0o700);
}

/**
 * Refuses a private key file that others can read: the CA key, or a leaf key.
 */
export function checkPrivateFile(path: string): void {
  if (process.platform === 'win32') return;
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) throw new ConfigError(`The key file ${path} is open to other users (mode ${mode.toString(8)}): run chmod 600 ${path}.`);
}
