import { array, boolean, literal, object, Schema, Static, string } from '../typed-schema';

/** A page of `item`s: `has_more` says whether a next page exists (ask for it with `starting_after`). */
export function listOf<T>(item: Schema<T>) {
  return object({
    object: literal('list'),
    url: string(),
    has_more: boolean(),
    data: array(item),
  });
}

/** A page of a list of `T`. */
export type ListOf<T> = Static<ReturnType<typeof listOf<T>>>;
