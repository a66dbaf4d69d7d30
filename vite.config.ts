import { copyFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import vue from '@vitejs/plugin-vue'
import { OUT_DIRS, URLS } from './demo/config/lanes.ts'
import { DEMO_SECRETS } from './demo/webhook-secrets.ts'

/**
 * Content-Security-Policy of the production build, as a <meta> tag so it travels with static
 * hosting. Only the build gets it: the dev server's HMR needs things the policy forbids.
 * - `script-src 'self'`: no inline scripts (the theme is applied by the external theme-init.js).
 * - `style-src 'unsafe-inline'`: Naive UI injects its component styles at run time (css-render).
 * - `connect-src http: https: ws: wss:`: the tools send requests to endpoints the user enters.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http: https: ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ')

function cspMeta(): Plugin {
  return {
    name: 'awb-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy }, injectTo: 'head-prepend' },
    ],
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

export default defineConfig({
  plugins: [vue(), cspMeta(), spaFallback404()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: { outDir: OUT_DIRS.app },
  define: {
    // Where the local demo servers listen (see demo/config/lanes.ts) and the receiver's public sample
    // secrets. The tools suggest them only when the app itself runs on localhost, i.e. under
    // `npm start` or the e2e tests. Injected here so src/ never imports demo/.
    __AWB_DEMO__: JSON.stringify({ graphql: `${URLS.graphql}/graphql`, webhook: `${URLS.webhook}/webhook`, webhookSecrets: DEMO_SECRETS }),
  },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
})
