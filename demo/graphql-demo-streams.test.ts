import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { applyIncremental, createMultipartReader, startIncremental, boundaryOf } from '../src/features/graphql/core/stream/index.ts'
import { MULTIPLE_PAYLOADS_MESSAGE } from './graphql-demo-incremental.ts'
import { startGraphQLDemo, type GraphQLDemoServer } from './graphql-demo.ts'
import type { StreamStats } from './graphql-demo-streams.ts'

type ExecutionResult = FormattedExecutionResult<Record<string, unknown>, unknown>

const APP_ORIGIN = 'http://127.0.0.1:4173'
const SSE_ACCEPT = 'text/event-stream'
const INCREMENTAL_ACCEPT = 'multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json'

/** The `event:`/`data:` pairs of an SSE body read to its end (or until `stopAfter` next events). */
async function readSse(response: Response, stopAfter = Infinity): Promise<{ event: string; data: string }[]> {
  const events: { event: string; data: string }[] = []
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (let step = await reader.read(); !step.done; step = await reader.read()) {
    buffer += step.value
    let end: number
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const event = /^event: ?(.*)$/m.exec(block)?.[1]
      if (event) events.push({ event, data: [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n') })
      if (events.filter((e) => e.event === 'next').length >= stopAfter) {
        await reader.cancel()
        return events
      }
    }
  }
  return events
}

/** Every result of one operation over graphql-ws, until it completes. */
function wsResults(client: Client, query: string): Promise<ExecutionResult[]> {
  const results: ExecutionResult[] = []
  return new Promise((resolve, reject) => {
    client.subscribe({ query }, { next: (result) => results.push(result), error: reject, complete: () => resolve(results) })
  })
}

const wsClient = (server: GraphQLDemoServer, connectionParams: Record<string, string> = {}) =>
  createClient({ url: `${server.origin.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 })

/** Polls /stream-stats until `done` holds (the close travels through the event loop, not a timer). */
async function statsWhen(server: GraphQLDemoServer, done: (stats: StreamStats) => boolean): Promise<StreamStats> {
  for (;;) {
    const stats = (await (await fetch(`${server.origin}/stream-stats`)).json()) as StreamStats
    if (done(stats)) return stats
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Resolves with the close code and reason of a raw socket (or the HTTP status of a refused upgrade). */
function rawSocket(url: string, protocols: string[]) {
  const socket = new WebSocket(url, protocols)
  const ended = new Promise<{ code?: number; reason?: string; status?: number; protocol?: string }>((resolve) => {
    socket.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode }))
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString(), protocol: socket.protocol }))
    socket.on('error', () => undefined)
  })
  return { socket, ended }
}

describe('GraphQL demo server streams', () => {
  let server: GraphQLDemoServer
  let noCors: GraphQLDemoServer
  beforeAll(async () => {
    server = await startGraphQLDemo({ port: 0 })
    noCors = await startGraphQLDemo({ port: 0, cors: false })
  })
  afterAll(async () => {
    await server.close()
    await noCors.close()
  })

  const post = (body: object, accept: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, origin: APP_ORIGIN, ...headers },
      body: JSON.stringify(body),
    })

  test('a countdown over SSE arrives in order and completes, readable cross-origin', async () => {
    const preflight = await fetch(`${server.origin}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    })
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type')
    const response = await post({ query: 'subscription { countdown(from: 3, intervalMs: 5) }' }, SSE_ACCEPT)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    const events = await readSse(response)
    expect(events.map((e) => (e.event === 'next' ? JSON.parse(e.data) : e.event))).toEqual([
      { data: { countdown: 3 } },
      { data: { countdown: 2 } },
      { data: { countdown: 1 } },
      { data: { countdown: 0 } },
      'complete',
    ])
  })

  test('a countdown over WebSocket arrives in order; connection_init values are the headers resolvers see', async () => {
    const client = wsClient(server, { authorization: 'Bearer ws-token' })
    try {
      expect(await wsResults(client, 'subscription { countdown(from: 2, intervalMs: 5) }')).toEqual([
        { data: { countdown: 2 } },
        { data: { countdown: 1 } },
        { data: { countdown: 0 } },
      ])
      expect(await wsResults(client, 'subscription { echo { method header(name: "Authorization") } }')).toEqual([
        { data: { echo: { method: 'WEBSOCKET', header: 'Bearer ws-token' } } },
      ])
      // Queries run too, @defer included (each payload is one `next`).
      const deferred = await wsResults(client, '{ user(id: "1") { id ... @defer { stats(delayMs: 0) { posts } } } }')
      expect(deferred[0]).toMatchObject({ data: { user: { id: '1' } }, pending: [{ id: '0', path: ['user'] }], hasNext: true })
      expect(deferred.at(-1)).toMatchObject({ hasNext: false, incremental: [{ id: '0', data: { stats: { posts: 7 } } }] })
    } finally {
      await client.dispose()
    }
  })

  test('createPost emits a postCreated event', async () => {
    const client = wsClient(server)
    try {
      const first = new Promise<ExecutionResult>((resolve, reject) => {
        const stop = client.subscribe({ query: 'subscription { postCreated { id title author { id } } }' }, {
          next: (result) => (stop(), resolve(result)),
          error: reject,
          complete: () => undefined,
        })
      })
      // The subscription is set up once the server counts it as active.
      await statsWhen(server, (stats) => stats.active > 0)
      await post({ query: 'mutation { createPost(input: { title: "Live", body: "B", authorId: "4" }) { id } }' }, 'application/json')
      const result = await first
      expect(result.data).toEqual({ postCreated: { id: expect.stringMatching(/^new-\d+$/), title: 'Live', author: { id: '4' } } })
    } finally {
      await client.dispose()
    }
  })

  test('failingCountdown sends a GraphQL error result mid-stream, then ends', async () => {
    const events = await readSse(await post({ query: 'subscription { failingCountdown(from: 2, failAt: 1, intervalMs: 5) }' }, SSE_ACCEPT))
    expect(events.map((e) => e.event)).toEqual(['next', 'next', 'complete'])
    const failed = JSON.parse(events[1]!.data) as { data: unknown; errors: { message: string; path: string[] }[] }
    expect(failed.data).toEqual({ failingCountdown: null })
    expect(failed.errors[0]).toMatchObject({ message: 'The countdown failed at 1 (demo of an error mid-stream).', path: ['failingCountdown'] })
  })

  test('/stream-stats sees a client close an SSE and a WebSocket subscription', async () => {
    const before = (await (await fetch(`${server.origin}/stream-stats`)).json()) as StreamStats
    const sse = await readSse(await post({ query: 'subscription { countdown(from: 1000, intervalMs: 20) }' }, SSE_ACCEPT), 2)
    expect(sse).toHaveLength(2)
    const afterSse = await statsWhen(server, (stats) => stats.closed === before.closed + 1)
    expect(afterSse.lastClosed).toMatchObject({ field: 'countdown', transport: 'sse', endedBy: 'client' })

    const client = wsClient(server)
    await new Promise<void>((resolve, reject) => {
      let seen = 0
      const stop = client.subscribe({ query: 'subscription { ticks(count: 100000, perSecond: 200) { n at } }' }, {
        next: () => (++seen === 3 ? (stop(), resolve()) : undefined),
        error: reject,
        complete: () => undefined,
      })
    })
    const afterWs = await statsWhen(server, (stats) => stats.closed === before.closed + 2)
    expect(afterWs.lastClosed).toMatchObject({ field: 'ticks', transport: 'ws', endedBy: 'client' })
    expect(afterWs.active).toBe(0)
    await client.dispose()
  })

  test('the no-CORS twin refuses WebSocket upgrades; /legacy-ws speaks only subscriptions-transport-ws', async () => {
    expect(await rawSocket(`${noCors.origin.replace('http', 'ws')}/graphql`, ['graphql-transport-ws']).ended).toEqual({ status: 501 })

    const wsOrigin = server.origin.replace('http', 'ws')
    // As subscriptions-transport-ws does: the handshake completes, then a close 1002 (protocol error).
    expect(await rawSocket(`${wsOrigin}/legacy-ws`, ['graphql-transport-ws']).ended).toEqual({ code: 1002, reason: '', protocol: 'graphql-transport-ws' })
    // On /graphql a legacy-only client gets no subprotocol back (graphql-ws's own choice): its handshake fails.
    expect(await rawSocket(`${wsOrigin}/graphql`, ['graphql-ws']).ended).toEqual({ code: 1006, reason: '', protocol: '' })

    const legacy = rawSocket(`${wsOrigin}/legacy-ws`, ['graphql-ws'])
    const ack = await new Promise<unknown>((resolve) => {
      legacy.socket.on('open', () => legacy.socket.send(JSON.stringify({ type: 'connection_init', payload: {} })))
      legacy.socket.once('message', (data) => resolve(JSON.parse(String(data))))
    })
    expect(ack).toEqual({ type: 'connection_ack' })
    legacy.socket.close()
  })

  test('a @defer/@stream query arrives in parts, the initial one before the deferred ones, and merges right', async () => {
    const query = `{
      user(id: "2") { id name ... @defer(label: "stats") { stats(delayMs: 150) { followers posts } } }
      feed(count: 3, delayMs: 100) @stream(initialCount: 1) { id }
    }`
    const response = await post({ query }, INCREMENTAL_ACCEPT)
    const boundary = boundaryOf(response.headers.get('content-type'))
    expect(boundary).toBe('-')
    const reader = createMultipartReader(boundary!)
    // Each read's parts, in order: the initial part must come alone, before anything deferred exists. The delays
    // leave 100 ms between the initial part and the first streamed item, so a busy machine does not read both at once.
    const batches: unknown[][] = []
    for await (const chunk of response.body!) {
      const parts = reader.push(chunk)
      if (parts.length > 0) batches.push(parts.map((part) => JSON.parse(part.body)))
    }
    expect(reader.end()).toEqual({ parts: [], closed: true })
    const [initial, ...rest] = batches.flat()
    expect(batches[0]).toEqual([initial])
    expect(initial).toMatchObject({ data: { user: { id: '2', name: 'Grace Lovelace' }, feed: [{ id: 'feed-1' }] }, hasNext: true })
    const merged = startIncremental(initial)
    expect([...merged.pending.values()].map((p) => p.path)).toEqual([['user'], ['feed']])
    for (const payload of rest) applyIncremental(merged, payload)
    expect(rest.length).toBeGreaterThanOrEqual(2)
    expect(merged).toEqual({
      data: { user: { id: '2', name: 'Grace Lovelace', stats: { followers: 74, posts: 14 } }, feed: [{ id: 'feed-1' }, { id: 'feed-2' }, { id: 'feed-3' }] },
      errors: [],
      pending: new Map(),
      hasNext: false,
      problems: [],
    })
  })

  test('/yoga-defer/graphql answers @defer as graphql-yoga’s useDeferStream does: path-based parts, no pending list', async () => {
    const response = await fetch(`${server.origin}/yoga-defer/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: INCREMENTAL_ACCEPT, origin: APP_ORIGIN },
      body: JSON.stringify({ query: '{ user(id: "1") { name ... @defer(label: "stats") { stats(delayMs: 20) { followers } } } }' }),
    })
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    const reader = createMultipartReader(boundaryOf(response.headers.get('content-type'))!)
    const parts: unknown[] = []
    for await (const chunk of response.body!) parts.push(...reader.push(chunk).map((part) => JSON.parse(part.body)))
    expect(parts).toEqual([
      { data: { user: { name: 'Ada Lovelace' } }, hasNext: true },
      { incremental: [{ data: { stats: { followers: 37 } }, path: ['user'], label: 'stats' }], hasNext: false },
    ])
    // The tester's merge of that format: nothing listed as pending, hasNext alone said more would come.
    const merged = startIncremental(parts[0])
    expect([merged.pending.size, merged.hasNext]).toEqual([0, true])
    applyIncremental(merged, parts[1])
    expect([merged.data, merged.hasNext]).toEqual([{ user: { name: 'Ada Lovelace', stats: { followers: 37 } } }, false])
  })

  test('without multipart in Accept, a @defer query gets one JSON error saying how to send it', async () => {
    const body = (await (await post({ query: '{ user(id: "1") { id ... @defer { stats(delayMs: 0) { posts } } } }' }, 'application/json')).json()) as { errors: { message: string }[] }
    expect(body.errors[0]?.message).toBe(MULTIPLE_PAYLOADS_MESSAGE)
  })
})
