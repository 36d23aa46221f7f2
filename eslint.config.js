// ESLint (flat config): the recommended rules of ESLint and typescript-eslint for src/, test/ and the scripts.
// `npm run lint` runs it; `npm test` runs it before Jest.
const js = require('@eslint/js');
const globals = require('globals');
const tseslint = require('typescript-eslint');
const { defineConfig } = require('eslint/config');

module.exports = defineConfig(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'bench/results/', '.cache/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      // Unused names are mistakes, except those deliberately ignored with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A `let` read by a closure before its one assignment (a server set once it listens) cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Node's own modules may be required where they are first needed (crypto, https): boot stays fast.
      '@typescript-eslint/no-require-imports': ['error', { allow: ['^node:'] }],
    },
  },
  {
    // Plain Node scripts (CommonJS): the CLI shim, build scripts, benchmarks, configs.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // ES module files: payments-mock/vitest's import entry and the runners' fixture projects (node --test).
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
  {
    // The page script of the browser test of payments-mock/msw.
    files: ['test/runners/msw-browser/**/*.js'],
    languageOptions: { sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    // The dashboard's page: browser ES modules, bundled by esbuild at build time.
    files: ['src/dashboard/ui/**/*.js'],
    languageOptions: { sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    // The checkout example's page script: a classic browser script that payments.js (window.Payments) precedes.
    files: ['examples/checkout/shop.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, Payments: 'readonly' } },
  },
  {
    // Jest files in plain JavaScript (the parallel-workers project runs the built package as users do).
    files: ['test/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // Tests read loose JSON answers and load built files on purpose.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
