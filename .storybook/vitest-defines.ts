import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** vite.config.ts's `define` values, by name, parsed. */
    defines: Record<string, unknown>
  }
}

// Vitest's browser mode injects Vite's `define` values only into the first of several projects
// (https://github.com/vitest-dev/vitest/issues/7542): the dark theme's stories saw
// `__AWB_DEMO__ is not defined` where a page reads it. Each project sets them as globals here.
for (const [name, value] of Object.entries(inject('defines'))) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true })
}
