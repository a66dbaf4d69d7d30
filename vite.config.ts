import { copyFileSync, existsSync, writeFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import vue from '@vitejs/plugin-vue'
import { OUT_DIRS, URLS } from './demo/config/lanes.ts'
import { DEMO_SECRETS } from './demo/webhook-secrets.ts'
import { appCsp, buildScriptHashes, headersForPath, inlineScriptHashes, netlifyHeadersFile, STORYBOOK_PAGES } from './scripts/security-headers.mjs'

/**
 * The security headers (scripts/security-headers.mjs holds their values, issue 16):
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
        next()
      })
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
 * Writes `.vite/chunk-packages.json` beside Vite's manifest: for every JS chunk, the npm packages
 * (and the count of src/ modules) it bundles. The manifest says which chunk imports which; this
 * says what is inside, so `scripts/bundle-budget.mjs` can prove that a route never downloads a
 * package (e.g. the webhook page and cm6-graphql, issue 10).
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

export default defineConfig({
  plugins: [vue(), securityHeaders(), spaFallback404(), chunkPackages()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The manifest (`.vite/manifest.json`) is the import graph scripts/bundle-budget.mjs walks.
  build: { outDir: OUT_DIRS.app, manifest: true },
  define: {
    // Where the local demo servers listen (see demo/config/lanes.ts) and the receiver's public sample
    // secrets. The tools suggest them only when the app itself runs on localhost, i.e. under
    // `npm start` or the e2e tests. Injected here so src/ never imports demo/.
    __AWB_DEMO__: JSON.stringify({ graphql: `${URLS.graphql}/graphql`, webhook: `${URLS.webhook}/webhook`, webhookSecrets: DEMO_SECRETS }),
  },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
})
