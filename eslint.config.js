// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import pluginVueA11y from 'eslint-plugin-vuejs-accessibility'
import globals from 'globals'
import pluginRegexp from 'eslint-plugin-regexp'
import { fileURLToPath } from 'node:url'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

/**
 * Globals that a `core/` folder (`src/shared/core/`, `src/features/<tool>/core/`) may not touch: it
 * is framework-free TypeScript that runs anywhere (browser, worker, node tests), so the page,
 * storage and navigator come in as parameters. Standard web APIs (fetch, URL, crypto, TextEncoder,
 * performance, AbortController) stay allowed.
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
].map((name) => ({ name, message: `core/ is framework-free: pass ${name}-derived values in as parameters.` }))

/** The tools, each a folder under src/features/ with a public index.ts. */
const features = ['graphql', 'webhooks', 'rate-limits']

/**
 * `no-restricted-imports` patterns per kind of folder. Flat config replaces a rule's options rather
 * than merging them, so each file gets exactly one list: the blocks below go from the general
 * (a feature, src/shared) to the specific (its core/, components/, stores/), each list complete.
 */
const restrict = {
  tests: { regex: '(^|/)tests/', message: 'tests/ holds e2e, visual and support only: move what you need into src/ or demo/.' },
  demo: { regex: '(^|/)demo/', message: 'src/ never imports demo/: the demo servers reach the app through Vite define (__AWB_DEMO__).' },
  shared: { regex: '(^|/)(features|app)/', message: 'src/shared never imports a feature or the app shell.' },
  core: [
    { group: ['vue', 'vue/*', '@vue/*', 'pinia', 'vue-router', 'naive-ui', '@vueuse/*'], message: 'core/ is framework-free.' },
    { regex: '(^|/)(components|stores|containers|ui|composables|app)(/|$)|\\.vue$', message: 'core/ may not depend on the app, its components or stores.' },
    { group: ['node:*'], message: 'core/ runs in the browser: standard web APIs only.' },
  ],
  presentational: [
    { group: ['pinia', 'vue-router', '@pinia/*'], message: 'Components are presentational: no stores or router; take props, emit events.' },
    { regex: '(^|/)(stores|containers)(/|$)', message: 'Components are presentational: no stores; take props, emit events.' },
  ],
  store: [{ regex: '(^|/)(components|containers|ui)/|\\.vue$', message: 'Stores never import components: views pass store state into them.' }],
  /** io/: workers, fetch and stream runners — framework-free, below the stores (they call it, never the reverse). */
  io: [
    { group: ['vue', 'vue/*', '@vue/*', 'pinia', 'vue-router', 'naive-ui', '@vueuse/*'], message: 'io/ is framework-free: stores call it and hold the state.' },
    { regex: '(^|/)(components|stores|containers|ui|composables|app)(/|$)|\\.vue$', message: 'io/ may not depend on the app, its components or stores.' },
    { group: ['node:*'], message: 'io/ runs in the browser and its workers: standard web APIs only.' },
  ],
  /** Another feature's folder: only its public index.ts (`@/features/<name>`) may be imported. */
  otherFeatures: (own) =>
    features
      .filter((name) => name !== own)
      .map((name) => ({
        regex: `^(@/features/|(\\.\\./)+(features/)?)${name}/.`,
        message: `Import the ${name} feature through its public index ('@/features/${name}'), not its internals.`,
      })),
}
const nodeModules = ['fs', 'path', 'http', 'https', 'net', 'child_process', 'crypto', 'os'].map((name) => ({
  name,
  message: 'core/ runs in the browser: standard web APIs only.',
}))
const testFiles = ['**/*.test.ts', '**/*.bench.ts', '**/*.stories.ts']
const importBlock = (files, patterns, extra = {}) => ({
  files,
  ignores: testFiles,
  rules: { 'no-restricted-imports': ['error', { patterns, ...extra }] },
})

