import { defineConfig, mergeConfig } from 'vitest/config'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import viteConfig from './vite.config.ts'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'
import { PORTS } from './demo/config/lanes.ts'

/**
 * Every story rendered as a test in real Chromium (render + play function + axe via addon-a11y,
 * failing on violations), once per theme: one Vitest project for each toolbar value.
 */
const themeProject = (theme: 'light' | 'dark') =>
  mergeConfig(viteConfig, {
    plugins: [storybookTest({ configDir: '.storybook', initialGlobals: { theme } })],
    // Pre-bundled up front so the browser does not reload mid-run ("Failed to fetch dynamically
    // imported module").
    optimizeDeps: { include: ['naive-ui', 'vue', 'pinia', 'vue-router', '@vueuse/core', 'storybook/test', '@guidepup/virtual-screen-reader/browser.js'] },
    test: {
      name: `stories-${theme}`,
      setupFiles: ['.storybook/vitest-defines.ts'],
      provide: { defines: Object.fromEntries(Object.entries(viteConfig.define ?? {}).map(([name, value]) => [name, JSON.parse(String(value))])) },
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
        instances: [{ browser: 'chromium' }],
        api: { port: PORTS.vitestBrowser },
      },
    },
  })

export default defineConfig({
  test: {
    projects: [themeProject('light'), themeProject('dark')],
  },
})
