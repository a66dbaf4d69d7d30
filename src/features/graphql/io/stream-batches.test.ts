/**
 * The batches of a stream job without a network: while the page acknowledges nothing, at most two
 * batches go out, a WebSocket's events wait up to the hold bound and the rest are counted; the first
 * batch after a gap carries the gap's count, and the end sends a trailing one.
 */
import { describe, expect, it } from 'vitest'
import { WS_HOLD_LIMITS } from '@/features/graphql/core/stream'
import { BATCH_LIMITS, createStreamBatches, MAX_BATCHES_IN_FLIGHT } from './stream-batches'
import type { ArrivedEvent, StreamJobMessage } from './stream-job'

const event = (n: number): ArrivedEvent => ({ text: `{"data":{"n":${n}}}`, kind: 'result', summary: `n: ${n}`, sizeBytes: 10, at: 0 })
const first = (m: StreamJobMessage | undefined) => (m?.type === 'events' ? m.events[0]?.summary : undefined)

describe('stream batches', () => {
  it('holds a WebSocket’s events up to the bound while the page is behind, counts the rest, and says the gap', () => {
    const sent: Extract<StreamJobMessage, { type: 'events' }>[] = []
    const batches = createStreamBatches((message) => sent.push(message))
    let n = 0
    const offerMany = (count: number) => {
      for (let i = 0; i < count; i++) batches.offer(() => event(++n))
    }
    offerMany(MAX_BATCHES_IN_FLIGHT * BATCH_LIMITS.events + WS_HOLD_LIMITS.events + 100)
    expect(sent.map((m) => m.events.length)).toEqual([BATCH_LIMITS.events, BATCH_LIMITS.events])
    expect(batches.full()).toBe(true)
    batches.ack()
    expect(sent).toHaveLength(MAX_BATCHES_IN_FLIGHT + 1)
    // Room for one more event after the gap of 100: it starts a batch of its own with the count.
    offerMany(1)
    batches.flushAll()
    const gap = sent.find((m) => m.skipped)
    expect(gap?.skipped).toBe(100)
    expect(first(gap)).toBe(`n: ${n}`)
    expect(sent.reduce((sum, m) => sum + m.events.length, 0)).toBe(n) // every kept event sent once, none of the 100
    expect(sent.every((m) => !m.skipped || m === gap)).toBe(true)
  })

  it('counts events skipped at the end in a trailing message, and never calls a skipped event’s factory', () => {
    const sent: StreamJobMessage[] = []
    const batches = createStreamBatches((message) => sent.push(message))
    let made = 0
    const total = MAX_BATCHES_IN_FLIGHT * BATCH_LIMITS.events + WS_HOLD_LIMITS.events + 7
    for (let i = 0; i < total; i++) batches.offer(() => (made++, event(i)))
    expect(made).toBe(total - 7)
    batches.flushAll()
    expect(sent.at(-1)).toEqual({ type: 'events', events: [], skipped: 7 })
  })
})