export default tseslint.config(
  { ignores: ['peers-bench/', 'dist/', 'dist-lane*/', 'storybook-static/', 'storybook-static-lane*/', 'test-results/', 'test-results-lane*/', 'playwright-report/', 'node_modules/', 'public/', '!.storybook'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  ...pluginVueA11y.configs['flat/recommended'],
  // Regexes run on hostile input (server headers, pasted text): quadratic backtracking froze the tab.
  // scripts/ only reads our own build and test output.
  { ...pluginRegexp.configs['flat/recommended'], files: ['src/**', 'demo/**', 'tests/**'] },
  {
    files: ['src/**', 'demo/**', 'tests/**'],
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  // fast-check's stringMatching refuses the i flag that this rule would add.
  { files: testFiles, rules: { 'regexp/use-ignore-case': 'off' } },
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
  // Import boundaries, general to specific (proven to fire by eslint.config.test.ts).
  importBlock(['src/**/*.{ts,vue}'], [restrict.tests, restrict.demo]),
  importBlock(['src/shared/**/*.{ts,vue}'], [restrict.shared, restrict.tests, restrict.demo]),
  importBlock(['src/shared/ui/**/*.{ts,vue}'], [...restrict.presentational, restrict.shared, restrict.tests, restrict.demo]),
  importBlock(['src/shared/core/**/*.ts'], [...restrict.core, restrict.shared, restrict.tests, restrict.demo], { paths: nodeModules }),
  importBlock(['src/shared/io/**/*.ts'], [...restrict.io, restrict.shared, restrict.tests, restrict.demo], { paths: nodeModules }),
  ...features.flatMap((feature) => {
    const own = [...restrict.otherFeatures(feature), restrict.tests, restrict.demo]
    const root = `src/features/${feature}`
    return [
      importBlock([`${root}/**/*.{ts,vue}`], own),
      importBlock([`${root}/components/**/*.{ts,vue}`], [...restrict.presentational, ...own]),
      importBlock([`${root}/stores/**/*.ts`], [...restrict.store, ...own]),
      importBlock([`${root}/core/**/*.ts`], [...restrict.core, ...own], { paths: nodeModules }),
      importBlock([`${root}/io/**/*.ts`], [...restrict.io, ...own], { paths: nodeModules }),
    ]
  }),
  importBlock(['scripts/**', '.storybook/**', '*.config.ts', '*.config.js', 'demo/**'], [restrict.tests]),
  {
    // No import cycles in the app or the demo servers: a cycle between two modules (two stores
    // calling each other's actions) hides which one owns the state, and its evaluation order
    // decides whether an import is still undefined. Type-only imports do not count.
    files: ['src/**/*.{ts,vue}', 'demo/**/*.ts'],
    plugins: { 'import-x': importX },
    // The rule parses each imported module with this file's parser options: .vue modules need
    // TypeScript inside their <script setup>, whichever kind of file imports them.
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ alias: { '@': [fileURLToPath(new URL('./src', import.meta.url))] }, extensions: ['.ts', '.vue', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.vue', '.js', '.mjs'],
      'import-x/parsers': { 'vue-eslint-parser': ['.vue'], '@typescript-eslint/parser': ['.ts'] },
      // Each module is parsed once per run (an entry is still re-read when its file's mtime changes).
      'import-x/cache': { lifetime: Infinity },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }] },
  },
  {
    // Presentational components and the design system do not fetch: the store sends.
    files: ['src/**/components/**/*.{ts,vue}', 'src/shared/ui/**/*.{ts,vue}'],
    ignores: testFiles,
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
          name,
          message: 'Components are presentational: no network; the store sends and passes the result in as props.',
        })),
      ],
    },
  },
  {
    // A lazy component that cannot be downloaded says so and offers Try again (defineLazyComponent);
    // Vue's own wrapper rendered nothing, without a word.
    files: ['src/**/*.{ts,vue}'],
    ignores: ['src/shared/ui/define-lazy-component.ts', ...testFiles],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='vue'] > ImportSpecifier[imported.name='defineAsyncComponent']",
          message: 'Use defineLazyComponent (src/shared/ui/define-lazy-component.ts): it shows and announces a failed download, with Try again.',
        },
      ],
    },
  },
  {
    // The environment boundary of every core/ folder (as vuejs/core does per package).
    files: ['src/**/core/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/**/*.bench.ts'],
    languageOptions: { globals: { ...globals.es2023, ...globals.worker } },
    rules: {
      'no-restricted-globals': ['error', ...browserOnlyGlobals],
      // Header and shell validation must match control characters on purpose.
      'no-control-regex': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use crypto.getRandomValues (or an injected random source).' },
      ],
    },
  },
  {
    files: ['src/**/core/**/*.test.ts', 'src/**/core/**/*.bench.ts', 'src/shared/testing/**', 'src/app/testing/**', 'demo/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-control-regex': 'off' },
  },
)
