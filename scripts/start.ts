// `npm start`: checks its ports, builds the app and the static Storybook, then serves them locally as a static
// host would (Storybook under /storybook/), beside the demo servers the tools talk to. It prints one line per
// step (a build's own log only when it fails) and the URLs last.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, rmSync, writeFileSync } from 'node:fs'
import { preview } from 'vite'
import { LANE, OUT_DIRS, PORTS } from '../demo/config/lanes.ts'
import { demoServers } from '../demo/config/demo-servers.ts'
import { netlifyHeadersFile } from './security-headers.mjs'
import { portsTakenMessage, takenPorts, type NamedPort } from './start-ports.ts'

const inStart = demoServers.filter((server) => server.inStart)
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`

// The ports first: a second `npm start` used to rebuild for two minutes and then die on a taken port.
const ports: NamedPort[] = [
  { port: PORTS.app, what: 'the app and Storybook' },
  ...inStart.map((server) => ({ port: Number(new URL(server.url).port), what: server.name })),
]
const taken = await takenPorts(ports)
if (taken.length > 0) {
  console.error(portsTakenMessage(taken, LANE))
  process.exit(1)
}

/** Runs a build step quietly: one line when it is done; its whole log only if it fails. */
function step(title: string, command: string): Promise<void> {
  const started = Date.now()
  process.stdout.write(`${title}… `)
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
    const log: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => log.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk))
    child.on('close', (code) => {
      if (code === 0) {
        console.log(`done (${seconds(started)})`)
        resolve()
        return
      }
      console.log('failed')
      process.stderr.write(Buffer.concat(log))
      console.error(`\n${title} failed (exit code ${code}); its output is above.`)
      process.exit(code ?? 1)
    })
  })
}

await step('Building the app', 'npx vite build')
await step('Building Storybook', 'node scripts/build-storybook.mjs')
rmSync(`${OUT_DIRS.app}/storybook`, { recursive: true, force: true })
cpSync(OUT_DIRS.storybook, `${OUT_DIRS.app}/storybook`, { recursive: true })
// The published folder's _headers, with Storybook's rules for the copy just made (the preview server
// itself sends the same headers: vite.config.ts).
writeFileSync(`${OUT_DIRS.app}/_headers`, netlifyHeadersFile(OUT_DIRS.app, `${OUT_DIRS.app}/storybook`))

/** Waits until a demo server answers its ready URL (30 s at most). */
async function ready(url: string): Promise<boolean> {
  for (let i = 0; i < 60; i++) {
    try {
      if ((await fetch(url)).ok) return true
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return false
}

const children: ChildProcess[] = []
let webServer: Awaited<ReturnType<typeof preview>> | undefined = undefined
/** Stops each demo server's whole process group (shell, npx and node). */
const stopChildren = () => {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
}
// From before the first server starts: Ctrl+C reaches only this process now (each server has its own group).
const stop = () => {
  stopChildren()
  if (webServer) webServer.httpServer.close(() => process.exit(0))
  else process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
process.on('exit', stopChildren)

for (const server of inStart) {
  const started = Date.now()
  process.stdout.write(`Starting the ${server.name}… `)
  // Its errors still show; its request log does not bury the URLs. A process group of its own: the
  // command is a shell running npx running node, and stopping only the shell left the server holding
  // its port (the next `npm start` then found it taken).
  children.push(spawn(server.command, { shell: true, detached: true, stdio: ['ignore', 'ignore', 'inherit'] }))
  console.log((await ready(server.readyUrl)) ? `ready (${seconds(started)})` : 'not answering yet (see any error above)')
}

process.stdout.write('Starting the web server… ')
webServer = await preview({ preview: { port: PORTS.app, strictPort: true, host: '127.0.0.1' }, logLevel: 'silent' })
console.log('ready')

const url = `http://127.0.0.1:${PORTS.app}/`
console.log(`\nAPI Workbench: ${url}`)
console.log(`Storybook (component library): ${url}storybook/`)
for (const demo of inStart) console.log(`${demo.name}: ${demo.url}`)
console.log('Press Ctrl+C to stop.')

