import { referencesIn, stringsIn } from './references';

/**
 * A flow document with `env` filled from an environment: every `${env:NAME}` its steps use, whose value the
 * environment has (a name it lacks is left out, so validation names it with its JSON pointer). Values already in
 * the document's `env` win. The CLI and the Jest helper use it to send a flow to a mock that never reads its own
 * environment.
 * @example withEnv({ steps: [{ method: 'GET', path: '/v1/customers/${env:CUSTOMER}' }] }, process.env)
 */
export function withEnv<T>(document: T, environment: Record<string, string | undefined>): T {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) return document;
  const given = (document as { env?: unknown }).env;
  const env: Record<string, string> = {};
  for (const { text } of stringsIn((document as { steps?: unknown }).steps, '/steps')) {
    for (const reference of referencesIn(text).references) {
      const value = environment[reference.path];
      if (reference.name === 'env' && value !== undefined) env[reference.path] = value;
    }
  }
  if (Object.keys(env).length === 0) return document;
  return { ...document, env: { ...env, ...(given !== null && typeof given === 'object' ? given : {}) } };
}
