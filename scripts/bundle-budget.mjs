#!/usr/bin/env node
// Deterministic bundle budget, read from the build output (dist/): the initial load of `/` is
// index.html plus every JS and CSS file it requests before any route chunk — its own <script>
// and <link> tags and the static imports of the entry, followed transitively — gzipped at level 9.
// Fails over the budget; prints each route chunk's own size.
//
// Then, per route, what navigating there downloads before any user action: the route chunk and its
// static imports, followed transitively through Vite's manifest (build-report/<dist>/manifest.json), beyond the
// initial load; and what it could still load later (its dynamic imports). What each chunk bundles
// comes from build-report/<dist>/chunk-packages.json (vite.config.ts writes it). Fails when a route downloads a
// package it must not: the webhook and rate-limit pages never load the GraphQL editor tooling
// (the webhook page's editor chunk carried cm6-graphql, 180 KB gzip instead of ~138 KB).
// Fails, too, unless exactly the JS files of the initial load, of the routes' loads and of the modules
// pages load themselves (LOADED_WITH_PAGE) start with V8's compile hint: scripts/compile-hints.mjs adds
// it, and a plugin that writes after it could push it off the first line.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildReportDir } from './build-report.mjs'
import { COMPILE_HINT, LOADED_WITH_PAGE } from './compile-hints.mjs'

export const BUDGET_KB = 150
const lane = Number.parseInt(process.env.AWB_LANE ?? '0', 10) || 0
const dist = process.argv[2] ?? (lane ? `dist-lane${lane}` : 'dist')
const gz = (buf) => gzipSync(buf, { level: 9 }).length
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7) + ' KB'

const html = readFileSync(join(dist, 'index.html'))
const htmlText = html.toString('utf8')
const refs = [...htmlText.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1])

// Static imports only (`import … from "./x.js"` and bare `import "./x.js"`); dynamic import() is a
// route chunk and is what the budget leaves out.
const staticImports = (code) =>
  [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1])

const initial = new Set()
const queue = [...refs]
while (queue.length) {
  const file = queue.shift()
  if (initial.has(file)) continue
  initial.add(file)
  if (file.endsWith('.js')) {
    const code = readFileSync(join(dist, file), 'utf8')
    for (const dep of staticImports(code)) queue.push(join('assets', dep))
  }
}

let total = gz(html)
console.log(`Initial load of /  (gzip -9)\n${kb(gz(html))}  index.html`)
for (const file of [...initial].sort()) {
  const size = gz(readFileSync(join(dist, file)))
  total += size
  console.log(`${kb(size)}  ${file}`)
}
console.log(`${kb(total)}  total (budget ${BUDGET_KB} KB)`)

console.log('\nRoute chunks (loaded on navigation, gzip -9)')
const assets = readdirSync(join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f) && !initial.has(join('assets', f)))
for (const file of assets.sort()) console.log(`${kb(gz(readFileSync(join(dist, 'assets', file))))}  assets/${file}`)

/** Packages a route must not download before a user action, by the route component's source path. */
export const FORBIDDEN = {
  'src/features/webhooks/WebhooksPage.vue': ['cm6-graphql', 'graphql-language-service'],
  'src/features/rate-limits/RateLimitsPage.vue': ['cm6-graphql', 'graphql-language-service'],
  // The WebSocket subscription client loads when a stream starts.
  'src/features/graphql/GraphQLPage.vue': ['graphql-ws'],
}
/**
 * Per-route budgets: what navigating to a route downloads beyond the initial load, in KB
 * gzip -9, set at the size of 2026-11-24 (subscriptions included) + 10 %, at least 1 KB. A route over
 * its budget fails the build check: move the new weight behind a user action or raise the budget on
 * purpose, in review.
 */
