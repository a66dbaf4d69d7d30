/**
 * How a function's running time grows with its input, for tests that must tell linear work from
 * quadratic: the time at 10n over the time at n. Linear work gives about 10, quadratic about 100,
 * so a bound of 30 tells them apart even on a loaded machine (a ratio, not a time in ms).
 */

/** Options of {@link growthRatio}. */
export interface GrowthOptions {
  /** Runs of each size; the fastest counts (a garbage collection or a busy core only slows a run). @default 5 */
  runs?: number
  /** Measurements of the ratio; the smallest counts (quadratic work never measures near 10). @default 3 */
  attempts?: number
}

/** The fastest of `runs` timings of `work(size)`, in ms. */
function fastest(work: (size: number) => void, size: number, runs: number): number {
  let best = Number.POSITIVE_INFINITY
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    work(size)
    best = Math.min(best, performance.now() - started)
  }
  return best
}

/**
 * The time `work(10 × n)` takes over the time `work(n)` takes, each the fastest of a few runs, after
 * one warm-up run at `n` (so compiling the code is not counted against the small size). Measured
 * `attempts` times, the smallest ratio returned: a busy machine can only make a ratio larger.
 */
export function growthRatio(work: (size: number) => void, n: number, options: GrowthOptions = {}): number {
  const runs = options.runs ?? 5
  work(n)
  let best = Number.POSITIVE_INFINITY
  for (let attempt = 0; attempt < (options.attempts ?? 3); attempt++) {
    const small = fastest(work, n, runs)
    const large = fastest(work, n * 10, Math.max(1, Math.ceil(runs / 2)))
    best = Math.min(best, large / Math.max(small, 0.05))
    if (best < 15) break
  }
  return best
}
