import { ApiError } from '../errors/api-error';

/** How deep `a[b][c]…` may nest: far more than any endpoint needs, far less than a hostile body tries. */
export const MAX_DEPTH = 8;

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/**
 * The prototype of every parsed object: empty, frozen, and with no prototype of its own, so `Object.prototype`
 * is not in the chain. Keys such as `__proto__` or `constructor` are then plain own data and can never reach a
 * prototype, as on `Object.create(null)`; but objects made by a constructor keep V8's fast properties, where a
 * null-prototype object is a dictionary (measured: half the time to build, serialise and read a body's params).
 */
const NO_PROTOTYPE = Object.freeze(Object.create(null) as object);

function FormNode(this: FormObject): void {}
FormNode.prototype = NO_PROTOTYPE;

/** A new parsed object: see NO_PROTOTYPE. */
export function formObject(): FormObject {
  return new (FormNode as unknown as new () => FormObject)();
}

/**
 * Parses `application/x-www-form-urlencoded` text (or a query string) with bracket nesting
 * (`metadata[order]=42`, `card[number]=4242…`). No object has `Object.prototype` in its chain (formObject), so
 * keys such as `__proto__` or `constructor` are plain data and can never reach a prototype.
 *
 * @example parseForm('amount=2000&metadata[order]=42') // { amount: '2000', metadata: { order: '42' } }
 */
export function parseForm(text: string): FormObject {
  const root = formObject();
  if (text === '') return root;
  const own = text.length > OWN_VALUES_PAST;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1), own);
    assign(root, keyPath(name), value, name);
  }
  return root;
}

/** A query string, parsed like a form; its mistakes are parameter errors, since there is no body. */
export function parseQuery(text: string): FormObject {
  try {
    return parseForm(text);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'body_invalid') throw new ApiError('parameter_invalid', error.message, error.extras);
    throw error;
  }
}

/**
 * A body longer than this has its values copied out of it. V8 makes a piece of 13 characters or more of a string
 * a view into the whole (a sliced string), so a stored description cut from a 26 KB body kept all 26 KB alive for
 * as long as the payment lived (measured: 57 KB a payment instead of 31). A short body costs little to keep and
 * nothing to parse: most creates are shorter than this.
 */
const OWN_VALUES_PAST = 256;

function decode(text: string, own = false): string {
  // Most names and values need no decoding at all; decodeURIComponent makes a new string, not a view.
  if (!text.includes('%') && !text.includes('+')) return own && text.length >= 13 ? decodeURIComponent(text) : text;
  try {
    return decodeURIComponent(text.includes('+') ? text.replace(/\+/g, ' ') : text);
  } catch {
    throw new ApiError('body_invalid', `Malformed percent-encoding in "${text.slice(0, 80)}": encode parameters with encodeURIComponent or URLSearchParams.`);
  }
}

/** `a[b][]` → ['a', 'b', '']: an empty segment appends to an array. */
function keyPath(name: string): string[] {
  const open = name.indexOf('[');
  if (open <= 0) return [name];
  const path = [name.slice(0, open)];
  let rest = name.slice(open);
  while (rest.length > 0) {
    const close = rest.indexOf(']');
    if (rest[0] !== '[' || close === -1)
      throw new ApiError('body_invalid', `Malformed parameter name "${name.slice(0, 80)}": use brackets like metadata[key].`);
    path.push(rest.slice(1, close));
    rest = rest.slice(close + 1);
    if (path.length > MAX_DEPTH) throw new ApiError('body_invalid', `Parameter "${name.slice(0, 80)}" is nested more than ${MAX_DEPTH} levels deep.`);
  }
  return path;
}

function assign(root: FormObject, path: string[], value: string, name: string): void {
  let node: FormObject | FormValue[] = root;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as string;
    const last = i === path.length - 1;
    if (Array.isArray(node)) {
      if (segment !== '' || !last) throw new ApiError('body_invalid', `Unsupported array syntax in "${name.slice(0, 80)}": only name[]=value is accepted.`);
      node.push(value);
      return;
    }
    const existing: FormValue | undefined = Object.prototype.hasOwnProperty.call(node, segment) ? node[segment] : undefined;
    if (last) {
      if (existing !== undefined)
        throw new ApiError('body_invalid', `Parameter "${name.slice(0, 80)}" was given more than once.`, { param: name.slice(0, 80) });
      node[segment] = value;
      return;
    }
    const wantArray = path[i + 1] === '';
    if (existing === undefined) {
      const child: FormObject | FormValue[] = wantArray ? [] : formObject();
      node[segment] = child;
      node = child;
    } else if (typeof existing !== 'string' && Array.isArray(existing) === wantArray) {
      node = existing;
    } else {
      throw new ApiError('body_invalid', `Parameter "${name.slice(0, 80)}" conflicts with another parameter of the same name.`, { param: path[0] ?? name });
    }
  }
}
