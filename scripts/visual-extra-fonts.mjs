#!/usr/bin/env node
// Runs the visual suite as a machine with more system fonts would: Debian's fonts-noto-core and
// fonts-urw-base35 are downloaded (`apt-get download`, no install), unpacked into a temporary
// folder and added to Chromium's font list through FONTCONFIG_FILE. The committed baselines must
// pass unchanged: every glyph the UI draws comes from the app's own fonts, so fonts the machine
// happens to have change nothing. Needs the builds (`npx vite build`, `node scripts/build-storybook.mjs`).
//
//   node scripts/visual-extra-fonts.mjs [playwright args…]   (default: --project=visual)
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const PACKAGES = ['fonts-noto-core', 'fonts-urw-base35']
const root = join(tmpdir(), 'awb-extra-fonts')
const debs = join(root, 'debs')
const tree = join(root, 'tree')
mkdirSync(debs, { recursive: true })
mkdirSync(tree, { recursive: true })

for (const name of PACKAGES) {
  if (!readdirSync(debs).some((f) => f.startsWith(`${name}_`))) {
    console.log(`Downloading ${name} (apt-get download)…`)
    execFileSync('apt-get', ['download', '-qq', name], { cwd: debs, stdio: 'inherit' })
  }
}
for (const deb of readdirSync(debs).filter((f) => f.endsWith('.deb'))) execFileSync('dpkg', ['-x', join(debs, deb), tree])

const fontsDir = join(tree, 'usr/share/fonts')
if (!existsSync(fontsDir)) throw new Error(`No fonts unpacked under ${fontsDir}`)
const conf = join(root, 'fonts.conf')
writeFileSync(
  conf,
  `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${fontsDir}</dir>
  <include ignore_missing="yes">${join(tree, 'etc/fonts/conf.d')}</include>
  <cachedir>${join(root, 'cache')}</cachedir>
</fontconfig>
`,
)
const env = { ...process.env, FONTCONFIG_FILE: conf }
const listed = spawnSync('fc-list', [':', 'family'], { env, encoding: 'utf8' })
if (listed.status === 0) {
  const families = listed.stdout
  console.log(`Fontconfig now lists ${new Set(families.split('\n').filter(Boolean)).size} families (Noto Sans: ${/Noto Sans/.test(families) ? 'yes' : 'no'}, URW: ${/URW|Nimbus/.test(families) ? 'yes' : 'no'}).`)
}

const args = process.argv.slice(2)
const run = spawnSync('npx', ['playwright', 'test', ...(args.length ? args : ['--project=visual'])], { stdio: 'inherit', env })
process.exit(run.status ?? 1)
