import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

/**
 * Unit tests in node: every `*.test.ts` beside its code (core, stores, composables, demo servers,
 * scripts). Story tests are a separate config (`vitest.stories.config.ts`) because they need a
 * browser.
 *
 * `isolate: false`: files share a worker's module registry instead of importing everything again
 * for each of ~150 files (130 s → 40 s on 2 cores). `src/shared/testing/unit-setup.ts` gives each
 * file the clean globals it would have had; a file that mocks a module (`vi.mock`) loads what it
 * tests after `vi.resetModules()`.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'unit',
      environment: 'node',
      isolate: false,
      setupFiles: ['src/shared/testing/unit-setup.ts'],
      include: ['src/**/*.test.ts', 'demo/**/*.test.ts', 'scripts/**/*.test.ts', '*.config.test.ts'],
    },
  }),
)