export const ROUTE_BUDGETS_KB = {
  // Raised on purpose by the toolbar, tab and row actions' icons (Lucide path data, AppIcon, ActionButton): +1.8 KB here, +1.2 KB on /rate-limits.
  // Raised on purpose by collections: the view's toolbar button and icon, and the collections store (on the page so
  // Save tab and the schema guard work before the view is opened); the rest of collections loads on first use.
  // Raised on purpose by the response tree's first view from the send worker (viewFor) and its deferred rows: +0.2 KB.
  'src/features/graphql/GraphQLPage.vue': 392, // 352.4 KB; 391.1 KB
  // Raised on purpose by the event picker's search in the other providers (searchOtherProviders, the catalogue
  // store's loadAll, the popup's note and status): 236.4 -> 237.3 KB; the other catalogues load on the first no-match.
  'src/features/webhooks/WebhooksPage.vue': 238, // 215.1 KB; 237.3 KB
  // Raised on purpose: the shared workbench frame (splitter, F6 regions, shortcuts dialog) is now on every tool page.
  // Raised on purpose again: the linter, which runs on the page for small pastes, checks a 429's problem details.
  'src/features/rate-limits/RateLimitsPage.vue': 74, // 58.5 KB; 64.6 KB with the frame; 71.2 KB with icons; 72.6 KB; 73.2 KB with the virtual list's scrollToFn (virtual-list-scroll.ts)
  'src/app/shell/UpdatePrompt.vue': 7.3, // 6.6 KB
  'src/app/pages/HomePage.vue': 1.8, // 0.8 KB
  'src/app/pages/NotFoundPage.vue': 1.6, // 0.6 KB
}
/**
 * Chunks a route's loader fetches alongside the page's own (`load-page.ts` in each feature), by the
 * component they are named after: they are evaluated in a task of their own but
 * downloaded with the route, so they count in its weight, its budget and its forbidden packages.
 * By chunk name, as the manifest keys a module that is also imported statically elsewhere (the SDL
 * editor uses GraphQLEditor) by its hashed chunk, not its source path.
 */
