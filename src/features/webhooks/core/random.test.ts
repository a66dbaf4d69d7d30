import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { randomDigits, randomHex, randomInt, randomString, randomUuid, slackId, stripeId } from './ids'
import { createSeededRandom, generateWebhook, providers } from './index'
import { isoWithOffset, gitlabUtc, isoSeconds } from './time'

const allEvents = providers.flatMap((p) => p.events.map((e) => [p.id, e.type] as const))

describe('createSeededRandom', () => {
  it('yields the same bytes for the same seed and different bytes for different seeds', () => {
    const bytes = (seed: number) => createSeededRandom(seed).getRandomValues(new Uint8Array(64))
    expect(bytes(42)).toEqual(bytes(42))
    expect(bytes(42)).not.toEqual(bytes(43))
    const r = createSeededRandom(1)
    expect(r.getRandomValues(new Uint8Array(8))).not.toEqual(r.getRandomValues(new Uint8Array(8)))
  })

  it('gives identical samples for identical seeds (stories and screenshots)', () => {
    const now = new Date('2026-03-01T00:00:00Z')
    for (const [p, e] of allEvents) {
      const a = generateWebhook(p, e, { now, random: createSeededRandom(2026) })
      const b = generateWebhook(p, e, { now, random: createSeededRandom(2026) })
      expect(b).toEqual(a)
    }
  })

  it('is roughly uniform over bytes', () => {
    const counts = new Array<number>(256).fill(0)
    const buf = createSeededRandom(9).getRandomValues(new Uint8Array(256 * 200))
    for (const b of buf) counts[b] = (counts[b] ?? 0) + 1
    expect(Math.min(...counts)).toBeGreaterThan(120)
    expect(Math.max(...counts)).toBeLessThan(280)
  })
})

describe('default randomness', () => {
  afterEach(() => vi.restoreAllMocks())

  it('uses crypto.getRandomValues and never Math.random', () => {
    const cryptoSpy = vi.spyOn(globalThis.crypto, 'getRandomValues')
    const mathSpy = vi.spyOn(Math, 'random')
    for (const [p, e] of allEvents) generateWebhook(p, e)
    expect(cryptoSpy).toHaveBeenCalled()
    expect(mathSpy).not.toHaveBeenCalled()
  })
})

describe('id helpers', () => {
  it('randomInt stays within bounds for any range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer(), (min, span, seed) => {
        const n = randomInt(createSeededRandom(seed), min, min + span)
        return Number.isInteger(n) && n >= min && n <= min + span
      }),
    )
    expect(() => randomInt(createSeededRandom(1), 5, 4)).toThrow(RangeError)
  })

  it('string ids have the documented alphabets and lengths', () => {
    const r = createSeededRandom(3)
    expect(randomHex(r, 40)).toMatch(/^[0-9a-f]{40}$/)
    expect(randomDigits(r, 18)).toMatch(/^[1-9]\d{17}$/)
    expect(randomString(r, 'ab', 100)).toMatch(/^[ab]{100}$/)
    expect(randomUuid(r)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(stripeId(r, 'cs_test', 58)).toMatch(/^cs_test_[A-Za-z0-9]{58}$/)
    expect(slackId(r, 'Ev', 12)).toMatch(/^Ev[A-Z0-9]{10}$/)
  })
})

describe('time helpers', () => {
  it('format the same instant in each provider form', () => {
    const d = new Date('2026-01-01T02:03:04.567Z')
    expect(isoSeconds(d)).toBe('2026-01-01T02:03:04Z')
    expect(isoWithOffset(d, -300)).toBe('2025-12-31T21:03:04-05:00')
    expect(isoWithOffset(d, 330)).toBe('2026-01-01T07:33:04+05:30')
    expect(new Date(isoWithOffset(d, -300)).getTime()).toBe(Math.floor(d.getTime() / 1000) * 1000)
    expect(gitlabUtc(d)).toBe('2026-01-01 02:03:04 UTC')
  })
})
