#!/usr/bin/env node
// Makes sure the Chromium every browser tool uses is there (CHROMIUM_PATH, default /usr/bin/chromium).
// Missing and root on a Debian-like system: installs Debian's package. Otherwise: one clear line, exit 1.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const works = () => existsSync(path) && spawnSync(path, ['--version'], { stdio: 'ignore' }).status === 0

if (works()) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
const hasApt = existsSync('/usr/bin/apt-get')
if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
  console.log('Chromium not found: installing Debian chromium and fonts (apt-get)…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core', 'fonts-liberation'], { stdio: 'inherit', env })
  if (works()) process.exit(0)
}
console.error(
  `Chromium not found at ${path}: install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
)
process.exit(1)
