import { availableParallelism } from 'node:os'
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
 *
 * At least two workers: Vitest's default on a 2-core machine is one, and the demo tests that run
 * generated throttle plans against the policy server spend most of their time waiting on it (each
 * runs its policy paths side by side); beside them a second worker runs the rest. A third worker
 * was no faster.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'unit',
      environment: 'node',
      isolate: false,
      maxWorkers: Math.max(2, availableParallelism() - 1),
      setupFiles: ['src/shared/testing/unit-setup.ts'],
      include: ['src/**/*.test.ts', 'demo/**/*.test.ts', 'scripts/**/*.test.ts', '*.config.test.ts'],
    },
  }),
)
