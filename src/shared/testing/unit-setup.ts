import { vi } from 'vitest'

/**
 * Runs before every unit test file (vitest.config.ts `setupFiles`). The unit files share one module
 * registry and one global scope per worker (`isolate: false`: the run takes 40 s instead of 130 s,
 * most of which was importing the same modules again for each of ~150 files), so each file starts
 * here from the globals an isolated file would see: no stubbed globals or env, real timers, no
 * spies left over, and no `localStorage` or `sessionStorage` but the ones the file installs
 * (Node has none; `installMemoryLocalStorage` defines them).
 */
vi.useRealTimers()
vi.unstubAllGlobals()
vi.unstubAllEnvs()
vi.restoreAllMocks()
for (const name of ['localStorage', 'sessionStorage'] as const) {
  if (Object.getOwnPropertyDescriptor(globalThis, name)?.configurable) Reflect.deleteProperty(globalThis, name)
}
