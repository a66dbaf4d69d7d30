/**
 * Sources of randomness for the webhook generator.
 *
 * Every random identifier is drawn from a {@link RandomSource}. The default is the platform's
 * `crypto.getRandomValues`; stories, screenshots and tests inject {@link createSeededRandom} for
 * reproducible samples. `Math.random` is never used.
 */

/** Fills a byte array with random values, like `crypto.getRandomValues`. */
export interface RandomSource {
  /** Fills `array` in place and returns it. */
  getRandomValues<T extends Uint8Array<ArrayBuffer>>(array: T): T
}

/**
 * The platform's cryptographically strong source (`globalThis.crypto`).
 * @returns the Web Crypto object, which satisfies {@link RandomSource}
 */
export function defaultRandom(): RandomSource {
  return globalThis.crypto
}

/**
 * A deterministic, seeded source (SplitMix32) for stories, visual baselines and tests.
 * Not cryptographically secure: never use it for secrets.
 * @param seed - any number; it is reduced to an unsigned 32-bit integer
 * @returns a source that yields the same byte sequence for the same seed
 */
export function createSeededRandom(seed: number): RandomSource {
  let state = Number.isFinite(seed) ? Math.trunc(seed) >>> 0 : 0
  const next = (): number => {
    state = (state + 0x9e3779b9) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
  return {
    getRandomValues<T extends Uint8Array<ArrayBuffer>>(array: T): T {
      for (let i = 0; i < array.length; i += 4) {
        let word = next()
        for (let j = i; j < Math.min(i + 4, array.length); j++) {
          array[j] = word & 0xff
          word >>>= 8
        }
      }
      return array
    },
  }
}

/**
 * Wraps a source so small requests are served from a 256-byte pool refilled in one call; this keeps
 * generation fast with `crypto.getRandomValues`. The bytes are the source's bytes, in order, so a seeded
 * source stays deterministic.
 * @param size - pool size in bytes
 * @default size 256
 */
export function bufferedRandom(source: RandomSource, size = 256): RandomSource {
  const pool = new Uint8Array(size)
  let offset = size
  return {
    getRandomValues<T extends Uint8Array<ArrayBuffer>>(array: T): T {
      if (array.length > size) return source.getRandomValues(array)
      for (let i = 0; i < array.length; i++) {
        if (offset >= size) {
          source.getRandomValues(pool)
          offset = 0
        }
        array[i] = pool[offset++] ?? 0
      }
      return array
    },
  }
}
