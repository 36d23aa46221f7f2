import { boolean, integer, literal, object, Properties, record, string } from '../typed-schema';

/** An id with its prefix: `pay_…`, `cus_…`. @example id('pay') // { type: 'string', pattern: '^pay_[0-9A-Za-z]+$' } */
export const id = (prefix: string) => string({ pattern: `^${prefix}_[0-9A-Za-z]+$` });

/** The fields every resource starts with: its id, its kind, when it was made, and its mode. */
export const base = <const K extends string>(prefix: string, kind: K) => ({
  id: id(prefix),
  object: literal(kind),
  created: integer(),
  livemode: boolean(),
});

/**
 * A resource: the `base` fields, then its own. (Typed as an intersection rather than a spread so that hovers list
 * `id` and `object` first, as the schema does.)
 * @example resource('cus', 'customer', { email: nullable(string()) })
 */
export function resource<const K extends string, P extends Properties, O extends keyof P & string = never>(
  prefix: string,
  kind: K,
  fields: P,
  options: { optional?: readonly O[] } = {},
) {
  return object<ReturnType<typeof base<K>> & P, O>({ ...base(prefix, kind), ...fields }, options);
}

/** A three-letter ISO currency code in lower case. */
export const currency = () => string({ pattern: '^[a-z]{3}$' });

/** Keys and values the caller chose, both strings. */
export const metadata = () => record(string());
