/**
 * The servers a browser benchmark needs on this lane: `vite preview` of the production build and the
 * GraphQL demo server (reused when one already listens, e.g. under `npm start`).
 */
import { existsSync } from 'node:fs'
import { preview } from 'vite'
import { startGraphQLDemo } from '../../demo/graphql-demo.ts'
import { OUT_DIRS, PORTS, URLS } from '../../demo/config/lanes.ts'

/** Starts what is not running yet; `close()` stops what it started. */
export async function startBenchServers(): Promise<{ close(): Promise<void> }> {
  if (!existsSync(`${OUT_DIRS.app}/index.html`)) {
    throw new Error(`No build in ${OUT_DIRS.app}/: run \`AWB_LANE=${process.env.AWB_LANE ?? 0} npx vite build\` first.`)
  }
  const app = await preview({ preview: { port: PORTS.app, strictPort: true, host: '127.0.0.1' }, build: { outDir: OUT_DIRS.app }, logLevel: 'warn' })
  const running = await fetch(`${URLS.graphql}/health`).then((r) => r.ok, () => false)
  const demo = running ? undefined : await startGraphQLDemo({ port: PORTS.graphql })
  return {
    close: async () => {
      await demo?.close()
      await new Promise<void>((resolve) => app.httpServer.close(() => resolve()))
    },
  }
}
