// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import pluginVueA11y from 'eslint-plugin-vuejs-accessibility'
import globals from 'globals'

/**
 * Globals that `src/core/` may not touch: it is framework-free TypeScript that runs anywhere
 * (browser, worker, node tests), so the page, storage and navigator come in as parameters.
 * Standard web APIs (fetch, URL, crypto, TextEncoder, performance, AbortController) stay allowed.
 */
const browserOnlyGlobals = [
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'alert',
  'confirm',
  'prompt',
  'matchMedia',
  'getComputedStyle',
  'requestAnimationFrame',
].map((name) => ({ name, message: `src/core is framework-free: pass ${name}-derived values in as parameters.` }))

export default tseslint.config(
  { ignores: ['dist/', 'dist-lane*/', 'storybook-static/', 'storybook-static-lane*/', 'test-results/', 'test-results-lane*/', 'playwright-report/', 'node_modules/', 'public/', '!.storybook'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  ...pluginVueA11y.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'vue/multi-word-component-names': 'off',
      // A label wrapping its input is associated (HTML); an id is not also needed.
      'vuejs-accessibility/label-has-for': ['error', { required: { some: ['nesting', 'id'] } }],
      // Response and payload data must never be rendered as HTML.
      'vue/no-v-html': 'error',
      // Formatting is not lint's business here; these fight readable templates.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      'vue/html-indent': 'off',
    },
  },
  {
    files: ['scripts/**', 'tests/**', '*.config.ts', '*.config.js', '.storybook/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The environment boundary of src/core (as vuejs/core does per package).
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts', 'src/core/**/*.bench.ts'],
    languageOptions: { globals: { ...globals.es2023, ...globals.worker } },
    rules: {
      'no-restricted-globals': ['error', ...browserOnlyGlobals],
      // Header and shell validation must match control characters on purpose.
      'no-control-regex': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use crypto.getRandomValues (or an injected random source).' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['vue', 'vue/*', '@vue/*', 'pinia', 'vue-router', 'naive-ui', '@vueuse/*'], message: 'src/core is framework-free.' },
            { group: ['@/components/*', '@/stores/*', '@/views/*', '@/composables/*', '@/theme/*', '../../components/*'], message: 'src/core may not depend on the app.' },
            { group: ['node:*'], message: 'src/core runs in the browser: standard web APIs only.' },
          ],
          paths: ['fs', 'path', 'http', 'https', 'net', 'child_process', 'crypto', 'os'].map((name) => ({
            name,
            message: 'src/core runs in the browser: standard web APIs only.',
          })),
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.test.ts', 'src/core/**/*.bench.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-control-regex': 'off' },
  },
)
