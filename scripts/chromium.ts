/**
 * The one Chromium every browser tool of the project uses (Playwright, Vitest browser mode,
 * Storybook tests): Debian's, from `CHROMIUM_PATH`, because Playwright cannot download its own
 * browsers here. `scripts/ensure-chromium.mjs` installs it when missing.
 */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/**
 * Flags for a headless, network-quiet Chromium. `--no-sandbox` is added by Playwright itself
 * (its `chromiumSandbox` defaults to false), which root needs.
 */
export const chromiumArgs = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  // Same font rendering on every machine: no subpixel positioning or hinting differences.
  '--font-render-hinting=none',
  '--disable-font-subpixel-positioning',
]
