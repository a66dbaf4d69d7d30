import { ESLint } from 'eslint'
import { importX } from 'eslint-plugin-import-x'
import { beforeAll, describe, expect, test } from 'vitest'

/**
 * Every folder boundary of the project is enforced by lint (eslint.config.js); these tests prove
 * that each rule fires where it should and stays quiet where the import is allowed.
 */
const eslint = new ESLint()
/**
 * The project's config without import-x/no-cycle, for every test but the cycle ones: the rule
 * parses the whole import graph behind each probe's import, which makes a boundary test take
 * seconds instead of milliseconds.
 */
const eslintWithoutCycles = new ESLint({ overrideConfig: { plugins: { 'import-x': importX }, rules: { 'import-x/no-cycle': 'off' } } })
async function ruleIds(filePath: string, code: string, linter: ESLint = eslintWithoutCycles): Promise<(string | null)[]> {
  const [result] = await linter.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => m.ruleId)
}
const importing = (specifier: string) => `import * as probe from '${specifier}'\nexport const p = probe\n`

// The first lint loads the config and every plugin (seconds on a busy machine): do it once, up front,
// so no single test pays for it against its timeout.
beforeAll(async () => {
  await ruleIds('src/shared/core/warm-up.ts', 'export const x = 1\n')
}, 60_000)

describe('core/ folders are framework-free', () => {
  const cores = ['src/shared/core/probe.ts', 'src/features/graphql/core/probe.ts', 'src/features/rate-limits/core/x/probe.ts']

  test.each(cores)('%s: no Vue, app, store, component or node imports', async (file) => {
    for (const specifier of ['vue', 'pinia', 'naive-ui', '@vueuse/core', '@/app/theme/theme-store', '../stores/graphql', '../components/JsonTree.vue', 'node:fs', 'fs']) {
      expect(await ruleIds(file, importing(specifier)), specifier).toContain('no-restricted-imports')
    }
  })

  test.each(cores)('%s: no DOM globals or Math.random', async (file) => {
    expect(await ruleIds(file, `export const w = window.innerWidth\n`)).toContain('no-restricted-globals')
    expect(await ruleIds(file, `export const l = localStorage.length\n`)).toContain('no-restricted-globals')
    expect(await ruleIds(file, `export const r = Math.random()\n`)).toContain('no-restricted-properties')
  })

  test('standard web APIs are allowed', async () => {
    const code = `export const u = new URL('https://example.com')\nexport const b = new TextEncoder().encode('x')\nexport const c = crypto.getRandomValues(new Uint8Array(4))\nexport const f = fetch\n`
    expect(await ruleIds('src/features/webhooks/core/probe.ts', code)).toEqual([])
  })

  test('tests beside core code may use node', async () => {
    expect(await ruleIds('src/shared/core/probe.test.ts', importing('node:child_process'))).toEqual([])
  })
})

describe('components and the design system are presentational', () => {
  const files = ['src/features/graphql/components/Probe.vue', 'src/shared/ui/Probe.ts', 'src/features/webhooks/components/sub/probe.ts']

  test.each(files)('%s: no stores, router or containers', async (file) => {
    const code = (s: string) => (file.endsWith('.vue') ? `<script setup lang="ts">\n${importing(s)}</script>\n<template><p>x</p></template>\n` : importing(s))
    for (const specifier of ['pinia', 'vue-router', '../stores/graphql', '@/features/graphql/stores/graphql-schema', '../containers/RequestForm.vue']) {
      expect(await ruleIds(file, code(specifier)), specifier).toContain('no-restricted-imports')
    }
  })

  test.each(files.filter((f) => f.endsWith('.ts')))('%s: no fetch', async (file) => {
    expect(await ruleIds(file, `export const get = () => fetch('/x')\n`)).toContain('no-restricted-globals')
    expect(await ruleIds(file, `export const ws = () => new WebSocket('ws://x')\n`)).toContain('no-restricted-globals')
  })

  test('stories beside components may use anything a story needs', async () => {
    expect(await ruleIds('src/features/graphql/components/Probe.stories.ts', importing('pinia'))).toEqual([])
  })
})

