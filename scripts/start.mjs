#!/usr/bin/env node
// `npm start`: builds the app and the static Storybook, then serves them locally like a static
// host would (Storybook under /storybook/), beside the demo servers the tools talk to.
import { execSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { preview } from 'vite'

const port = Number(process.env.PORT ?? 4173)
const run = (cmd) => execSync(cmd, { stdio: 'inherit' })

run('npx vite build')
run('npx storybook build -o storybook-static --quiet')
rmSync('dist/storybook', { recursive: true, force: true })
cpSync('storybook-static', 'dist/storybook', { recursive: true })

const server = await preview({ preview: { port, strictPort: true, host: '127.0.0.1' } })
const url = `http://127.0.0.1:${port}/`
console.log(`\nAPI Workbench is running at ${url}`)
console.log(`Storybook (component library): ${url}storybook/`)
console.log('Press Ctrl+C to stop.')
process.on('SIGINT', () => server.httpServer.close(() => process.exit(0)))
