/** Types of scripts/compile-hints.mjs (V8's compile hint on the chunks a page's load runs). */
import type { Plugin } from 'vite'
export const COMPILE_HINT: string
export const LOADED_WITH_PAGE: readonly string[]
export interface ChunkNode {
  fileName: string
  isEntry: boolean
  imports: readonly string[]
  dynamicImports: readonly string[]
  /** The module a chunk stands for, when it stands for one (absolute path). */
  facadeModuleId?: string | null
}
export function firstLoadChunks(chunks: readonly ChunkNode[], loadedWithPage?: readonly string[]): Set<string>
export function compileHints(): Plugin
