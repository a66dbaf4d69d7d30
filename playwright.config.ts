import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './tests/browser.ts'
import { screenshotOptions } from './tests/visual/screenshot-options.ts'

/** Where the production build (`vite preview`) and the static Storybook are served during tests. */
export const APP_URL = 'http://127.0.0.1:4173'
export const STORYBOOK_URL = 'http://127.0.0.1:6007'

const isCI = !!process.env.CI

/**
 * E2E, accessibility and visual tests, all against built output: `npm run build` (app) and
 * `npm run build-storybook` first — `npm test` does both.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: ['e2e/**/*.spec.ts', 'visual/**/*.spec.ts'],
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: isCI ? [['dot']] : [['list']],
  snapshotPathTemplate: '{testDir}/visual/__screenshots__/{testFileName}/{arg}{ext}',
  expect: {
    toHaveScreenshot: screenshotOptions,
    timeout: 10_000,
  },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: APP_URL,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
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
      command: 'npx vite preview --host 127.0.0.1 --port 4173 --strictPort',
      url: APP_URL,
      reuseExistingServer: !isCI,
      timeout: 60_000,
    },
    {
      command: 'node scripts/serve-static.mjs storybook-static 6007',
      url: `${STORYBOOK_URL}/index.json`,
      reuseExistingServer: !isCI,
      timeout: 60_000,
    },
  ],
})
