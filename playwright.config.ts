import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, playwrightChromiumPath } from './scripts/chromium.ts'

import { OUT_DIRS, PORTS, URLS } from './demo/config/lanes.ts'
import { demoServers } from './demo/config/demo-servers.ts'

/**
 * Comparison settings of every visual baseline. Rendering here is byte-stable (Debian Chromium,
 * bundled fonts, animations off, time frozen), so the budget is zero differing pixels with a
 * per-pixel colour threshold of 0.02 (pixelmatch's YIQ distance, 0..1; Playwright's default 0.2
 * lets whole shades through). `tests/visual/threshold-proof.spec.ts` proves that a colour change
 * of a 3 × 3 px area fails the comparison while a rerender passes.
 */
export const screenshotOptions = {
  maxDiffPixels: 0,
  threshold: 0.02,
  animations: 'disabled',
  caret: 'hide',
  scale: 'css',
} as const

/** Where the production build (`vite preview`) and the static Storybook are served during tests. */
export const APP_URL = URLS.app
export const STORYBOOK_URL = URLS.storybook

const isCI = !!process.env.CI

/**
 * E2E, accessibility and visual tests, all against built output: `npm run build` (app) and
 * `npm run build-storybook` first — `npm test` does both.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: ['e2e/**/*.spec.ts', 'visual/**/*.spec.ts'],
  outputDir: OUT_DIRS.playwright,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // AWB_PW_JSON=<file> also writes a JSON report (every test's duration) to profile the run.
  reporter: [isCI ? ['dot'] : ['list'], ...(process.env.AWB_PW_JSON ? [['json', { outputFile: process.env.AWB_PW_JSON }] as const] : [])],
  snapshotPathTemplate: '{testDir}/visual/__screenshots__/{testFileName}/{arg}{ext}',
  expect: {
    toHaveScreenshot: screenshotOptions,
    timeout: 10_000,
  },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: APP_URL,
    launchOptions: { executablePath: playwrightChromiumPath, args: chromiumArgs },
    locale: 'en-US',
    timezoneId: 'UTC',
    // No trace by default: recording one for every test (DOM snapshots and a screencast, thrown
    // away when it passes) was a large share of the run's CPU. To debug a failure, rerun it with
    // `--trace retain-on-failure` (or `on`) and open the trace with `npx playwright show-trace`.
    trace: 'off',
    // The offline build's service worker would precache ~2.3 MB in every test's fresh context and
    // answer from its cache; only tests/e2e/offline.spec.ts, which is about it, lets it run.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'e2e', testMatch: 'e2e/**/*.spec.ts' },
    {
      name: 'visual',
      testMatch: 'visual/**/*.spec.ts',
      use: { reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${PORTS.app} --strictPort --outDir ${OUT_DIRS.app}`,
      url: APP_URL,
      reuseExistingServer: !isCI,
      timeout: 60_000,
    },
    {
      command: `node scripts/serve-static.mjs ${OUT_DIRS.storybook} ${PORTS.storybook}`,
      url: `${STORYBOOK_URL}/index.json`,
      reuseExistingServer: !isCI,
      timeout: 60_000,
    },
    ...demoServers.map((server) => ({
      command: server.command,
      url: server.readyUrl,
      reuseExistingServer: !isCI,
      timeout: 60_000,
    })),
  ],
})
