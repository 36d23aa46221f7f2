import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The version in package.json (one folder above both src/ and dist/). */
export const PACKAGE_VERSION: string = (JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;
