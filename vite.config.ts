import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import vue from '@vitejs/plugin-vue'
import { VitePWA } from 'vite-plugin-pwa'
import { OUT_DIRS, URLS } from './demo/config/lanes.ts'
import { DEMO_PREVIOUS_SECRETS, DEMO_SECRETS } from './demo/webhook-secrets.ts'
import { buildReportDir, isHostConfiguration } from './scripts/build-report.mjs'
import { compileHints } from './scripts/compile-hints.mjs'
import { appCsp, buildScriptHashes, headersForPath, inlineScriptHashes, netlifyHeadersFile, STORYBOOK_PAGES } from './scripts/security-headers.mjs'

/**
 * The script that applies the saved theme before first paint (public/theme-init.js, the copy `vite
 * dev` serves), inlined into index.html at build: as an external file it was render-blocking — a
 * round trip before anything could paint (Lighthouse: 320 ms on mobile). The CSP allows
 * exactly this text by its SHA-256 (securityHeaders() hashes the built page's inline scripts).
 */
const themeInitScript = readFileSync(fileURLToPath(new URL('./public/theme-init.js', import.meta.url)), 'utf8')

/**
 * The security headers (scripts/security-headers.mjs holds their values):
 * - the build's Content-Security-Policy as a <meta> too, so it travels with any static host (without
 *   `frame-ancestors`, which only a header can carry). Only the build: the dev server's HMR needs more.
 * - `_headers` (Netlify's, also read by Cloudflare Pages) written into the build, with Storybook's rules
 *   under /storybook/ when its build exists (`npm start` rewrites it after publishing Storybook there).
 * - every header on `vite preview`, so `npm start` and the e2e tests serve the app as a host should.
 */
function securityHeaders(): Plugin {
  return {
    name: 'awb-security-headers',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.server) return html
        const meta = `<meta http-equiv="Content-Security-Policy" content="${appCsp({ meta: true, scriptHashes: inlineScriptHashes(html) })}" />`
        return html.replace(/<head>/i, `<head>\n    ${meta}`)
      },
    },
    writeBundle(options) {
      const dir = options.dir ?? 'dist'
      const storybook = [`${dir}/storybook`, OUT_DIRS.storybook].find((d) => existsSync(`${d}/iframe.html`)) ?? null
      writeFileSync(`${dir}/_headers`, netlifyHeadersFile(dir, storybook))
    },
    configurePreviewServer(server) {
      const dir = server.config.build.outDir
      const hashes = { app: buildScriptHashes(dir, ['index.html']), storybook: buildScriptHashes(`${dir}/storybook`, STORYBOOK_PAGES) }
      server.middlewares.use((req, res, next) => {
        for (const [name, value] of Object.entries(headersForPath(req.url ?? '/', hashes))) res.setHeader(name, value)
        // `_headers` is the host's configuration (Netlify and Cloudflare Pages read it, never serve it).
        if (isHostConfiguration(req.url ?? '/')) {
          res.statusCode = 404
          res.end('Not found')
          return
        }
        next()
      })
    },
  }
}

function inlineThemeInit(): Plugin {
  const tag = '<script src="/theme-init.js"></script>'
  return {
    name: 'awb-inline-theme-init',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(tag)) throw new Error(`index.html no longer has ${tag}: update inlineThemeInit()`)
      return html.replace(tag, `<script>${themeInitScript}</script>`)
    },
    // Inlined, so the file itself is not shipped (nor precached by the service worker).
    writeBundle(options) {
      rmSync(`${options.dir ?? 'dist'}/theme-init.js`, { force: true })
    },
  }
}

/**
 * Static hosts without an SPA fallback (GitHub Pages and the like) serve 404.html for unknown
 * paths: make it the app itself, so deep links such as /rate-limits still open the right page.
 */
function spaFallback404(): Plugin {
  return {
    name: 'awb-404-fallback',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist'
      copyFileSync(`${dir}/index.html`, `${dir}/404.html`)
    },
  }
}

