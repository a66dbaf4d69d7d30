#!/usr/bin/env node
// Deterministic bundle budget, read from the build output (dist/): the initial load of `/` is
// index.html plus every JS and CSS file it requests before any route chunk — its own <script>
// and <link> tags and the static imports of the entry, followed transitively — gzipped at level 9.
// Fails over the budget; prints each route chunk's own size.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

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

if (total > BUDGET_KB * 1024) {
  console.error(`\nBundle budget exceeded: ${(total / 1024).toFixed(1)} KB > ${BUDGET_KB} KB for the initial load of /.`)
  process.exit(1)
}
console.log(`\nBundle budget OK: ${(total / 1024).toFixed(1)} KB of ${BUDGET_KB} KB.`)
