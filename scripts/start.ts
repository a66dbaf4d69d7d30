// `npm start`: builds the app and the static Storybook, then serves them locally as a static host
// would (Storybook under /storybook/), beside the demo servers the tools talk to.
import { execSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, rmSync, writeFileSync } from 'node:fs'
import { preview } from 'vite'
import { OUT_DIRS, PORTS } from '../demo/config/lanes.ts'
import { demoServers } from '../demo/config/demo-servers.ts'
import { netlifyHeadersFile } from './security-headers.mjs'

const run = (cmd: string) => execSync(cmd, { stdio: 'inherit' })

run('npx vite build')
run('node scripts/build-storybook.mjs')
rmSync(`${OUT_DIRS.app}/storybook`, { recursive: true, force: true })
cpSync(OUT_DIRS.storybook, `${OUT_DIRS.app}/storybook`, { recursive: true })
// The published folder's _headers, with Storybook's rules for the copy just made (the preview server
// itself sends the same headers: vite.config.ts).
writeFileSync(`${OUT_DIRS.app}/_headers`, netlifyHeadersFile(OUT_DIRS.app, `${OUT_DIRS.app}/storybook`))

const children: ChildProcess[] = demoServers
  .filter((server) => server.inStart)
  .map((server) => {
    console.log(`Starting ${server.name}…`)
    return spawn(server.command, { shell: true, stdio: 'inherit' })
  })

const server = await preview({ preview: { port: PORTS.app, strictPort: true, host: '127.0.0.1' } })
const url = `http://127.0.0.1:${PORTS.app}/`
console.log(`\nAPI Workbench is running at ${url}`)
console.log(`Storybook (component library): ${url}storybook/`)
for (const demo of demoServers.filter((s) => s.inStart)) console.log(`${demo.name}: ${demo.url}`)
console.log('Press Ctrl+C to stop.')

const stop = () => {
  for (const child of children) child.kill()
  server.httpServer.close(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
