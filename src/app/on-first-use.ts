/**
 * The parts of the mock a start does not run, loaded when first asked for: flows and triggers, the review. Loading
 * them at start cost every start their code and data for nothing (docs/performance.md, "Boot"). `require`, not
 * `import()`: the Playwright runner's TypeScript loader does not transform an import() of a .ts file.
 * @example flows().runFlow(ctx, dispatch, document, env)
 */
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use (above) */
export const flows = (): typeof import('../triggers') => require('../triggers') as typeof import('../triggers');
export const reviews = (): typeof import('../review') => require('../review') as typeof import('../review');
