/**
 * A setup file of the `msw` Jest project (jest.config.js). Node 25 and newer have a global `localStorage` that warns
 * ("localStorage is not available because --localstorage-file was not provided") when it is read without that
 * flag, and MSW 2 reads it when it loads (its cookie store). Jest's environment hands the sandbox Node's getter, so
 * the warning would print on every run on Node 26. Without the global, MSW sees what it sees on Node 24 and in
 * any test that does not run in a browser: no web storage.
 */
for (const name of ['localStorage', 'sessionStorage']) {
  if (Object.getOwnPropertyDescriptor(globalThis, name)?.configurable) delete (globalThis as Record<string, unknown>)[name];
}
