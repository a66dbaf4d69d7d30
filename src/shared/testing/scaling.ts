/**
 * A complexity check that does not depend on the machine's speed: how much longer a function takes
 * on an input ten times larger. Linear work gives about 10; quadratic about 100. Each size is timed
 * a few times and the fastest run kept, so a pause of the test runner does not count.
 */

/** The fastest of `runs` timings of `repeat` calls of `work()`, in ms. */
function fastest(work: () => unknown, repeat: number, runs: number): number {
  let best = Infinity
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    for (let r = 0; r < repeat; r++) work()
    best = Math.min(best, performance.now() - start)
  }
  return best
}

/**
 * Time at size `10 × n` divided by time at size `n`. `prepare(size)` builds the input (not timed);
 * `work(input)` is timed per call, the small input repeated as often as it needs to take a few ms
 * (so the timer's grain does not decide the ratio) and the large one a tenth as often. The two sizes are timed in turns and the
 * fastest of each kept, so a busy machine (other test files, other processes) slows both alike.
 *
 * @param n - the smaller size.
 * @param runs - timings per size, the fastest kept. @default 5
 */
export function growthRatio<T>(n: number, prepare: (size: number) => T, work: (input: T) => unknown, runs = 5): number {
  const small = prepare(n)
  const large = prepare(n * 10)
  // A ratio over the bound is measured again (at most twice more) and the lowest kept: a machine busy
  // for a whole measurement can inflate one, while work that grows faster than linear stays over it
  // every time.
  let ratio = measureRatio(small, large, work, runs)
  for (let again = 0; again < 2 && ratio >= LINEAR_RATIO_BOUND; again++) ratio = Math.min(ratio, measureRatio(small, large, work, runs))
  return ratio
}

function measureRatio<T>(small: T, large: T, work: (input: T) => unknown, runs: number): number {
  let repeat = 1
  while (fastest(() => work(small), repeat, 1) < 5 && repeat < 1 << 16) repeat *= 2
  // The large input is called a tenth as often, so linear work times about as long at both sizes and
  // quadratic work is caught in ten times that, not a hundred (a regression fails, it does not hang).
  const largeRepeat = Math.max(1, Math.round(repeat / 10))
  let a = Infinity
  let b = Infinity
  for (let i = 0; i < runs; i++) {
    a = Math.min(a, fastest(() => work(small), repeat, 1) / repeat)
    b = Math.min(b, fastest(() => work(large), largeRepeat, 1) / largeRepeat)
  }
  return b / a
}

/** The bound the complexity checks use: linear work stays well under it, quadratic work far above it. */
export const LINEAR_RATIO_BOUND = 30
