/**
 * Where a copy of payments.js was loaded from, less its own path: the mock's address (also under a mount path).
 * Undefined when the script was not served by the mock (bundled from the npm package): then `apiBase` is needed.
 * @example scriptBase('http://127.0.0.1:4010/js/v1/payments.js', '/js/v1/payments.js') // 'http://127.0.0.1:4010'
 */
export function scriptBase(src: string | undefined, ownPath: string): string | undefined {
  if (!src) return undefined;
  try {
    const url = new URL(src);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.endsWith(ownPath))
      return `${url.origin}${url.pathname.slice(0, -ownPath.length)}`;
  } catch {
    // Not a URL: no default.
  }
  return undefined;
}
