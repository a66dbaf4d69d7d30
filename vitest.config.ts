import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

/**
 * Unit tests: pure TypeScript in node. Core tests live beside their code (`src/core/**\/*.test.ts`);
 * tests of stores and composables live in `tests/unit/`. Story tests are a separate config
 * (`vitest.stories.config.ts`) because they need a browser.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'unit',
      environment: 'node',
      include: ['src/**/*.test.ts', 'demo/**/*.test.ts', 'scripts/**/*.test.ts', '*.config.test.ts'],
    },
  }),
)
