/**
 * The stream runners against real servers: a closed port (SSE, multipart), the demo's legacy
 * subscriptions-transport-ws endpoint (it closes with 1002 as that library does), and a
 * graphql-transport-ws server that sends messages the client cannot use. Every failure ends the
 * stream with its own words: never a hang, never CORS for what is not CORS.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import type { BuiltRequest } from '@/features/graphql/core/request'
import { LEGACY_PROTOCOL_WORDS } from '@/features/graphql/core/stream'
import { startGraphQLDemo, type GraphQLDemoServer } from '../../../../demo/graphql-demo.ts'
import { runStream, type StreamSink } from './graphql-stream-runners'

// Node 20 has no WebSocket of its own: the browser's role is played by ws's client (for this file only).
const ownWebSocket = globalThis.WebSocket
beforeAll(() => void (globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket))
afterAll(() => void (globalThis.WebSocket = ownWebSocket))

const subscription = (url: string): BuiltRequest => ({
  url,
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ query: 'subscription { countdown(from: 2) }' }),
})

/** Runs a stream until it ends (or 5 s pass) and returns how it ended. */
async function outcome(transport: 'sse' | 'ws' | 'multipart', url: string): Promise<{ failure?: string; completed: boolean; events: number }> {
  const result = { completed: false, events: 0 } as { failure?: string; completed: boolean; events: number }
  let stop = () => {}
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000)
    const sink: StreamSink = {
      events: (batch, done) => {
        result.events += batch.length
        done()
      },
      complete: () => (result.completed = true, clearTimeout(timer), resolve()),
      fail: (message) => (result.failure = message, clearTimeout(timer), resolve()),
    }
    void runStream(transport, subscription(url), sink, { pageOrigin: 'http://127.0.0.1:4173', online: true, connectionAckWaitTimeoutMs: 2000 }).then((s) => (stop = s))
  })
  stop()
  return result
}

/** A port nothing listens on: listened on once, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('stream runners: a server that is down', () => {
  it('over SSE and multipart says no server answered, not CORS and not the raw "fetch failed"', async () => {
    const port = await closedPort()
    for (const transport of ['sse', 'multipart'] as const) {
      const { failure } = await outcome(transport, `http://127.0.0.1:${port}/graphql`)
      expect(failure).toMatch(new RegExp(`^No server answered at 127\\.0\\.0\\.1:${port}\\. Nothing is listening on that port`))
      expect(failure).not.toMatch(/CORS settings|fetch failed/)
    }
  })

  it('over WebSocket says no server answered, after an HTTP probe of the same address', async () => {
    const port = await closedPort()
    const { failure } = await outcome('ws', `ws://127.0.0.1:${port}/graphql`)
    expect(failure).toMatch(new RegExp(`^No server answered at 127\\.0\\.0\\.1:${port}`))
  })
})

describe('stream runners: a legacy subscriptions-transport-ws server', () => {
  let demo: GraphQLDemoServer
  beforeAll(async () => void (demo = await startGraphQLDemo({ port: 0 })))
  afterAll(async () => demo.close())

  it('a countdown over SSE from graphql-yoga arrives whole and completes', async () => {
    expect(await outcome('sse', `${demo.origin}/graphql`)).toEqual({ completed: true, events: 3 })
  })

  it('is named as the legacy protocol with the next step (it accepts the socket, then closes with 1002)', async () => {
    expect((await outcome('ws', `${demo.origin.replace('http', 'ws')}/legacy-ws`)).failure).toBe(LEGACY_PROTOCOL_WORDS)
  })
})

describe('stream runners: hostile graphql-transport-ws messages', () => {
  let server: Server
  let origin = ''
  let reply: (id: string) => unknown
  beforeAll(async () => {
    server = createServer()
    const wss = new WebSocketServer({ server, handleProtocols: () => 'graphql-transport-ws' })
    wss.on('connection', (socket) =>
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; id?: string }
        if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'connection_ack' }))
        if (message.type === 'subscribe' && message.id) socket.send(JSON.stringify(reply(message.id)))
      }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('an error message whose error is not a string ends the stream with words (no "Connecting…" forever)', async () => {
    reply = (id) => ({ type: 'error', id, payload: [{ message: { toString: 1 } }] })
    const { failure } = await outcome('ws', `${origin}/graphql`)
    expect(failure).toBe('The server refused the operation: {"toString":1}')
  })

  it('a next for an unknown id is said as a message the client could not use, never CORS', async () => {
    reply = () => ({ type: 'next', id: '__proto__', payload: { data: {} } })
    const { failure } = await outcome('ws', `${origin}/graphql`)
    expect(failure).toMatch(/^The server sent a message the graphql-ws client could not use \(/)
    expect(failure).not.toMatch(/CORS/)
  })
})
