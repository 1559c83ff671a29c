// The linter's configuration (scripts/check-js runs it): ESLint's recommended rules and a few
// more, over the page (www/), the tests and the build scripts.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['dist/', 'target/', 'node_modules/', 'test-results/', 'playwright-report/', 'fuzz/'] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      eqeqeq: ['error', 'smart'],
      'no-var': 'error',
      'prefer-const': 'error',
      'no-shadow': 'error',
      'no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'object-shorthand': 'error',
    },
  },
  { files: ['www/**/*.js'], languageOptions: { globals: globals.browser } },
  { files: ['www/sw.js'], languageOptions: { globals: globals.serviceworker } },
  // The service worker's push part: classic scripts it loads (importScripts), sharing one scope.
  { files: ['www/push/notice-words.js'], languageOptions: { sourceType: 'script', globals: globals.serviceworker } },
  {
    files: ['www/push/sw-push.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker, noticeText: 'readonly', noticeLanguage: 'readonly' } },
  },
  { files: ['www/computer/ai-worker.js'], languageOptions: { globals: globals.worker } },
  // Playwright specs and the load benchmark run in Node and hand functions to the page
  // (page.evaluate).
  {
    files: ['tests/**/*.js', 'playwright.config.js', 'scripts/bench-*.js', 'scripts/lighthouse.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.browser } },
  },
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  // A classic script whose one function single-file.mjs calls from the text it appends.
  {
    files: ['scripts/postbuild/single-file-runtime.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, ...globals.worker } },
    rules: { 'no-unused-vars': ['error', { varsIgnorePattern: '^jungleFiles$' }] },
  },
];
