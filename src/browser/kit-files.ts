import { nodeBuiltin } from '../runtime/platform';

/** What scripts/build-browser.js writes: the card script's hashed name and a content hash of every file. */
interface Manifest {
  card: string;
  hashes: Record<string, string>;
}

export interface KitFile {
  body: string;
  /** A hash of the content, for the ETag. */
  hash: string;
}

export interface KitFiles {
  /** `payments.js`, `payments.mjs` and the card script under its hashed name. */
  files: Map<string, KitFile>;
  /** The card script's file name (`card-<hash>.js`); undefined when the kit was never built. */
  card: string | undefined;
}

/** Read once per process on first use: the files are immutable, so one copy serves every instance. */
let loaded: KitFiles | undefined;

/**
 * The prebuilt browser kit from dist/browser/public (or, for the bundled CLI and for tests running from source, the
 * dist/ seen from there). A source checkout that was never built gets an empty set, and the pages say so.
 * @example kitFiles().files.get('payments.js')?.body
 */
export function kitFiles(): KitFiles {
  if (loaded) return loaded;
  // The files are read on Node only; in a page (MSW's worker) there are none to serve, and the pages say so.
  const fs = nodeBuiltin<typeof import('node:fs')>('node:fs');
  const path = nodeBuiltin<typeof import('node:path')>('node:path');
  if (!fs || !path) return (loaded = { files: new Map(), card: undefined });
  const { existsSync, readFileSync } = fs;
  const { join } = path;
  const dir = [join(__dirname, '..', 'browser', 'public'), join(__dirname, '..', '..', 'dist', 'browser', 'public')].find((candidate) =>
    existsSync(join(candidate, 'manifest.json')),
  );
  // Not built: nothing to serve, looked for once (the pages say how to build).
  if (!dir) return (loaded = { files: new Map(), card: undefined });
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const files = new Map<string, KitFile>();
  for (const [name, hash] of Object.entries(manifest.hashes)) files.set(name, { body: readFileSync(join(dir, name), 'utf8'), hash });
  loaded = { files, card: manifest.card };
  return loaded;
}
