import { availableParallelism } from 'node:os'
import { defineConfig, mergeConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
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
/**
 * Vitest's order on a fresh clone (no timings cached yet): larger files first. The throttle-plan files
 * are small but the longest (tens of seconds each, mostly waiting on the policy server): they go first, so
 * the rest runs beside their waits instead of after them.
 */
class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const waiting = (file: TestSpecification) => /[\\/]demo[\\/]throttle-plan[^\\/]*\.test\.ts$/.test(file.moduleId)
    return [...sorted.filter(waiting), ...sorted.filter((file) => !waiting(file))]
  }
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'unit',
      environment: 'node',
      isolate: false,
      maxWorkers: Math.max(2, availableParallelism() - 1),
      setupFiles: ['src/shared/testing/unit-setup.ts'],
      sequence: { sequencer: WaitingFilesFirst },
      include: ['src/**/*.test.ts', 'demo/**/*.test.ts', 'scripts/**/*.test.ts', '*.config.test.ts'],
    },
  }),
)
