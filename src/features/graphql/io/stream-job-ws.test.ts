/**
 * The stream job over WebSocket against hostile graphql-transport-ws servers
 * (demo/hostile-streams.ts, real sockets; the `ws` package plays the browser's WebSocket): a flood
 * read by a page that falls behind is held up to a bound and the rest counted, never kept; a
 * message past the event limit and a stream past the stream limit end the job with the limit
 * named; Stop sends `complete` and closes the socket, and the server sees both; odd `error`
 * payloads end the stream in bounded words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { BuiltRequest } from '@/features/graphql/core/request'
import { STREAM_LIMITS, WS_HOLD_LIMITS, type StreamLimits } from '@/features/graphql/core/stream'
import { startHostileStreams, type HostileStreams } from '../../../../demo/hostile-streams.ts'
import { BATCH_LIMITS, MAX_BATCHES_IN_FLIGHT, startStreamJob, type StreamJob, type StreamJobMessage } from './stream-job'

let server: HostileStreams
beforeAll(async () => void (server = await startHostileStreams()))
afterAll(async () => server.close())

const env = { WebSocket: WebSocket as unknown as typeof globalThis.WebSocket }
const request = (path: string): BuiltRequest => ({
  url: `${server.origin.replace('http', 'ws')}${path}`,
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
  body: '{"query":"subscription { flood }"}',
})
const start = (path: string, post: (message: StreamJobMessage) => void, limits: StreamLimits = STREAM_LIMITS): StreamJob =>
  startStreamJob({ type: 'start', transport: 'ws', request: request(path), limits, ackTimeoutMs: 2000 }, post, env)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs a job to its end, acknowledging every batch; returns the events counted and the last message. */
function runToEnd(path: string, limits?: StreamLimits): Promise<{ events: number; end: StreamJobMessage }> {
  return new Promise((resolve) => {
    let events = 0
    const job = start(
      path,
      (message) => {
        if (message.type !== 'events') return resolve({ events, end: message })
        events += message.events.length
        setTimeout(() => job.ack(), 0)
      },
      limits,
    )
  })
}

/** A count of the server's for `route` once it passes `before` (or after 2 s). */
async function countSince(read: () => number, before: number): Promise<number> {
  for (let i = 0; i < 100 && read() === before; i++) await sleep(20)
  return read()
}
const closedEarly = (route: string) => () => server.stats().closedEarlyByRoute[route] ?? 0
const completed = (route: string) => () => server.stats().completedByRoute[route] ?? 0
const sent = (route: string) => () => server.stats().sentByRoute[route] ?? 0

