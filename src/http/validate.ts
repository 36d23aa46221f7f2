import type { ErrorObject } from 'ajv';
import { unknownParameterHint } from '../near-miss/unknown-parameter';
import { ApiError } from '../errors/api-error';
import { ErrorCode } from '../errors/catalog';
import { PARAM_SCHEMAS, ParamSchemaName } from '../schemas/params';
import { validatorFor } from '../validation/compiled-validators';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  oneOf?: Schema[];
  additionalProperties?: boolean | Schema;
  description?: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  items?: Schema;
};

/** How deep any parsed body may nest before it is refused (JSON is parsed before this is known). */
const MAX_JSON_DEPTH = 8;

/**
 * Validates parameters against their operation's schema and returns them typed. Form bodies and query strings
 * (`fromText`) carry integers as strings: only plain digit strings become numbers, so `12.5`, `1e3` and `""` are
 * refused, while JSON bodies must send real numbers.
 */
export function validateParams<T>(name: ParamSchemaName, input: unknown, fromText: boolean): T {
  const schema = PARAM_SCHEMAS[name] as Schema;
  checkShape(input, [], 0);
  const value = fromText ? coerceText(schema, input) : input;
  const validate = validatorFor(name);
  if (!validate(value)) throw toApiError(validate.errors ?? [], schema);
  return value as T;
}

/**
 * Form or query parameters with the types their operation's schema wants (digit strings as integers, …), as the
 * API read them before it refused them: the journal shows a refused form request so, and a flow replays it as JSON.
 *
 * @example typedFormParams('createPaymentMethod', { card: { exp_month: '13' } }); // { card: { exp_month: 13 } }
 */
export function typedFormParams(name: ParamSchemaName, params: unknown): unknown {
  return coerceText(PARAM_SCHEMAS[name] as Schema, params);
}

/** Per schema, whether no parameters at all is valid: found once, then a GET without a query skips parsing. */
const emptyAccepted = new Map<ParamSchemaName, boolean>();

/** Whether an operation takes an empty set of parameters (nothing required). */
export function acceptsNoParams(name: ParamSchemaName): boolean {
  let accepted = emptyAccepted.get(name);
  if (accepted === undefined) emptyAccepted.set(name, (accepted = validatorFor(name)({}) === true));
  return accepted;
}

