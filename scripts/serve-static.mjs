#!/usr/bin/env node
// Serves a folder over HTTP on 127.0.0.1 (used for the static Storybook in tests), with Storybook's
// security headers (scripts/security-headers.mjs), so the tests prove it works under its CSP.
// Usage: node scripts/serve-static.mjs <dir> <port>
import { createReadStream, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { isHostConfiguration } from './build-report.mjs'
import { buildScriptHashes, STORYBOOK_PAGES, storybookHeaders } from './security-headers.mjs'

const root = resolve(process.argv[2] ?? '.')
const port = Number(process.argv[3] ?? 6007)
const security = storybookHeaders({ scriptHashes: buildScriptHashes(root, STORYBOOK_PAGES) })
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
}

createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
  let file = normalize(join(root, path))
  if (!file.startsWith(root)) {
    res.writeHead(403).end()
    return
  }
  try {
    // A host reads `_headers`, never serves it.
    if (isHostConfiguration(path)) throw new Error('not served')
    if (statSync(file).isDirectory()) file = join(file, 'index.html')
    statSync(file)
  } catch {
    res.writeHead(404, { ...security, 'content-type': 'text/plain' }).end('not found')
    return
  }
  // Scripts, styles and fonts may be cached for the life of a test run (the build does not change
  // under it), so pages that share a browser context load Storybook's bundle once; the story index
  // and HTML pages are always revalidated.
  const ext = extname(file)
  const cacheControl = ext === '.html' || ext === '.json' ? 'no-cache' : 'max-age=3600'
  res.writeHead(200, { ...security, 'content-type': types[ext] ?? 'application/octet-stream', 'cache-control': cacheControl })
  createReadStream(file).pipe(res)
}).listen(port, '127.0.0.1', () => console.log(`serving ${root} at http://127.0.0.1:${port}/`))