describe('stream job over WebSocket: a flood the page cannot keep up with', () => {
  it('holds at most the bound while the page is behind, counts the rest as skipped, and Stop sends complete and closes', async () => {
    const closedBefore = closedEarly('/ws/flood')()
    const completedBefore = completed('/ws/flood')()
    const sentBefore = sent('/ws/flood')()
    const messages: Extract<StreamJobMessage, { type: 'events' }>[] = []
    const job = start('/ws/flood?pad=1000', (message) => {
      if (message.type === 'events') messages.push(message)
    })
    // The page acknowledges nothing until the server has sent more than the batches in flight and the
    // bound (each message over 1,000 bytes) — however long a busy machine takes — and a moment more
    // for the worker to read them: only the batches in flight are sent to the page meanwhile.
    const enough = sentBefore + (MAX_BATCHES_IN_FLIGHT + 1) * BATCH_LIMITS.events + Math.ceil(WS_HOLD_LIMITS.bytes / 1000) + 2000
    for (let i = 0; i < 600 && sent('/ws/flood')() < enough; i++) await sleep(50)
    expect(sent('/ws/flood')()).toBeGreaterThanOrEqual(enough)
    await sleep(1000)
    expect(messages.length).toBeGreaterThan(0)
    expect(messages.length).toBeLessThanOrEqual(MAX_BATCHES_IN_FLIGHT)
    // Then it catches up: what waited comes (within the bound), then a batch that says how many were not kept.
    for (let i = 0; i < 2000 && !messages.some((m) => m.skipped); i++) {
      job.ack()
      await sleep(5)
    }
    const gapAt = messages.findIndex((m) => m.skipped)
    expect(gapAt).toBeGreaterThan(0)
    // Kept before the gap: the batches in flight, what was held (the bound) and the batch open when it was reached.
    const bytesBefore = messages.slice(0, gapAt).reduce((sum, m) => sum + m.events.reduce((s, e) => s + e.sizeBytes, 0), 0)
    expect(bytesBefore).toBeLessThan(WS_HOLD_LIMITS.bytes + (MAX_BATCHES_IN_FLIGHT + 1) * BATCH_LIMITS.bytes)
    // Numbers stay in order across the gap: the first kept after it is later than the last before it by more than the gap.
    const flood = (m: Extract<StreamJobMessage, { type: 'events' }> | undefined, at: number) => (JSON.parse(m?.events.at(at)?.text ?? '{}') as { data?: { flood?: number } }).data?.flood ?? NaN
    expect(flood(messages[gapAt], 0) - flood(messages[gapAt - 1], -1)).toBe((messages[gapAt]?.skipped ?? 0) + 1)
    job.stop()
    expect(await countSince(completed('/ws/flood'), completedBefore)).toBe(completedBefore + 1)
    expect(await countSince(closedEarly('/ws/flood'), closedBefore)).toBe(closedBefore + 1)
  }, 60_000)

  it('Stop sends complete and starts the close in the same task, before any hold of the thread (the close is not left to a later microtask)', async () => {
    const completedBefore = completed('/ws/flood')()
    const closedBefore = closedEarly('/ws/flood')()
    const sockets: WebSocket[] = []
    class RecordedWebSocket extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args)
        sockets.push(this)
      }
    }
    let events = 0
    const job = startStreamJob(
      { type: 'start', transport: 'ws', request: request('/ws/flood?pad=10'), limits: STREAM_LIMITS, ackTimeoutMs: 2000 },
      (message) => {
        if (message.type === 'events') events += message.events.length
        setTimeout(() => job.ack(), 0)
      },
      { WebSocket: RecordedWebSocket as unknown as typeof globalThis.WebSocket },
    )
    for (let i = 0; i < 200 && events === 0; i++) await sleep(10)
    expect(events).toBeGreaterThan(0)
    job.stop()
    expect(sockets.map((socket) => socket.readyState)).toEqual([WebSocket.CLOSING])
    expect(await countSince(completed('/ws/flood'), completedBefore)).toBe(completedBefore + 1)
    expect(await countSince(closedEarly('/ws/flood'), closedBefore)).toBe(closedBefore + 1)
  })

  it('a flood past the stream limit ends with the limit named, and the subscription is completed and closed', async () => {
    const closedBefore = closedEarly('/ws/flood')()
    const { events, end } = await runToEnd('/ws/flood?pad=100', { eventBytes: 1_000_000, streamBytes: 3_000_000 })
    expect(end).toEqual({ type: 'fail', message: expect.stringMatching(/^The stream passed 3\.0 MB, the most one stream may bring into this tab\. The stream was stopped and its connection closed/) })
    expect(events).toBeGreaterThan(1000)
    expect(await countSince(closedEarly('/ws/flood'), closedBefore)).toBe(closedBefore + 1)
  }, 20_000)
})

describe('stream job over WebSocket: limits and odd messages, named', () => {
  it('a 20 MB message passes the 16 MB limit: no event, the limit named', async () => {
    expect(await runToEnd('/ws/huge?mb=20')).toEqual({
      events: 0,
      end: { type: 'fail', message: expect.stringMatching(/^A WebSocket message passed 16 MB, the most one message may be here\. The stream was stopped and its connection closed/) },
    })
  }, 20_000)

  it('a message under the limit arrives, then the server completes', async () => {
    expect(await runToEnd('/ws/huge?mb=1')).toEqual({ events: 1, end: { type: 'complete' } })
  })

  it.each([
    ['object-message', /^The server refused the operation: \{"toString":1\}$/],
    ['not-array', /^The server sent a message the graphql-ws client could not use \(/],
    ['null-payload', /^The server sent a message the graphql-ws client could not use \(/],
    ['huge-message', /^The server refused the operation: e{400}/],
  ])('an error message with %s ends the stream in words, at most 2,000 characters of the server’s', async (kind, words) => {
    const { end } = await runToEnd(`/ws/odd-error?kind=${kind}`)
    expect(end).toMatchObject({ type: 'fail', message: expect.stringMatching(words) })
    expect(end.type === 'fail' && end.message.length).toBeLessThan(2100)
  })

  it('a closed port is a network error before any answer (the page probes it over HTTP)', async () => {
    const closed = await startHostileStreams()
    const url = closed.origin.replace('http', 'ws')
    await closed.close()
    const end = await new Promise<StreamJobMessage>((resolve) => {
      startStreamJob({ type: 'start', transport: 'ws', request: { ...request('/ws/flood'), url: `${url}/ws/flood` } }, (message) => message.type !== 'events' && resolve(message), env)
    })
    expect(end).toEqual({ type: 'network-error', message: 'WebSocket connection failed', answered: false })
  })
})
