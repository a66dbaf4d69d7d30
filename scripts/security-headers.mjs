// The HTTP security headers a host should send with the app and its Storybook: the one source of their
// values. Read by vite.config.ts (the CSP <meta> of the build, `_headers` written into the build, the
// headers of `vite preview` and so of `npm start` and the e2e tests), by scripts/serve-static.mjs (the
// Storybook in tests), by the unit test that keeps docs/hosting.md's nginx snippet equal to nginxSnippet(), and by
// the e2e test that loads every route under these headers with zero CSP violations.
// Plain JavaScript (types in security-headers.d.mts) so plain `node` scripts can import it too.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * The app's CSP directives, each source one the built app uses:
 * - `script-src 'self'` plus the hash of each inline script of the built index.html (the theme script, inlined at build).
 * - `style-src 'unsafe-inline'`: Naive UI injects its component styles at run time (css-render) and Vue binds style attributes.
 * - `img-src data:`: CodeMirror draws its lint underlines as data: SVG backgrounds.
 * - `font-src data:`: Vite inlines the smallest Inter subsets into the CSS as data: URLs.
 * - `connect-src http: https: ws: wss:`: the tools send requests to whatever endpoint the user enters;
 *   GraphQL subscriptions over WebSocket need ws:/wss:.
 * - `worker-src 'self'`: the JSON and timeline workers are built files (new Worker(new URL(…))), never blob: URLs.
 */
const APP_DIRECTIVES = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self' http: https: ws: wss:"],
  ['worker-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
]

/**
 * Storybook's static build: its manager and preview pages carry build-specific inline scripts (hashed from
 * the built HTML), inline styles, the preview in an iframe of the same origin (`frame-src`/`frame-ancestors
 * 'self'`), and stories that only talk to the page's origin. `'unsafe-eval'` for the preview only because
 * stories written with a `template:` string are compiled by Vue's runtime compiler (`new Function`) in the
 * browser; the app itself ships precompiled templates and no eval.
 */
const STORYBOOK_DIRECTIVES = [
  ['default-src', "'self'"],
  ['script-src', "'self' 'unsafe-eval'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['worker-src', "'self'"],
  ['frame-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
]

/** The headers besides the CSP, the same for the app and Storybook. */
export const COMMON_HEADERS = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Features the tools never use, off for the page and anything it could embed; the clipboard is the
  // copy buttons' (write only), full screen stays the page's own.
  'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), clipboard-read=(), clipboard-write=(self), fullscreen=(self)',
})

/** `'sha256-…'` sources for the inline scripts (`<script>` without `src`) of an HTML page, in page order. */
export function inlineScriptHashes(html) {
  const out = []
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? ''
    if (body.length > 0) out.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return out
}

/** The inline script hashes of the given pages of a build folder (missing pages count as none). */
export function buildScriptHashes(dir, pages) {
  return [...new Set(pages.flatMap((page) => (existsSync(join(dir, page)) ? inlineScriptHashes(readFileSync(join(dir, page), 'utf8')) : [])))]
}

function policy(directives, scriptHashes, extra) {
  return [...directives, ...extra]
    .map(([name, value]) => (name === 'script-src' && scriptHashes.length > 0 ? `${name} ${value} ${scriptHashes.join(' ')}` : `${name} ${value}`))
    .join('; ')
}

/**
 * The app's Content-Security-Policy.
 * @param options.scriptHashes - hashes of index.html's inline scripts (default none)
 * @param options.meta - for the `<meta>` of the build: without `frame-ancestors`, which browsers ignore
 *   (with a console error) in a meta policy (default false)
 */
export function appCsp({ scriptHashes = [], meta = false } = {}) {
  return policy(APP_DIRECTIVES, scriptHashes, meta ? [] : [['frame-ancestors', "'none'"]])
}

/** Storybook's Content-Security-Policy; its own manager frames its preview, nothing else may. */
export function storybookCsp({ scriptHashes = [] } = {}) {
  return policy(STORYBOOK_DIRECTIVES, scriptHashes, [['frame-ancestors', "'self'"]])
}

/** Every security header of the app. */
export function appHeaders(options = {}) {
  return { 'Content-Security-Policy': appCsp(options), ...COMMON_HEADERS }
}

/** Every security header of the static Storybook. */
export function storybookHeaders(options = {}) {
  return { 'Content-Security-Policy': storybookCsp(options), ...COMMON_HEADERS }
}

/** The Storybook pages whose inline scripts need hashes. */
export const STORYBOOK_PAGES = ['index.html', 'iframe.html']

/**
 * Netlify's `_headers` for a build folder: the app's headers on every path, Storybook's under
 * `/storybook/` when it is published there (a later, more specific rule's header replaces the
 * site-wide one on Netlify).
 * @param appDir - the app build (its index.html is hashed)
 * @param storybookDir - the Storybook published under /storybook/, or null
 */
export function netlifyHeadersFile(appDir, storybookDir = null) {
  const block = (path, headers) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')
  const blocks = [block('/*', appHeaders({ scriptHashes: buildScriptHashes(appDir, ['index.html']) }))]
  if (storybookDir) blocks.push(block('/storybook/*', storybookHeaders({ scriptHashes: buildScriptHashes(storybookDir, STORYBOOK_PAGES) })))
  return `# Security headers (written by the build from scripts/security-headers.mjs; do not edit)\n${blocks.join('\n\n')}\n`
}

/**
 * The nginx lines for the app (docs/hosting.md shows exactly this, with the hash of the inlined
 * public/theme-init.js).
 * @param options.scriptHashes - hashes of the built index.html's inline scripts
 */
export function nginxSnippet(options = {}) {
  const lines = Object.entries(appHeaders(options)).map(([name, value]) => `  add_header ${name} "${value}" always;`)
  return ['location / {', '  try_files $uri $uri/ /index.html;', ...lines, '}'].join('\n')
}

/**
 * The headers for one request path: Storybook's under `storybookBase`, the app's elsewhere.
 * @param hashes - `{ app, storybook }` inline script hashes of the two builds
 */
export function headersForPath(path, hashes, storybookBase = '/storybook/') {
  return path.startsWith(storybookBase) ? storybookHeaders({ scriptHashes: hashes.storybook }) : appHeaders({ scriptHashes: hashes.app })
}

// CLI: `node scripts/security-headers.mjs <build dir>` (re)writes <build dir>/_headers, with Storybook's
// rules when it is published in <build dir>/storybook/.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? 'dist'
  const storybook = existsSync(join(dir, 'storybook', 'iframe.html')) ? join(dir, 'storybook') : null
  writeFileSync(join(dir, '_headers'), netlifyHeadersFile(dir, storybook))
  console.log(`wrote ${join(dir, '_headers')}${storybook ? ' (with /storybook/*)' : ''}`)
}
