import type { Options, ValidateFunction } from 'ajv';
import { nodeBuiltin } from '../runtime/platform';
import type { VALIDATOR_GROUPS } from './validator-groups';

/**
 * The validators of the server's schemas (src/validation/validator-groups.ts). `npm run build` turns each group
 * into plain JavaScript once (ajv's standalone code, `dist/validation/generated-<group>.js`), so a started server
 * neither loads ajv nor compiles anything: compiling costs ~200 ms, which would be most of the boot time. The
 * groups load separately, so a server started without fixtures never loads the (large) fixture validator; nor
 * does it load the schemas themselves. Without the generated files (tests run from src/), the same schemas are
 * compiled with the same options on first use.
 */
type Groups = typeof VALIDATOR_GROUPS;
export type ValidatorGroup = keyof Groups;
export type ValidatorName = keyof Groups['params'] | keyof Groups['fixtures'];

/** The group of a validator: a fixture file's are `fixtures` and `section_<section>`; the rest are a request's. */
export function groupOf(name: ValidatorName): ValidatorGroup {
  return name === 'fixtures' || name.startsWith('section_') ? 'fixtures' : 'params';
}

// verbose: messages quote the offending value (error.data), which ajv only records in verbose mode.
export const AJV_OPTIONS: Options = { allErrors: true, strict: true, verbose: true, allowUnionTypes: true };

export function generatedFile(group: ValidatorGroup): string {
  // Through `../validation`: the same folder from dist/validation, and from the bundled CLI in dist/cli.
  return `${__dirname}/../validation/generated-${group}.js`;
}

const loaded: Partial<Record<ValidatorGroup, Record<string, ValidateFunction>>> = {};
const loaders: Partial<Record<ValidatorGroup, () => Record<string, ValidateFunction> | undefined>> = {};

/** The validator for a schema: precompiled when built, else compiled here once per process. */
export function validatorFor(name: ValidatorName): ValidateFunction {
  const group = groupOf(name);
  return (loaded[group] ??= load(group))[name] as ValidateFunction;
}

/**
 * Hands in a group's precompiled validators: the browser build of payments-mock/msw bundles them, as it cannot
 * look for files.
 * @example provideValidators('params', require('./generated-params.js'));
 */
export function provideValidators(group: ValidatorGroup, validators: Record<string, ValidateFunction>): void {
  loaded[group] = validators;
}

/**
 * Hands in how to get a group's precompiled validators on first use: the CLI's bundle holds the request validators
 * itself (src/cli/bundled-validators.ts), so its first create reads and compiles no other file. A loader that
 * answers undefined (no generated file where it looked) leaves the usual search to find them.
 * @example provideValidatorLoader('params', () => require('../validation/generated-params.js'));
 */
export function provideValidatorLoader(group: ValidatorGroup, loader: () => Record<string, ValidateFunction> | undefined): void {
  loaders[group] = loader;
}

function load(group: ValidatorGroup): Record<string, ValidateFunction> {
  const given = loaders[group]?.();
  if (given) return given;
  const fs = nodeBuiltin<typeof import('node:fs')>('node:fs');
  const file = fs ? generatedFile(group) : undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a generated file, found at run time
  return file && fs?.existsSync(file) ? (require(file) as Record<string, ValidateFunction>) : compile(group);
}

function compile(group: ValidatorGroup): Record<string, ValidateFunction> {
  // Loaded only here, so a built server never pays for ajv.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: a built server never loads ajv
  const Ajv = (require('ajv') as typeof import('ajv')).default;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the schemas, only when compiling them here
  const { VALIDATOR_GROUPS: groups } = require('./validator-groups') as typeof import('./validator-groups');
  const ajv = new Ajv(AJV_OPTIONS);
  return Object.fromEntries(Object.entries(groups[group]).map(([name, schema]) => [name, ajv.compile(schema)]));
}
