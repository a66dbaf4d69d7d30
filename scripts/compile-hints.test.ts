/**
 * V8's compile hint goes on the chunks a page's load runs, and nowhere else (scripts/compile-hints.mjs).
 * scripts/bundle-budget.mjs checks the same on the real build.
 */
import { describe, expect, it } from 'vitest'
import { COMPILE_HINT, LOADED_WITH_PAGE, compileHints, firstLoadChunks, type ChunkNode } from './compile-hints.mjs'

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = [], isEntry = false): ChunkNode => ({ fileName, isEntry, imports, dynamicImports })

/** An entry with a shared static import, a route page with its own, a loader sibling, and a dialog opened from the page. */
const graph = [
  chunk('index.js', ['vue.js'], ['Page.js', 'Editor.js'], true),
  chunk('vue.js'),
  chunk('Page.js', ['vue.js', 'naive.js'], ['Dialog.js', 'catalogue.js']),
  chunk('naive.js'),
  chunk('Editor.js', ['codemirror.js']),
  chunk('codemirror.js'),
  chunk('Dialog.js', ['dialog-lib.js']),
  chunk('dialog-lib.js'),
  chunk('catalogue.js'),
]

describe('firstLoadChunks', () => {
  it('is the entry with its static imports, and the chunks that code imports dynamically with theirs', () => {
    expect([...firstLoadChunks(graph)].sort()).toEqual(['Editor.js', 'Page.js', 'codemirror.js', 'index.js', 'naive.js', 'vue.js'])
  })

  it('leaves out what a page imports on a user action, and that chunk’s static imports', () => {
    const first = firstLoadChunks(graph)
    for (const name of ['Dialog.js', 'dialog-lib.js', 'catalogue.js']) expect(first.has(name)).toBe(false)
  })

  it('counts a chunk a user action shares with the load once, as the load’s', () => {
    const shared = [chunk('index.js', [], ['Page.js'], true), chunk('Page.js', ['util.js'], ['Dialog.js']), chunk('Dialog.js', ['util.js']), chunk('util.js')]
    expect([...firstLoadChunks(shared)].sort()).toEqual(['Page.js', 'index.js', 'util.js'])
  })

  it('adds the modules a page imports as it loads (by source path), with their static imports', () => {
    const withSection = [
      ...graph,
      { ...chunk('Section.js', ['section-data.js']), facadeModuleId: '/repo/src/features/x/Section.vue' },
      chunk('section-data.js'),
      { ...chunk('Other.js'), facadeModuleId: '/repo/src/features/x/Other.vue' },
    ]
    const first = firstLoadChunks(withSection, ['src/features/x/Section.vue'])
    expect(first.has('Section.js')).toBe(true)
    expect(first.has('section-data.js')).toBe(true)
    expect(first.has('Other.js')).toBe(false)
    expect(first.has('Dialog.js')).toBe(false)
  })

  it('lists source paths, as Vite\'s manifest keys them', () => {
    expect(LOADED_WITH_PAGE.length).toBeGreaterThan(0)
    for (const path of LOADED_WITH_PAGE) expect(path).toMatch(/^(src|node_modules)\/[^\\]+\.(vue|ts|mjs)$/)
  })

  it('is empty without an entry', () => {
    expect(firstLoadChunks([chunk('a.js', ['b.js']), chunk('b.js')]).size).toBe(0)
  })
})

describe('compileHints (the Vite plugin)', () => {
  type Output = { type: 'chunk'; code: string } & ChunkNode | { type: 'asset'; fileName: string; source: string | Uint8Array }
  const run = (bundle: Record<string, Output>) => {
    const hook = compileHints().generateBundle as { handler: (options: unknown, bundle: Record<string, Output>) => void }
    hook.handler({}, bundle)
    return bundle
  }
  const code = (node: ChunkNode) => ({ type: 'chunk' as const, code: `export const at = ${JSON.stringify(node.fileName)}\n`, ...node })

  it('puts the hint on the first line of the first-load chunks only, after every other plugin', () => {
    const plugin = compileHints()
    expect(plugin.enforce).toBe('post')
    expect(plugin.apply).toBe('build')
    expect((plugin.generateBundle as { order: string }).order).toBe('post')
    const bundle = run(Object.fromEntries(graph.map((node) => [node.fileName, code(node)])))
    const hinted = Object.values(bundle).filter((o) => o.type === 'chunk' && o.code.startsWith(`${COMPILE_HINT}\n`)).map((o) => (o as ChunkNode).fileName)
    expect(hinted.sort()).toEqual([...firstLoadChunks(graph)].sort())
    expect((bundle['Page.js'] as { code: string }).code).toBe(`${COMPILE_HINT}\nexport const at = "Page.js"\n`)
    expect((bundle['Dialog.js'] as { code: string }).code).toBe('export const at = "Dialog.js"\n')
  })

  it('shifts a hinted chunk’s source map by the added line, as a string or as bytes, and leaves the others’ alone', () => {
    const map = (mappings: string) => JSON.stringify({ version: 3, sources: ['x.ts'], mappings })
    const bundle = run({
      'index.js': code(chunk('index.js', [], ['Page.js'], true)),
      'index.js.map': { type: 'asset', fileName: 'index.js.map', source: map('AAAA;AACA') },
      'Page.js': code(chunk('Page.js', [], ['Dialog.js'])),
      'Page.js.map': { type: 'asset', fileName: 'Page.js.map', source: new TextEncoder().encode(map('AAAA')) },
      'Dialog.js': code(chunk('Dialog.js')),
      'Dialog.js.map': { type: 'asset', fileName: 'Dialog.js.map', source: map('AAAA') },
    })
    const mappings = (name: string) => JSON.parse(String((bundle[name] as { source: string }).source)).mappings
    expect(mappings('index.js.map')).toBe(';AAAA;AACA')
    expect(mappings('Page.js.map')).toBe(';AAAA')
    expect(mappings('Dialog.js.map')).toBe('AAAA')
  })
})
