/**
 * Random identifier helpers shared by the provider templates. All draw from a {@link RandomSource}
 * with rejection sampling, so every character / integer is uniformly distributed.
 */
import type { RandomSource } from './random'

/** Digits and ASCII letters, the alphabet of Stripe ids and Standard Webhooks message ids. */
export const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
/** Digits and upper-case letters, the alphabet of Slack ids. */
const UPPER_ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const HEX = '0123456789abcdef'
const DIGITS = '0123456789'

/**
 * A uniformly distributed integer in `[min, max]`.
 * @param random - source of bytes
 * @param min - inclusive lower bound (safe integer)
 * @param max - inclusive upper bound; `max - min` must be below 2^32
 */
export function randomInt(random: RandomSource, min: number, max: number): number {
  const range = max - min + 1
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || range < 1 || range > 2 ** 32) {
    throw new RangeError(`randomInt: invalid range [${min}, ${max}]`)
  }
  const limit = Math.floor(2 ** 32 / range) * range
  const buf = new Uint8Array(4)
  for (;;) {
    random.getRandomValues(buf)
    const value = ((buf[0] ?? 0) | ((buf[1] ?? 0) << 8) | ((buf[2] ?? 0) << 16) | ((buf[3] ?? 0) << 24)) >>> 0
    if (value < limit) return min + (value % range)
  }
}

/**
 * A string of `length` characters drawn uniformly from `alphabet` (at most 256 characters).
 * @param random - source of bytes
 * @param alphabet - the characters to choose from
 * @param length - number of characters
 */
export function randomString(random: RandomSource, alphabet: string, length: number): string {
  const n = alphabet.length
  const limit = 256 - (256 % n)
  let out = ''
  const buf = new Uint8Array(Math.max(8, length))
  while (out.length < length) {
    random.getRandomValues(buf)
    for (const byte of buf) {
      if (byte < limit && out.length < length) out += alphabet[byte % n]
    }
  }
  return out
}

/** `length` lowercase hex characters, e.g. a 40-character git SHA. */
export function randomHex(random: RandomSource, length: number): string {
  return randomString(random, HEX, length)
}

/** A decimal number of exactly `length` digits (no leading zero), as a string. */
export function randomDigits(random: RandomSource, length: number): string {
  return randomString(random, '123456789', 1) + randomString(random, DIGITS, length - 1)
}

/** A random (version 4) UUID in lowercase, e.g. `72d3162e-cc78-41e3-81ab-4c9367dc0958`. */
export function randomUuid(random: RandomSource): string {
  const bytes = random.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * A Stripe-style id: `prefix` + `_` + alphanumerics, e.g. `evt_` + 24 characters.
 * @param prefix - the object prefix without underscore (`evt`, `cus`, `cs_test` …)
 * @param length - number of characters after the prefix
 */
export function stripeId(random: RandomSource, prefix: string, length: number): string {
  return `${prefix}_${randomString(random, ALPHANUMERIC, length)}`
}

/**
 * A Slack-style id: a prefix (`T`, `U`, `C`, `A`, `Ev` …) followed by upper-case alphanumerics.
 * @param length - total length including the prefix
 * @default length 11
 */
export function slackId(random: RandomSource, prefix: string, length = 11): string {
  return prefix + randomString(random, UPPER_ALPHANUMERIC, length - prefix.length)
}

/**
 * A legacy GitHub global node id: base64 of `0<len(type)>:<Type><id>`, e.g. `MDQ6VXNlcjIxMDMxMDY3`
 * for user 21031067.
 */
export function githubNodeId(type: string, id: number): string {
  const text = `0${type.length}:${type}${id}`
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Picks one element uniformly. */
export function pick<T>(random: RandomSource, items: readonly [T, ...T[]]): T {
  return items[randomInt(random, 0, items.length - 1)] ?? items[0]
}