describe('stores never import components', () => {
  test.each(['../components/HistoryList.vue', '@/shared/ui/CopyButton.vue', '../containers/RequestForm.vue'])('%s', async (specifier) => {
    expect(await ruleIds('src/features/graphql/stores/probe.ts', importing(specifier))).toContain('no-restricted-imports')
  })

  test('stores may use core and other stores', async () => {
    expect(await ruleIds('src/features/graphql/stores/probe.ts', importing('../core/request'))).toEqual([])
    expect(await ruleIds('src/features/graphql/stores/probe.ts', importing('./graphql-schema'))).toEqual([])
  })
})

describe('io/ (workers, fetch, stream runners) is framework-free and below the stores', () => {
  test.each(['vue', 'pinia', '../stores/graphql-stream', '../components/StreamView.vue', '@/shared/composables/useAnnouncer', 'node:fs'])('%s', async (specifier) => {
    expect(await ruleIds('src/features/graphql/io/probe.ts', importing(specifier))).toContain('no-restricted-imports')
  })

  test('io/ may use core and shared core', async () => {
    expect(await ruleIds('src/features/graphql/io/probe.ts', importing('@/features/graphql/core/stream'))).toEqual([])
    expect(await ruleIds('src/features/graphql/io/probe.ts', importing('@/shared/core/http/address-space'))).toEqual([])
    expect(await ruleIds('src/features/graphql/io/probe.ts', importing('@/shared/io/json-parse'))).toEqual([])
  })

  test.each(['vue', '@/shared/composables/useAnnouncer', '@/features/graphql/io/graphql-send', 'node:fs'])('src/shared/io/ ✗ %s', async (specifier) => {
    expect(await ruleIds('src/shared/io/probe.ts', importing(specifier))).toContain('no-restricted-imports')
  })
})

describe('src/shared never imports a feature or the shell', () => {
  // Test helpers too: a cross-feature harness lives in src/app/testing/.
  test.each(['src/shared/composables/probe.ts', 'src/shared/ui/Probe.ts', 'src/shared/core/json/probe.ts', 'src/shared/testing/probe.ts'])('%s', async (file) => {
    expect(await ruleIds(file, importing('@/features/graphql'))).toContain('no-restricted-imports')
    expect(await ruleIds(file, importing('../../features/webhooks/core'))).toContain('no-restricted-imports')
    expect(await ruleIds(file, importing('@/app/router'))).toContain('no-restricted-imports')
  })
})

describe('a feature uses another only through its index.ts', () => {
  test.each([
    ['src/features/graphql/components/Probe.ts', '@/features/rate-limits/core'],
    ['src/features/graphql/components/Probe.ts', '@/features/rate-limits/components/RateLimitCard.vue'],
    ['src/features/graphql/stores/probe.ts', '../../webhooks/core/index'],
    ['src/features/webhooks/GraphPage.ts', '../graphql/core/request'],
    ['src/features/rate-limits/core/probe.ts', '../../graphql/core/request'],
  ])('%s ✗ %s', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toContain('no-restricted-imports')
  })

  test.each([
    ['src/features/graphql/components/Probe.ts', '@/features/rate-limits'],
    ['src/features/graphql/components/Probe.ts', '../core/request'],
    ['src/features/webhooks/stores/probe.ts', '../core'],
  ])('%s ✓ %s', async (file, specifier) => {
    expect(await ruleIds(file, importing(specifier))).toEqual([])
  })
})

