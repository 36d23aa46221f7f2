import { IdCodec } from './ids';

/**
 * A stored version kept in a compact form of its own (payment-record.ts), not as the object it is served as. An
 * event's snapshot may be one: `served` gives the object, with the store's ids and the partition's mode.
 */
export abstract class Encoded {
  abstract served(ids: IdCodec, livemode: boolean): object;
  /** Its id and `object` alone, without building the whole object. */
  abstract ref(ids: IdCodec): ObjectRef;
}

export interface ObjectRef {
  id: string;
  object: string;
}

/** The served object of a stored version, whichever form it is kept in. */
export function servedOf(version: object, ids: IdCodec, livemode: boolean): Readonly<Record<string, unknown>> {
  return (version instanceof Encoded ? version.served(ids, livemode) : version) as Readonly<Record<string, unknown>>;
}

/** The id and `object` of a stored version, whichever form it is kept in. */
export function refOf(version: object, ids: IdCodec): ObjectRef {
  if (version instanceof Encoded) return version.ref(ids);
  const { id, object } = version as { id: string; object: string };
  return { id, object };
}
