/**
 * A small typed JSON Schema builder: each function returns the plain JSON Schema object that ajv, the OpenAPI
 * document and the tests read, and its type carries the TypeScript type of what the schema accepts, so
 * `Static<typeof schema>` is the resource's type and the two cannot drift. It is written here rather than taken
 * from json-schema-to-ts or TypeBox because the public declarations (`Payment`, `Refund`, …) must not import a
 * package a consumer has not installed, and the package has no runtime dependencies. It imports nothing, so the
 * browser kit can share the wire types it makes (test/unit/layers.test.ts).
 */

/** Where a schema's type keeps the type it accepts. Only in the type: no schema object has this key. */
declare const accepts: unique symbol;

/**
 * A JSON Schema (a plain object) that accepts values of type `T`.
 * @example const amount: Schema<number> = integer();
 */
export type Schema<T> = { readonly [keyword: string]: unknown; readonly [accepts]?: T };

/**
 * The type of the values a schema accepts.
 * @example type Amount = Static<typeof amountSchema>; // number
 */
// `S[typeof accepts]` is `T | undefined` (the key is optional); no JSON value is undefined, so dropping it leaves T.
export type Static<S extends Schema<unknown>> = Exclude<S[typeof accepts], undefined>;

/** Shows an object type as its fields (`{ id: string; … }`) on hover instead of the mapped type that made it. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The properties of an object schema, by name. */
export type Properties = Record<string, Schema<unknown>>;

/** Options every scalar builder takes: the text for the OpenAPI document, and a pattern for strings. */
interface Described {
  description?: string;
}

/** @example string({ pattern: '^[a-z]{3}$' }) // { type: 'string', pattern: '^[a-z]{3}$' } */
export function string(options: Described & { pattern?: string } = {}): Schema<string> {
  return { type: 'string', ...options };
}

/** @example integer() // { type: 'integer' } */
export function integer(options: Described = {}): Schema<number> {
  return { type: 'integer', ...options };
}

/** @example number() // { type: 'number' } */
export function number(options: Described = {}): Schema<number> {
  return { type: 'number', ...options };
}

/** @example boolean() // { type: 'boolean' } */
export function boolean(options: Described = {}): Schema<boolean> {
  return { type: 'boolean', ...options };
}

/** Exactly one value. @example literal('payment') // { const: 'payment' } */
export function literal<const V extends string | number | boolean>(value: V): Schema<V> {
  return { const: value };
}

/** One of a few values. @example enumOf(['enabled', 'disabled']) // { enum: ['enabled', 'disabled'] } */
export function enumOf<const V extends string>(values: readonly V[]): Schema<V> {
  return { enum: [...values] };
}

/** The schema, or null. @example nullable(string()) // { anyOf: [{ type: 'string' }, { type: 'null' }] } */
export function nullable<T>(schema: Schema<T>): Schema<T | null> {
  return { anyOf: [schema, { type: 'null' }] };
}

/** The same schema with a description for the OpenAPI document. @example described(integer(), 'Unix seconds.') */
export function described<S extends Schema<unknown>>(schema: S, description: string): S {
  return { ...schema, description } as S;
}

/** A list. @example array(string()) // { type: 'array', items: { type: 'string' } } */
export function array<T>(items: Schema<T>): Schema<T[]> {
  return { type: 'array', items };
}

/** An object with any keys, each value of the schema. @example record(string()) // metadata */
export function record<T>(value: Schema<T>): Schema<Record<string, T>> {
  return { type: 'object', additionalProperties: value };
}

/** A component of the OpenAPI document by name, typed by the caller. @example ref<Payment>('Payment') */
export function ref<T>(component: string): Schema<T> {
  return { $ref: `#/components/schemas/${component}` };
}

/** Any one of the schemas (JSON Schema's `oneOf`). @example union([ref<A>('A'), ref<B>('B')]) */
export function union<const S extends readonly Schema<unknown>[]>(schemas: S): Schema<Static<S[number]>> {
  return { oneOf: [...schemas] };
}

/**
 * The object a closed schema of these properties accepts: every property present unless listed as optional. The
 * common case maps `keyof P` itself, so hovers list the fields in the schema's order.
 */
export type ObjectOf<P extends Properties, O extends keyof P = never> = [O] extends [never]
  ? { [K in keyof P]: Static<P[K]> }
  : Simplify<{ [K in keyof P as K extends O ? never : K]: Static<P[K]> } & { [K in O]?: Static<P[K]> }>;

/**
 * A closed object: no other keys, and every property required but those named in `optional`. Every resource is
 * one, since every served object always carries every field (unset ones are null).
 * @example object({ id: string(), amount: integer() }) // { type: 'object', additionalProperties: false, required: ['id', 'amount'], properties: … }
 */
export function object<P extends Properties, O extends keyof P & string = never>(
  properties: P,
  options: { optional?: readonly O[] } = {},
): Schema<ObjectOf<P, O>> {
  const optional: readonly string[] = options.optional ?? [];
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    properties,
  };
}

/**
 * A closed object whose keys are the given names, each value of one schema.
 * @example keyed(['payments', 'refunds'], enumOf(['none', 'read', 'write']))
 */
export function keyed<const K extends string, T>(keys: readonly K[], value: Schema<T>): Schema<Record<K, T>> {
  return object(Object.fromEntries(keys.map((key) => [key, value])) as Record<K, Schema<T>>) as Schema<Record<K, T>>;
}
