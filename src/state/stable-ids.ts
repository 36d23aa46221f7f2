/** Ids that fixtures leave out, made the same way in every run: from where the object sits in the fixtures. */
import { makeId, Random } from '../store/random';

/**
 * An id that a fixture leaves out (an account, a client_secret, an event id), derived from where it sits in the
 * fixtures: the same in every run and after every reset, whatever the seed, so clients can keep it.
 */
export function stableId(head: string, place: string): string {
  return makeId(placeRandom(place), head);
}

/** A random source seeded by a place in the fixtures: what it draws is the same in every run. */
export function placeRandom(place: string): Random {
  let hash = 0x811c9dc5;
  for (let i = 0; i < place.length; i++) hash = Math.imul(hash ^ place.charCodeAt(i), 0x01000193);
  return new Random(hash >>> 0);
}
