/**
 * The stream job against hostile servers (demo/hostile-streams.ts, real sockets): a line that never
 * ends, a part that never ends and an answer without a boundary stop at the limit, named; a flood
 * read by a page that does not acknowledge pauses after a few batches; Stop closes the connection
 * the server sees; bursts of 100,000+ events arrive whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BuiltRequest } from '@/features/graphql/core/request'
import { incrementalFromJson, type IncrementalResult } from '@/features/graphql/core/stream'
import { startHostileStreams, type HostileStreams } from '../../../../demo/hostile-streams.ts'
import { MAX_BATCHES_IN_FLIGHT, startStreamJob, type StreamJobMessage, type StreamJobTransport } from './stream-job'

let server: HostileStreams
beforeAll(async () => void (server = await startHostileStreams()))
afterAll(async () => server.close())

const request = (path: string): BuiltRequest => ({ url: `${server.origin}${path}`, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"subscription { x }"}' })
const small = { eventBytes: 1_000_000, streamBytes: 50_000_000 }

/** Runs a job to its end, acknowledging every batch; returns the events counted and the last message. */
function runToEnd(transport: StreamJobTransport, path: string, limits = small): Promise<{ events: number; end: StreamJobMessage; merged?: IncrementalResult }> {
  return new Promise((resolve) => {
    let events = 0
    let merged: IncrementalResult | undefined
    const job = startStreamJob({ type: 'start', transport, request: request(path), limits }, (message) => {
      if (message.type === 'events') {
        events += message.events.length
        merged = message.merged === undefined ? merged : incrementalFromJson(message.merged)
        setTimeout(() => job.ack(), 0)
      } else resolve({ events, end: message, ...(merged ? { merged } : {}) })
    })
  })
}

/** How many connections to `route` the client closed early, once it passes `before` (or after 1 s). */
const closedEarlySince = async (route: string, before: number) => {
  const closed = () => server.stats().closedEarlyByRoute[route] ?? 0
  for (let i = 0; i < 50 && closed() === before; i++) await new Promise((resolve) => setTimeout(resolve, 20))
  return closed()
}

describe('stream job: limits, named', () => {
  it('an SSE line that never ends stops at the event limit, and the server sees the close', async () => {
    const before = server.stats().closedEarlyByRoute['/sse/endless-line'] ?? 0
    const { end } = await runToEnd('sse', '/sse/endless-line')
    expect(end).toEqual({ type: 'fail', message: expect.stringMatching(/^An event passed 1\.0 MB, the most one event may be here .* its connection closed/) })
    expect(await closedEarlySince('/sse/endless-line', before)).toBe(before + 1)
  })

  it('a 50 MB SSE event stops at the 16 MB default', async () => {
    const { end } = await runToEnd('sse', '/sse/big-event?mb=50', { eventBytes: 16_000_000, streamBytes: 256_000_000 })
    expect(end).toMatchObject({ type: 'fail', message: expect.stringMatching(/^An event passed 16 MB/) })
  })

  it('a multipart part that never ends, and a multipart answer without a boundary, stop at the limit', async () => {
    expect((await runToEnd('multipart', '/multipart/endless-part')).end).toMatchObject({ type: 'fail', message: expect.stringMatching(/^A part of the multipart answer passed 1\.0 MB/) })
    expect((await runToEnd('multipart', '/multipart/no-boundary?mb=100')).end).toMatchObject({ type: 'fail', message: expect.stringMatching(/^The answer passed 1\.0 MB, the most one result may be here \(it is not multipart\/mixed/) })
  })

  it('a flood stops at the stream limit', async () => {
    const { events, end } = await runToEnd('sse', '/sse/flood', { eventBytes: 1_000_000, streamBytes: 3_000_000 })
    expect(end).toMatchObject({ type: 'fail', message: expect.stringMatching(/^The stream passed 3\.0 MB, the most one stream may bring into this tab/) })
    expect(events).toBeGreaterThan(1000)
  })
})

describe('stream job: flow control and Stop', () => {
  it('a flood read by a page that does not acknowledge pauses after a few batches; Stop closes the connection', async () => {
    const before = server.stats().closedEarlyByRoute['/sse/flood'] ?? 0
    const batches: number[] = []
    const job = startStreamJob({ type: 'start', transport: 'sse', request: request('/sse/flood'), limits: small }, (message) => {
      if (message.type === 'events') batches.push(message.events.length)
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(batches.length).toBeGreaterThan(0)
    expect(batches.length).toBeLessThanOrEqual(MAX_BATCHES_IN_FLIGHT)
    job.ack()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(batches.length).toBeGreaterThan(1)
    expect(batches.length).toBeLessThanOrEqual(MAX_BATCHES_IN_FLIGHT + 1)
    job.stop()
    expect(await closedEarlySince('/sse/flood', before)).toBe(before + 1)
  })
})

describe('stream job: large bursts arrive whole', () => {
  it('300,000 SSE events', async () => {
    expect(await runToEnd('sse', '/sse/burst?count=300000')).toEqual({ events: 300_000, end: { type: 'complete' } })
  }, 30_000)

  it('100,000 multipart parts (an initial result, 100,000 @stream items, the completion), merged here', async () => {
    const { events, end, merged } = await runToEnd('multipart', '/multipart/parts?count=100000')
    expect({ events, end }).toEqual({ events: 100_002, end: { type: 'complete' } })
    expect((merged?.data as { items: number[] }).items).toHaveLength(100_000)
    expect(merged?.pending.size).toBe(0)
  }, 30_000)

  it('100,000 pending ids delivered and completed in one part, merged here', async () => {
    const { events, merged } = await runToEnd('multipart', '/multipart/pending?count=100000', { eventBytes: 16_000_000, streamBytes: 256_000_000 })
    expect(events).toBe(2)
    expect((merged?.data as Record<string, unknown>).f99999).toEqual({ v: 99999 })
    expect([merged?.pending.size, merged?.problems]).toEqual([0, []])
  }, 30_000)
})
