// V8's explicit compile hint on the chunks a page runs while it loads.
//
// V8 compiles a function lazily, on its first call, on the main thread. A page's load calls most of
// what its chunks hold (Vue's renderer, Naive's components, CodeMirror's view and parser), so that
// compiling happened in the middle of the page's mount turns: on /graphql, V8.CompileCode and
// V8.ParseFunction took 84–154 ms of the main thread per load (Chromium 156, unthrottled trace).
// The magic comment `//# allFunctionsCalledOnLoad` on a file's first line has V8 compile all of the
// file's functions eagerly, on a background thread while the file streams in; Chrome 136+ (see
// https://v8.dev/blog/explicit-compile-hints), other engines read a comment. With it the main
// thread's lazy compiling of those chunks is gone; the cost is background work and bytecode for
// functions the load never calls (JS heap 6.5 → 8.4 MB after /graphql's load).
//
// Only the chunks a page's load runs get the hint: the entry and its static imports; what that code
// imports dynamically (the route pages and the chunks their loaders fetch beside them); and the
// modules in LOADED_WITH_PAGE, which a page imports itself as it loads; each with its static imports.
// Any other dynamic import is a user action's (a dialog, a stream client, another provider's
// catalogue): its code loads when used, and compiling all of it ahead would be mostly waste.
// tests/e2e/compile-hints.spec.ts loads each page and fails when a chunk it fetched lacks the hint.
//
// The hint is added after Vite's last edit of the chunks (it prepends `__vite__mapDeps`), so it is not
// part of a chunk's content hash: the hashed name still changes with every change of the code, and
// scripts/bundle-budget.mjs checks that exactly these chunks start with the hint.

/** The comment, on a chunk's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Modules a page imports dynamically while it loads, before any user action, by source path (as
 * Vite's manifest keys them): the webhook page's later turns (overrides, sequences), the catalogue of
 * its first provider (GitHub) and the service worker's registration (once the first page is in).
 */
export const LOADED_WITH_PAGE = [
  'src/features/webhooks/containers/WebhookOverrides.vue',
  'src/features/webhooks/containers/WebhookSequences.vue',
  'src/features/webhooks/core/catalogue/github-entry.ts',
  'node_modules/workbox-window/build/workbox-window.prod.es5.mjs',
]

/**
 * The chunks a page's load runs, by file name (see the file comment).
 * @param {readonly {fileName: string, isEntry: boolean, imports: readonly string[], dynamicImports: readonly string[], facadeModuleId?: string | null}[]} chunks
 * @param {readonly string[]} [loadedWithPage] - source paths of modules a page imports as it loads. @default LOADED_WITH_PAGE
 * @returns {Set<string>}
 */
export function firstLoadChunks(chunks, loadedWithPage = LOADED_WITH_PAGE) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  /** @param {Iterable<string>} start */
  const staticClosure = (start) => {
    const seen = new Set()
    const queue = [...start]
    while (queue.length) {
      const name = /** @type {string} */ (queue.shift())
      const chunk = byName.get(name)
      if (seen.has(name) || !chunk) continue
      seen.add(name)
      queue.push(...chunk.imports)
    }
    return seen
  }
  const initial = staticClosure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName))
  const routes = [...initial].flatMap((name) => byName.get(name)?.dynamicImports ?? [])
  const withPage = chunks
    .filter((chunk) => {
      const id = chunk.facadeModuleId?.replaceAll('\\', '/')
      return id !== undefined && id !== null && loadedWithPage.some((path) => id.endsWith(`/${path}`))
    })
    .map((chunk) => chunk.fileName)
  return new Set([...initial, ...staticClosure([...routes, ...withPage])])
}

/**
 * Puts {@link COMPILE_HINT} on the first line of each of the {@link firstLoadChunks}, and shifts a
 * chunk's source map by that line.
 * @returns {import('vite').Plugin}
 */
export function compileHints() {
  return {
    name: 'awb-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []))
        for (const name of firstLoadChunks(chunks)) {
          const chunk = bundle[name]
          if (chunk?.type !== 'chunk') continue
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
          const map = bundle[`${name}.map`]
          if (map?.type === 'asset') {
            const json = JSON.parse(typeof map.source === 'string' ? map.source : new TextDecoder().decode(map.source))
            json.mappings = `;${json.mappings}`
            map.source = JSON.stringify(json)
          }
        }
      },
    },
  }
}
