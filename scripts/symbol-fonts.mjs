// Writes the app's symbol fonts: the signs the UI draws that the Latin subsets of Inter and
// JetBrains Mono lack (arrows, chevrons, status dots, …), cut from DejaVu Sans and DejaVu Sans Mono
// (the `dejavu-fonts-ttf` package; free licence, src/app/theme/symbols/LICENSE-DejaVu.txt) with
// `subset-font` (HarfBuzz's hb-subset). Without them Chromium takes each sign from whichever system
// font has it, so what is drawn, and the screenshots, depend on the fonts a machine has installed.
//
// To add a sign: put it in SYMBOLS below, run `node scripts/symbol-fonts.mjs`, commit the files it
// writes (src/app/theme/symbols/), and regenerate the visual baselines. The visual tests fail on
// any text drawn with a system font (tests/support/glyphs.ts), so a missing sign shows there.
// `--check` only says whether the written files are those the list gives.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import subsetFont from 'subset-font'

/** Every sign the UI draws outside the web fonts' Latin subsets, with what it is for. */
const SYMBOLS = [
  ['→', 'steps, "from → to"'],
  ['←', 'back'],
  ['↔', 'both ways'],
  ['⌄', "CodeMirror's fold marker (open)"],
  ['▸', 'tree twisty (closed)'],
  ['▾', 'tree twisty (open)'],
  ['▲', 'sort, up'],
  ['▼', 'sort, down'],
  ['●', 'status dot'],
  ['◐', 'status dot, partly'],
  ['■', 'legend swatch'],
  ['✓', 'passed'],
  ['✗', 'failed'],
  ['✕', 'close'],
  ['⏎', 'the Enter key'],
  ['⌘', 'the Command key'],
  ['⌥', 'the Option key'],
  ['≈', 'about'],
  ['≤', 'at most'],
  ['≥', 'at least'],
  ['≠', 'not equal'],
  ['ℹ', 'information'],
]

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const out = join(root, 'src/app/theme/symbols')
const dejavu = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')

/** The two faces: one beside Inter in `--awb-font`, one beside JetBrains Mono in `--awb-font-mono`. */
const FACES = [
  { family: 'AWB Symbols', source: 'DejaVuSans.ttf', file: 'awb-symbols.woff2' },
  { family: 'AWB Symbols Mono', source: 'DejaVuSansMono.ttf', file: 'awb-symbols-mono.woff2' },
]

const hex = (codePoint) => codePoint.toString(16).toUpperCase().padStart(4, '0')
const text = SYMBOLS.map(([sign]) => sign).join('')
const codePoints = [...new Set([...text].map((sign) => sign.codePointAt(0)))].sort((a, b) => a - b)

/** The CSS of the faces: each claims exactly the listed signs, so a page without them never downloads it. */
function css() {
  const range = codePoints.map((codePoint) => `U+${hex(codePoint)}`).join(', ')
  const faces = FACES.map(
    ({ family, file }) => `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-weight: 400;
  font-display: swap;
  src: url('./${file}') format('woff2');
  unicode-range: ${range};
}
`,
  )
  return `/* Written by scripts/symbol-fonts.mjs from its list of signs: do not edit. ${SYMBOLS.map(([sign]) => sign).join(' ')} */\n${faces.join('\n')}`
}

const files = new Map([['symbols.css', Buffer.from(css())]])
for (const { source, file } of FACES) {
  const font = readFileSync(join(dejavu, source))
  files.set(file, await subsetFont(font, text, { targetFormat: 'woff2' }))
}
files.set('LICENSE-DejaVu.txt', readFileSync(join(dejavu, '..', 'LICENSE')))

if (process.argv.includes('--check')) {
  const stale = [...files].filter(([name, content]) => {
    try {
      return !readFileSync(join(out, name)).equals(content)
    } catch {
      return true
    }
  })
  if (stale.length) {
    console.error(`Out of date: ${stale.map(([name]) => name).join(', ')}. Run node scripts/symbol-fonts.mjs`)
    process.exit(1)
  }
} else {
  for (const [name, content] of files) writeFileSync(join(out, name), content)
  console.log(`${codePoints.length} signs: ${FACES.map(({ file }) => `${file} ${files.get(file).length} B`).join(', ')}`)
}