/**
 * Moves the build's report (`.vite/manifest.json`, `.vite/chunk-packages.json`) out of the deployed
 * folder, to `build-report/<out dir>/`: it maps every source file to its chunk, which a host has no
 * reason to publish. `scripts/bundle-budget.mjs` reads it there ({@link buildReportDir}).
 */
function buildReportOutside(): Plugin {
  return {
    name: 'awb-build-report-outside',
    apply: 'build',
    writeBundle: {
      order: 'post',
      handler(options) {
        const dir = options.dir ?? 'dist'
        if (!existsSync(`${dir}/.vite`)) return
        const report = buildReportDir(dir)
        rmSync(report, { recursive: true, force: true })
        mkdirSync(dirname(report), { recursive: true })
        renameSync(`${dir}/.vite`, report)
      },
    },
  }
}

/**
 * Writes `.vite/chunk-packages.json` beside Vite's manifest: for every JS chunk, the npm packages
 * (and the count of src/ modules) it bundles. The manifest says which chunk imports which; this
 * says what is inside, so `scripts/bundle-budget.mjs` can prove that a route never downloads a
 * package (e.g. the webhook page and cm6-graphql).
 */
function chunkPackages(): Plugin {
  const packageOf = (id: string): string | undefined => {
    const at = id.lastIndexOf('/node_modules/')
    if (at < 0) return undefined
    const [scope = '', name = ''] = id.slice(at + '/node_modules/'.length).split('/')
    return scope.startsWith('@') ? `${scope}/${name}` : scope
  }
  return {
    name: 'awb-chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, { packages: string[]; srcModules: number }> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        const ids = output.moduleIds.map((id) => id.replaceAll('\\', '/'))
        const packages = [...new Set(ids.map(packageOf).filter((name): name is string => name !== undefined))].sort()
        chunks[output.fileName] = { packages, srcModules: ids.filter((id) => id.includes('/src/') && !id.includes('/node_modules/')).length }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-packages.json', source: JSON.stringify(chunks, null, 2) })
    },
  }
}

/**
 * Offline and installable: a Workbox service worker precaches the built app — every
 * route chunk, the catalogue data and the Latin fonts — so the hosted tools open and work offline
 * after the first visit. `registerType: 'prompt'`: a new version waits until the user chooses
 * "Reload" (src/app/pwa/), so nobody loses a half-typed request to a surprise reload. Registration
 * is ours (`injectRegister: false`, see src/app/pwa/useServiceWorkerUpdate.ts) and happens once
 * the first page is in, so the precache does not share the network with the page's own chunks. The
 * Storybook is a separate site under /storybook/: never precached, never answered with the app's
 * index.html.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'API Workbench',
    short_name: 'Workbench',
    description: 'A GraphQL tester, a webhook payload generator and a rate-limit header parser that run entirely in your browser.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0c7a43',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    // woff is the fallback for browsers without woff2 (none that run this app): not precached.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: ['404.html', 'storybook/**'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/storybook(\/|$)/],
    // The largest catalogue chunk (GitHub's 261 events) is over Workbox's 2 MiB default.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    cleanupOutdatedCaches: true,
  },
})

export default defineConfig({
  plugins: [vue(), inlineThemeInit(), securityHeaders(), spaFallback404(), chunkPackages(), buildReportOutside(), compileHints(), pwa],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The manifest (moved to build-report/<out dir>/ by buildReportOutside) is the import graph scripts/bundle-budget.mjs walks.
  build: {
    outDir: OUT_DIRS.app,
    manifest: true,
    // A font stays a file of its own: inlined (Vite inlines files under 4 KB, as the symbol faces
    // are), it would be downloaded with the render-blocking CSS by every page, before the first paint.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
  define: {
    // Where the local demo servers listen (see demo/config/lanes.ts) and the receiver's public sample
    // secrets. The tools suggest them only when the app itself runs on localhost, i.e. under
    // `npm start` or the e2e tests. Injected here so src/ never imports demo/.
    __AWB_DEMO__: JSON.stringify({ graphql: `${URLS.graphql}/graphql`, webhook: `${URLS.webhook}/webhook`, webhookSecrets: DEMO_SECRETS, webhookPreviousSecrets: DEMO_PREVIOUS_SECRETS }),
  },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
})
