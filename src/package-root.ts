import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The package's folder: the nearest one above this file with a package.json. src/, dist/ and the bundled CLI
 * in dist/cli/ all sit at different depths below it, so paths to the package's own files start here.
 */
export const PACKAGE_ROOT: string = (() => {
  let dir = dirname(__dirname);
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();
