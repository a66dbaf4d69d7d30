// What the build writes that a host must not publish: Vite's manifest and the chunk-package list
// (kept outside the deployed folder, for scripts/bundle-budget.mjs), and `_headers` (the host's own
// configuration, read by Netlify and Cloudflare Pages, never served).
import { basename, join } from 'node:path'

/**
 * Where the build's report (Vite's `manifest.json` and `chunk-packages.json`) goes for the output
 * folder `outDir`: `build-report/<its name>/`, beside the deployed folder, not in it.
 * @param {string} outDir
 * @returns {string}
 */
export function buildReportDir(outDir) {
  return join('build-report', basename(outDir))
}

/**
 * Whether a request path names a host configuration file of the build (`/_headers`), which a local
 * server must answer with 404 as a host would.
 * @param {string} path - the request path, query included or not
 * @returns {boolean}
 */
export function isHostConfiguration(path) {
  const pathname = decodeURIComponent(new URL(path, 'http://localhost').pathname)
  return pathname === '/_headers'
}