export const FETCHED_WITH_ROUTE = {
  'src/features/graphql/GraphQLPage.vue': ['GraphQLEditor', 'VariablesEditor'],
  'src/features/webhooks/WebhooksPage.vue': ['WebhookBodyViews'],
}
const failures = []
// Outside the deployed folder (vite.config.ts moves it there): a host has no reason to publish it.
const manifestPath = join(buildReportDir(dist), 'manifest.json')
const packagesPath = join(buildReportDir(dist), 'chunk-packages.json')
if (!existsSync(manifestPath) || !existsSync(packagesPath)) {
  failures.push(`No ${manifestPath} or ${packagesPath}: build with vite.config.ts (build.manifest and the awb-chunk-packages plugin).`)
} else {
  /** @type {Record<string, {file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  /** @type {Record<string, {packages: string[]}>} */
  const packagesOf = JSON.parse(readFileSync(packagesPath, 'utf8'))
  const gzOf = new Map()
  const size = (file) => {
    if (!gzOf.has(file)) gzOf.set(file, gz(readFileSync(join(dist, file))))
    return gzOf.get(file)
  }
  /** Manifest keys reached from `keys` through static imports. */
  const staticClosure = (keys) => {
    const seen = new Set()
    const queue = [...keys]
    while (queue.length) {
      const key = queue.shift()
      if (seen.has(key) || !manifest[key]) continue
      seen.add(key)
      queue.push(...(manifest[key].imports ?? []))
    }
    return seen
  }
  const filesOf = (keys) => new Set([...keys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]))
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const initialKeys = staticClosure([entry])
  const initialFiles = filesOf(initialKeys)
  // The routes: the dynamic imports of the initial load (the router's lazy route components).
  const dynamicOfInitial = [...new Set([...initialKeys].flatMap((key) => manifest[key].dynamicImports ?? []))]
  /** The initial load's dynamic import of the chunk named `name` (e.g. assets/GraphQLEditor-<hash>.js). */
  const chunkNamed = (name) => dynamicOfInitial.find((key) => manifest[key]?.file.startsWith(`assets/${name}-`))
  const fetchedWithRoute = Object.fromEntries(
    Object.entries(FETCHED_WITH_ROUTE).map(([route, names]) => [route, names.map((name) => {
      const key = chunkNamed(name)
      if (!key) failures.push(`No chunk ${name} is loaded by the initial load's code: update FETCHED_WITH_ROUTE in scripts/bundle-budget.mjs.`)
      return key
    }).filter((key) => key !== undefined)]),
  )
  const fetchedWith = Object.values(fetchedWithRoute).flat()
  const routes = dynamicOfInitial.filter((key) => !fetchedWith.includes(key)).sort()
  for (const route of Object.keys(FORBIDDEN)) {
    if (!routes.includes(route)) failures.push(`${route} is not a lazy route in the manifest: update FORBIDDEN in scripts/bundle-budget.mjs.`)
  }
  const graphqlTooling = Object.values(FORBIDDEN).flat()
  if (!Object.values(packagesOf).some((chunk) => chunk.packages.some((name) => graphqlTooling.includes(name)))) {
    failures.push(`No chunk bundles ${graphqlTooling.join(' or ')}: the package check would pass vacuously.`)
  }

  for (const route of Object.keys(ROUTE_BUDGETS_KB)) {
    if (!routes.includes(route)) failures.push(`${route} has a budget but is not a lazy route in the manifest: update ROUTE_BUDGETS_KB.`)
  }
  /** JS files a page's load runs: they, and only they, carry V8's compile hint (scripts/compile-hints.mjs). */
  const firstLoadJs = new Set([...initialFiles].filter((file) => file.endsWith('.js')))
  console.log('\nRoutes: what navigating there downloads beyond the initial load, before any user action (gzip -9)')
  for (const route of routes) {
    const keys = staticClosure([route, ...(fetchedWithRoute[route] ?? [])])
    const files = [...filesOf(keys)].filter((file) => !initialFiles.has(file)).sort()
    for (const file of files) if (file.endsWith('.js')) firstLoadJs.add(file)
    const routeTotal = files.reduce((sum, file) => sum + size(file), 0)
    const packages = new Set(files.flatMap((file) => packagesOf[file]?.packages ?? []))
    const own = [...keys].filter((key) => !initialKeys.has(key))
    const later = [...new Set(own.flatMap((key) => manifest[key].dynamicImports ?? []))]
      .filter((key) => !keys.has(key) && !initialKeys.has(key))
      .map((key) => manifest[key].file)
    const routeBudget = ROUTE_BUDGETS_KB[route]
    const budgetText = routeBudget === undefined ? '' : `, budget ${routeBudget} KB`
    console.log(`${kb(routeTotal)}  ${route}  (${kb(routeTotal + total).trim()} with the initial load${budgetText})`)
    if (routeBudget !== undefined && routeTotal > routeBudget * 1024) {
      failures.push(`${route} downloads ${(routeTotal / 1024).toFixed(1)} KB, over its budget of ${routeBudget} KB (ROUTE_BUDGETS_KB).`)
    }
    for (const file of files) console.log(`          ${kb(size(file))}  ${file}`)
    if (later.length) console.log(`          on a user action only: ${later.join(', ')}`)
    const forbidden = (FORBIDDEN[route] ?? []).filter((name) => packages.has(name))
    if (forbidden.length) {
      const culprits = files.filter((file) => packagesOf[file]?.packages.some((name) => forbidden.includes(name)))
      failures.push(`${route} downloads ${forbidden.join(', ')} before any user action (in ${culprits.join(', ')}).`)
    }
  }
  for (const key of LOADED_WITH_PAGE) if (!manifest[key]) failures.push(`${key} is in LOADED_WITH_PAGE but not in the manifest: update scripts/compile-hints.mjs.`)
  for (const file of filesOf(staticClosure(LOADED_WITH_PAGE))) if (file.endsWith('.js')) firstLoadJs.add(file)
  const hinted = readdirSync(join(dist, 'assets'))
    .map((name) => join('assets', name).replaceAll('\\', '/'))
    .filter((file) => file.endsWith('.js') && readFileSync(join(dist, file), 'utf8').startsWith(`${COMPILE_HINT}\n`))
  const unhinted = [...firstLoadJs].filter((file) => !hinted.includes(file))
  const stray = hinted.filter((file) => !firstLoadJs.has(file))
  if (unhinted.length) failures.push(`First-load chunks without V8's compile hint on their first line: ${unhinted.join(', ')} (scripts/compile-hints.mjs).`)
  if (stray.length) failures.push(`Chunks with V8's compile hint that no page load runs: ${stray.join(', ')} (scripts/compile-hints.mjs).`)
  console.log(`\nV8 compile hint on the ${hinted.length} chunks a page's load runs.`)
}
for (const failure of failures) console.error(`\n${failure}`)
if (failures.length) process.exit(1)

if (total > BUDGET_KB * 1024) {
  console.error(`\nBundle budget exceeded: ${(total / 1024).toFixed(1)} KB > ${BUDGET_KB} KB for the initial load of /.`)
  process.exit(1)
}
console.log(`\nBundle budget OK: ${(total / 1024).toFixed(1)} KB of ${BUDGET_KB} KB.`)
