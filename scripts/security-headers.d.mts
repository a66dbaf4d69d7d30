/** Types of scripts/security-headers.mjs (the one source of the security headers). */
export interface CspOptions {
  /** `'sha256-…'` sources of the page's inline scripts. @default [] */
  scriptHashes?: readonly string[]
}
export const COMMON_HEADERS: Readonly<Record<string, string>>
export const STORYBOOK_PAGES: readonly string[]
export function inlineScriptHashes(html: string): string[]
export function buildScriptHashes(dir: string, pages: readonly string[]): string[]
export function appCsp(options?: CspOptions & { meta?: boolean }): string
export function storybookCsp(options?: CspOptions): string
export function appHeaders(options?: CspOptions): Record<string, string>
export function storybookHeaders(options?: CspOptions): Record<string, string>
export function netlifyHeadersFile(appDir: string, storybookDir?: string | null): string
export function nginxSnippet(options?: CspOptions): string
export function headersForPath(path: string, hashes: { app: readonly string[]; storybook: readonly string[] }, storybookBase?: string): Record<string, string>
