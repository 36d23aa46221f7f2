/**
 * The version in package.json. Required, not read from disk: the path is the same from src/ and dist/, and a
 * bundle (the CLI, the browser build of payments-mock/msw) carries it inline.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json sits outside src/, so no import
export const PACKAGE_VERSION: string = (require('../package.json') as { version: string }).version;
