#!/usr/bin/env node
// Makes sure the Chromium every browser tool uses is there (CHROMIUM_PATH, default /usr/bin/chromium),
// and, unless CHROMIUM_PATH is set, Debian's headless shell of the same build, which the Playwright
// suites drive when it is present (scripts/chromium.ts: playwrightChromiumPath).
// Missing and root on a Debian-like system: installs Debian's packages. Otherwise: one clear line,
// exit 1 without Chromium; without the shell only a note (Playwright then drives the full browser).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const shellPath = '/usr/bin/chromium-headless-shell'
const works = (exe) => existsSync(exe) && spawnSync(exe, ['--version'], { stdio: 'ignore' }).status === 0
const wantShell = !process.env.CHROMIUM_PATH

const packages = []
if (!works(path)) packages.push('chromium', 'fonts-dejavu-core', 'fonts-liberation')
if (wantShell && !works(shellPath)) packages.push('chromium-headless-shell')
if (packages.length === 0) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = existsSync('/usr/bin/apt-get')
if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
  console.log(`Installing Debian's ${packages.join(', ')} (apt-get)…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env })
}
if (!works(path)) {
  console.error(
    `Chromium not found at ${path}: install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
  )
  process.exit(1)
}
if (wantShell && !works(shellPath))
  console.log(`Note: ${shellPath} not found; the Playwright suites drive ${path} instead (slower; Debian/Ubuntu: apt-get install chromium-headless-shell).`)
