import { describe, expect, it } from 'vitest'
import { generateWebhook, providers } from './index'

const RUNS = 10_000

describe(`delivery ids are unique over ${RUNS} regenerations`, () => {
  it.each(providers.map((p) => p.id))('%s', (providerId) => {
    const events = providers.find((p) => p.id === providerId)?.events ?? []
    const now = new Date('2026-03-01T12:00:00Z')
    const ids = new Set<string>()
    for (let i = 0; i < RUNS; i++) {
      const event = events[i % events.length]?.type ?? ''
      ids.add(generateWebhook(providerId, event, { now }).deliveryId)
    }
    expect(ids.size).toBe(RUNS)
  }, 60_000)
})
