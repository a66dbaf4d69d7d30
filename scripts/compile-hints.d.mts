/** Types of scripts/compile-hints.mjs (V8's compile hint on the chunks a page's load runs). */
import type { Plugin } from 'vite'
export const COMPILE_HINT: string
export interface ChunkNode {
  fileName: string
  isEntry: boolean
  imports: readonly string[]
  dynamicImports: readonly string[]
}
export function firstLoadChunks(chunks: readonly ChunkNode[]): Set<string>
export function compileHints(): Plugin
