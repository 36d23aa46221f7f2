import type { ValidateFunction } from 'ajv';
import { provideValidatorLoader } from '../validation/compiled-validators';

/**
 * The request validators, inside the CLI's bundle: esbuild takes the generated file in (dist/cli/run.js), so a start's
 * first create neither resolves, reads nor compiles another file (about 1.5 ms of CPU on Node 24), and their code is
 * in the CLI's code cache. Run from src/ (tests), there is no generated file beside it, and the validators are found
 * as usual. The fixture validators stay a file of their own: most starts never load them.
 */
export function bundleRequestValidators(): void {
  provideValidatorLoader('params', () => {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a file the build writes, bundled from dist/
      return require('../validation/generated-params.js') as Record<string, ValidateFunction>;
    } catch {
      return undefined;
    }
  });
}
