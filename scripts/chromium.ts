import { existsSync } from 'node:fs'

/**
 * The one Chromium every browser tool of the project uses (Playwright, Vitest browser mode,
 * Storybook tests, Lighthouse, the benchmarks): Debian's, from `CHROMIUM_PATH`, because Playwright
 * cannot download its own browsers here. `scripts/ensure-chromium.mjs` installs it when missing.
 */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Debian's `chromium-headless-shell`: the same Chromium build without the browser around it. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell'

/**
 * The Chromium the Playwright suites drive: Debian's headless shell (the same build as
 * {@link chromiumPath}, the package `chromium-headless-shell`) when it is installed and
 * `CHROMIUM_PATH` is not set, else {@link chromiumPath}. The shell is what Playwright itself runs
 * for headless tests: it starts contexts and pages with far less work than the full browser in
 * its headless mode (63 e2e tests: 74 s against 129 s, same machine, 2026-11-28). With
 * {@link chromiumArgs} both draw every story pixel for pixel the same.
 */
export const playwrightChromiumPath = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : chromiumPath)

/**
 * Flags for a headless, network-quiet Chromium. `--no-sandbox` is added by Playwright itself
 * (its `chromiumSandbox` defaults to false), which root needs.
 */
export const chromiumArgs = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  // Same font rendering on every machine: no subpixel positioning, and the hinting named rather
  // than left to the machine's fontconfig. The full browser takes "slight" from fontconfig (Debian's
  // default) and ignores this flag; the headless shell honours it, and with "slight" draws web
  // fonts exactly as the full browser does ("none" moved glyph edges in every story).
  '--font-render-hinting=slight',
  '--disable-font-subpixel-positioning',
  // Every changed tile is drawn whole. With partial raster Chromium redraws only the changed part of
  // a tile, and an edge crossing that part's border is smoothed a little differently, so a screenshot
  // depended on which frames a click's wave was drawn in (docs/testing.md).
  '--disable-partial-raster',
]
