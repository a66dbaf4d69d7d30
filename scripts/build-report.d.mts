/** Types of scripts/build-report.mjs (what the build writes that a host must not publish). */
export function buildReportDir(outDir: string): string
export function isHostConfiguration(path: string): boolean
