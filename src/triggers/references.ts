import type { FlowValue } from './flow-types';

/** `${name:path.to.field}` or `${env:NAME}`; the name is a step name (or `env`), the path dot-separated. */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_-]*):([^}]*)\}/g;
const WHOLE_REFERENCE = /^\$\{([A-Za-z_][A-Za-z0-9_-]*):([^}]*)\}$/;
const PATH = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface Reference {
  /** As written: `${pay:id}`. */
  text: string;
  /** A step name, or `env`. */
  name: string;
  path: string;
}

/** Thrown when a reference cannot be resolved; the runner turns it into an error naming the step. */
export class FlowReferenceError extends Error {
  override readonly name = 'FlowReferenceError';
}

/**
 * The references in a string, and what is wrong with the string's `${…}` parts, if anything (a `${` that is not a
 * well-formed reference is refused rather than sent as it is: it is almost always a typo).
 * @example referencesIn('${pay:id}/refund') // { references: [{ text: '${pay:id}', name: 'pay', path: 'id' }], problem: undefined }
 */
export function referencesIn(text: string): { references: Reference[]; problem: string | undefined } {
  const references: Reference[] = [];
  let problem: string | undefined;
  for (const match of text.matchAll(REFERENCE)) {
    const [whole, name = '', path = ''] = match;
    references.push({ text: whole, name, path });
    if (name === 'env' && !ENV_NAME.test(path)) problem ??= `${whole} is not a valid environment variable name (letters, digits and _).`;
    if (name !== 'env' && !PATH.test(path))
      problem ??= `${whole}: the path must be field names and array indexes separated by dots, such as \${pay:data.0.id}.`;
  }
  const leftover = text.replace(REFERENCE, '');
  if (problem === undefined && leftover.includes('${'))
    problem = `"${clip(text)}" has a \${ that is not a reference: write \${step:path.to.field} (e.g. \${pay:id}) or \${env:NAME}.`;
  return { references, problem };
}

/** Every string inside a value, with the JSON pointer of where it sits (keys included: they may hold references too). */
export function* stringsIn(value: unknown, pointer: string): IterableIterator<{ text: string; pointer: string }> {
  if (typeof value === 'string') yield { text: value, pointer };
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsIn(item, `${pointer}/${i}`);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield { text: key, pointer: `${pointer}/${escapePointer(key)}` };
      yield* stringsIn(item, `${pointer}/${escapePointer(key)}`);
    }
  }
}

/** Looks a reference up: an earlier answer's field, or an environment value. Throws FlowReferenceError. */
export type Lookup = (reference: Reference) => unknown;

/**
 * Resolves the references of a string. A string that is exactly one reference takes the referenced value as it is
 * (a number stays a number); otherwise each reference is put into the text (`encode` applies to each, for paths).
 * @example resolveString('${pay:amount}', lookup) // 2000
 */
export function resolveString(text: string, lookup: Lookup, encode?: (value: string) => string): unknown {
  if (!text.includes('${')) return text;
  const whole = encode ? null : WHOLE_REFERENCE.exec(text);
  if (whole) return lookup({ text, name: whole[1] as string, path: whole[2] as string });
  return text.replace(REFERENCE, (matched, name: string, path: string) => {
    const value = lookup({ text: matched, name, path });
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw new FlowReferenceError(
        `${matched} is ${value === null ? 'null' : Array.isArray(value) ? 'a list' : 'an object'}, which cannot be put inside a string.`,
      );
    return encode ? encode(String(value)) : String(value);
  });
}

/** Resolves every string of a value (object keys included), giving a new value. */
export function resolveValue(value: FlowValue, lookup: Lookup): FlowValue {
  if (typeof value === 'string') return resolveString(value, lookup) as FlowValue;
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, lookup));
  if (value !== null && typeof value === 'object') {
    const out = Object.create(null) as Record<string, FlowValue>;
    for (const [key, item] of Object.entries(value)) out[String(resolveString(key, lookup))] = resolveValue(item, lookup);
    return out;
  }
  return value;
}

/**
 * The field at a dot path inside an answer (`data.0.id`), or a FlowReferenceError that says which part is missing
 * and what is there instead.
 */
export function fieldAt(answer: unknown, reference: Reference): unknown {
  let current = answer;
  const walked: string[] = [];
  for (const part of reference.path.split('.')) {
    let next: unknown;
    if (Array.isArray(current) && /^\d+$/.test(part)) next = current[Number(part)];
    else if (current !== null && typeof current === 'object' && !Array.isArray(current) && Object.prototype.hasOwnProperty.call(current, part))
      next = (current as Record<string, unknown>)[part];
    if (next === undefined) {
      const where = walked.length ? `${reference.name}'s ${walked.join('.')}` : `the answer of step "${reference.name}"`;
      throw new FlowReferenceError(`${reference.text}: ${where} has no "${clip(part)}"${hint(current)}.`);
    }
    walked.push(part);
    current = next;
  }
  return current;
}

function hint(value: unknown): string {
  if (Array.isArray(value)) return ` (it is a list of ${value.length})`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    return ` (it has ${keys.slice(0, 12).join(', ')}${keys.length > 12 ? ', …' : ''})`;
  }
  return ` (it is ${JSON.stringify(value)})`;
}

/** A JSON pointer segment: `~` and `/` escaped (RFC 6901). */
export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