/** Refuses empty strings, NUL characters (in values and keys) and runaway nesting before the schema is consulted. */
function checkShape(value: unknown, path: string[], depth: number): void {
  if (depth > MAX_JSON_DEPTH) throw new ApiError('body_invalid', `The body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  if (typeof value === 'string') {
    const inMetadata = path[0] === 'metadata' && path.length === 2;
    if (value === '' && !inMetadata) {
      throw new ApiError('parameter_invalid_empty', `You passed an empty string for '${paramName(path)}'. Send a value or leave the parameter out.`, {
        param: paramName(path),
      });
    }
    if (value.includes('\u0000')) {
      throw new ApiError('parameter_invalid', `'${paramName(path)}' contains a NUL character, which is not allowed.`, { param: paramName(path) });
    }
    return;
  }
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (key.includes('\u0000')) {
        const where = path.length > 0 ? `'${paramName(path)}' has a key` : 'A parameter name';
        throw new ApiError(
          'parameter_invalid',
          `${where} containing a NUL character, which is not allowed.`,
          path.length > 0 ? { param: paramName(path) } : {},
        );
      }
      // One path array for the whole walk (push/pop): it runs on every request and only an error reads it.
      path.push(key);
      checkShape((value as Record<string, unknown>)[key], path, depth + 1);
      path.pop();
    }
  }
}

/**
 * Gives form and query values the types the schema wants, in place (form and query objects are ours): digit
 * strings become integers, `true`/`false` booleans, and `name[0]=…&name[1]=…` (how most SDKs encode a list) an
 * array. Anything else is left for the schema to refuse with its own message.
 */
function coerceText(schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return value;
  if (typeof value === 'string') {
    const wantsInteger = schema.type === 'integer' || schema.oneOf?.some((option) => option.type === 'integer');
    if (wantsInteger && /^-?\d{1,16}$/.test(value)) return Number(value);
    if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
    return value;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = coerceText(schema.items, value[i]);
    return value;
  }
  if (value && typeof value === 'object') {
    if (schema.type === 'array') {
      const indexed = indexedList(value as Record<string, unknown>);
      return indexed ? coerceText(schema, indexed) : value;
    }
    const objectSchema = schema.properties ? schema : schema.oneOf?.find((option) => option.properties);
    if (!objectSchema?.properties) return value;
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (Object.prototype.hasOwnProperty.call(objectSchema.properties, key)) object[key] = coerceText(objectSchema.properties[key], object[key]);
    }
  }
  return value;
}

/** `{ "0": a, "1": b }` → `[a, b]`; undefined unless the keys are exactly 0..n-1. */
function indexedList(object: Record<string, unknown>): unknown[] | undefined {
  const keys = Object.keys(object);
  if (keys.length === 0 || keys.length > 1000) return undefined;
  const list: unknown[] = new Array<unknown>(keys.length);
  for (const key of keys) {
    if (!/^\d{1,4}$/.test(key) || Number(key) >= keys.length || (key.length > 1 && key.startsWith('0'))) return undefined;
    list[Number(key)] = object[key];
  }
  return list;
}

/** `/metadata/order` → `metadata[order]`, the way clients write the parameter. */
function paramName(path: string[]): string {
  return path.map((segment, i) => (i === 0 ? segment : `[${segment}]`)).join('');
}

function pointerPath(instancePath: string): string[] {
  return instancePath === ''
    ? []
    : instancePath
        .slice(1)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function schemaAt(schema: Schema, path: string[]): Schema | undefined {
  let node: Schema | undefined = schema;
  for (const segment of path) {
    const objectSchema: Schema | undefined = node?.properties ? node : node?.oneOf?.find((option) => option.properties);
    const next: Schema | boolean | undefined = objectSchema?.properties?.[segment] ?? node?.additionalProperties;
    node = typeof next === 'object' ? next : undefined;
  }
  return node;
}

/** The most useful of ajv's errors, in the contract's terms: a typo first, then what is missing, then the rest. */
function toApiError(errors: ErrorObject[], schema: Schema): ApiError {
  const rank = (error: ErrorObject) => (error.keyword === 'additionalProperties' ? 0 : error.keyword === 'required' ? 1 : error.keyword === 'oneOf' ? 3 : 2);
  // A propertyNames failure also reports the inner keyword (maxLength of the key); the propertyNames error says it better.
  // Among equals the deepest error names the parameter most exactly: `created[gte]`, not the whole `created`
  // that a oneOf branch expecting a plain integer also complains about.
  const depth = (error: ErrorObject) => pointerPath(error.instancePath).length;
  const error = errors.filter((candidate) => candidate.propertyName === undefined).sort((a, b) => rank(a) - rank(b) || depth(b) - depth(a))[0];
  if (!error) return new ApiError('parameter_invalid', 'The parameters are invalid.');
  const path = pointerPath(error.instancePath);
  const param = paramName(path);
  const make = (code: ErrorCode, message: string, name = param) => new ApiError(code, message, { param: name });
  switch (error.keyword) {
    case 'additionalProperties': {
      const unknown = String(error.params.additionalProperty);
      const name = clip(paramName([...path, unknown]), 100);
      const at = schemaAt(schema, path);
      const known = Object.keys((at?.properties ? at : at?.oneOf?.find((option) => option.properties))?.properties ?? {});
      const hint = unknownParameterHint(unknown, known, (guess) => paramName([...path, guess]));
      return make('parameter_unknown', `Received unknown parameter: ${name}.${hint}`, name);
    }
    case 'required': {
      const name = paramName([...path, String(error.params.missingProperty)]);
      return make('parameter_missing', `Missing required param: ${name}.`, name);
    }
    case 'type':
      if (error.params.type === 'integer')
        return make('parameter_invalid_integer', `Invalid integer for ${param}: ${preview(error.data)}. Send a whole number.`);
      if (error.params.type === 'array')
        return make('parameter_invalid', `Invalid ${param}: expected a list, got ${describe(error.data)}. In a form body send ${param}[]=… once per value.`);
      return make('parameter_invalid', `Invalid ${param}: expected ${article(String(error.params.type))}, got ${describe(error.data)}.`);
    case 'minimum':
    case 'maximum': {
      const target = schemaAt(schema, path);
      const range = `${target?.minimum ?? '-∞'} to ${target?.maximum ?? '∞'}`;
      if (path[path.length - 1] === 'amount') {
        const code = error.keyword === 'minimum' ? 'amount_too_small' : 'amount_too_large';
        return make(code, `Invalid amount: ${preview(error.data)}. It must be an integer from ${range} (smallest currency unit).`);
      }
      return make('parameter_invalid_integer', `Invalid ${param}: ${preview(error.data)}. It must be an integer from ${range}.`);
    }
    case 'maxLength':
      return make('parameter_invalid', `Invalid ${param}: it must be at most ${error.params.limit} characters (got ${String(error.data).length}).`);
    case 'enum':
      return make('parameter_invalid', `Invalid ${param}: ${preview(error.data)}. It must be one of ${(error.params.allowedValues as string[]).join(', ')}.`);
    case 'pattern': {
      const description = schemaAt(schema, path)?.description;
      // A "+" sent raw in a form body decodes as a space: the usual way an E.164 phone number arrives broken.
      const plusHint =
        typeof error.data === 'string' && error.data.startsWith(' ') ? ' In a form body "+" means a space: send it as %2B (curl --data-urlencode).' : '';
      return make('parameter_invalid', `Invalid ${param}: ${preview(error.data)}.${description ? ` Expected ${description}` : ''}${plusHint}`);
    }
    case 'minItems':
      return make('parameter_invalid', `Invalid ${param}: send at least ${error.params.limit} value${error.params.limit === 1 ? '' : 's'}.`);
    case 'maxItems':
      return make('parameter_invalid', `Invalid ${param}: at most ${error.params.limit} values are allowed (got ${(error.data as unknown[]).length}).`);
    case 'maxProperties':
      return make('parameter_invalid', `Invalid ${param}: at most ${error.params.limit} keys are allowed (got ${Object.keys(error.data as object).length}).`);
    case 'propertyNames':
      return make('parameter_invalid', `Invalid ${param}: keys must be 1 to 40 characters (got "${String(error.params.propertyName).slice(0, 60)}").`);
    default:
      return make('parameter_invalid', `Invalid ${param || 'parameters'}: ${schemaAt(schema, path)?.description ?? error.message ?? 'wrong format'}.`);
  }
}

/** A value as a message shows it: strings quoted (so JSON "12" reads as a string), long ones cut. */
function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return clip(text, 60);
}

/** Names and values from the client are echoed back, but never at unbounded length. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `${article(typeof value)} (${preview(value)})`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
