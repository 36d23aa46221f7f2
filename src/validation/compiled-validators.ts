import type { Options, ValidateFunction } from 'ajv';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_SCHEMA } from '../schemas/fixtures';
import { PARAM_SCHEMAS } from '../schemas/params';

/**
 * Every schema the server validates with, by name, and the ajv options for each set. `npm run build` turns them
 * into plain JavaScript once (ajv's standalone code, `dist/validation/generated.js`), so a started server neither
 * loads ajv nor compiles anything: compiling them costs ~200 ms, which would be most of the boot time. Without the
 * generated file (tests run from src/), the same schemas are compiled with the same options on first use.
 */
export const VALIDATED_SCHEMAS = { ...PARAM_SCHEMAS, fixtures: FIXTURE_SCHEMA } as const;
export type ValidatorName = keyof typeof VALIDATED_SCHEMAS;

// verbose: messages quote the offending value (error.data), which ajv only records in verbose mode.
export const AJV_OPTIONS: Options = { allErrors: true, strict: true, verbose: true, allowUnionTypes: true };

export const GENERATED_FILE = join(__dirname, 'generated.js');

let validators: Record<ValidatorName, ValidateFunction> | undefined;

/** The validator for a schema: precompiled when built, else compiled here once per process. */
export function validatorFor(name: ValidatorName): ValidateFunction {
  validators ??= existsSync(GENERATED_FILE) ? (require(GENERATED_FILE) as Record<ValidatorName, ValidateFunction>) : compileAll();
  return validators[name];
}

function compileAll(): Record<ValidatorName, ValidateFunction> {
  // Loaded only here, so a built server never pays for ajv.
  const Ajv = (require('ajv') as typeof import('ajv')).default;
  const ajv = new Ajv(AJV_OPTIONS);
  return Object.fromEntries(Object.entries(VALIDATED_SCHEMAS).map(([name, schema]) => [name, ajv.compile(schema)])) as Record<ValidatorName, ValidateFunction>;
}