describe('nothing the app runs imports tests/ (or, in src/, demo/)', () => {
  test.each(['src/app/probe.ts', 'src/features/graphql/probe.ts', 'scripts/probe.ts', '.storybook/probe.ts', 'vite.config.ts', 'demo/probe.ts'])('%s ✗ tests/', async (file) => {
    expect(await ruleIds(file, importing('../tests/support/axe'))).toContain('no-restricted-imports')
  })

  test('src/ ✗ demo/, while configs ✓ demo/', async () => {
    expect(await ruleIds('src/features/webhooks/WebhooksPage.ts', importing('../../../demo/webhook-secrets'))).toContain('no-restricted-imports')
    expect(await ruleIds('vite.config.ts', importing('./demo/config/lanes.ts'))).toEqual([])
  })
})

describe('regexes stay linear on hostile input (eslint-plugin-regexp)', () => {
  test.each([
    ['no-super-linear-backtracking', String.raw`export const shopify = /^\s*([^/]*?)\s*\/\s*([^/]*?)\s*$/`],
    ['no-super-linear-move', String.raw`export const trim = (v: string) => v.replace(/^[ \t]+|[ \t]+$/g, '')`],
    ['no-super-linear-move', String.raw`export const trimEnd = (v: string) => v.replace(/\s+$/, '')`],
  ])('regexp/%s fires in core/', async (rule, code) => {
    expect(await ruleIds('src/features/rate-limits/core/probe.ts', `${code}\n`)).toContain(`regexp/${rule}`)
  })
})

describe('lazy components say when their code cannot be downloaded', () => {
  const code = `import { defineAsyncComponent } from 'vue'\nexport const C = defineAsyncComponent(() => import('./C.vue'))\n`
  test.each(['src/features/graphql/containers/Probe.vue', 'src/app/probe.ts', 'src/features/webhooks/WebhooksPage.ts'])('%s ✗ defineAsyncComponent', async (file) => {
    expect(await ruleIds(file, file.endsWith('.vue') ? `<script setup lang="ts">\n${code}</script>\n` : code)).toContain('no-restricted-syntax')
  })

  test('define-lazy-component.ts ✓ defineAsyncComponent, and other imports from vue ✓', async () => {
    expect(await ruleIds('src/shared/ui/define-lazy-component.ts', code)).toEqual([])
    expect(await ruleIds('src/app/probe.ts', `import { defineComponent } from 'vue'\nexport const C = defineComponent({})\n`)).toEqual([])
  })
})

describe('no import cycles (import-x/no-cycle)', () => {
  const overrides = 'src/features/webhooks/stores/webhooks-overrides.ts'
  const ruleIdsWithCycles = (filePath: string, code: string) => ruleIds(filePath, code, eslint)
  // The import graph the rule reads is parsed on first use: load the webhook feature's once, up front.
  beforeAll(async () => {
    await ruleIdsWithCycles('src/app/warm-up.ts', `import '@/features/webhooks'\nimport '@/features/webhooks/WebhooksPage.vue'\n`)
  }, 120_000)
  const storeImport = `import { useWebhookStore } from './webhooks'\nexport const regenerate = () => useWebhookStore().regenerate()\n`

  test('a store that calls back the store importing it is a cycle (the overrides store once did)', async () => {
    expect(await ruleIdsWithCycles(overrides, storeImport)).toContain('import-x/no-cycle')
  })

  test('through the @/ alias, and through a .vue file', async () => {
    expect(await ruleIdsWithCycles(overrides, storeImport.replace("'./webhooks'", "'@/features/webhooks/stores/webhooks'"))).toContain('import-x/no-cycle')
    // The page imports the webhook store, which imports the overrides store.
    expect(await ruleIdsWithCycles(overrides, importing('@/features/webhooks/WebhooksPage.vue'))).toContain('import-x/no-cycle')
  })

  test('type-only imports and the real overrides store are no cycle', async () => {
    expect(await ruleIdsWithCycles(overrides, `import type { useWebhookStore } from './webhooks'\nexport type S = ReturnType<typeof useWebhookStore>\n`)).toEqual([])
    const { readFileSync } = await import('node:fs')
    expect(await ruleIdsWithCycles(overrides, readFileSync(overrides, 'utf8'))).toEqual([])
  })
})
