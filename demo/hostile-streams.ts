/**
 * Hostile GraphQL stream servers for the hardening tests: each route answers a POST (any body) as a
 * server that floods, never ends a line, bursts, or sends a multipart answer no client should hold
 * whole. Bodies are generated as they are sent (never held), writes wait for the socket to drain,
 * and every connection the client closes early is counted, in all and per route (`/stats`), so a
 * test can prove Stop reached the server while other tests use other routes of the same server.
 *
 *   POST /sse/flood?pad=1000           `next` events padded with that many bytes, as fast as the client reads, forever
 *   POST /sse/endless-line             `event: next` then a `data:` line that never ends
 *   POST /sse/burst?count=300000       that many small events at once, then `complete`
 *   POST /sse/big-event?mb=50          one event of that size
 *   POST /multipart/parts?count=100000 an initial result, then that many small @stream parts
 *   POST /multipart/pending?count=100000  that many pending ids, then one part delivering and completing each
 *   POST /multipart/no-boundary?mb=100 `multipart/mixed` without a boundary parameter: that many MB of JSON
 *   POST /multipart/endless-part       a part that never ends
 *   WS   /ws/flood?pad=10              graphql-transport-ws: `next` messages padded with that many bytes, as fast as the client reads, forever
 *   WS   /ws/huge?mb=20                one `next` message of that size, then `complete`
 *   WS   /ws/odd-error?kind=…          an `error` message no client should take at its word: `object-message`
 *                                      (a message that is an object), `not-array` (payload an object), `null-payload`,
 *                                      `huge-message` (a 1 MB message string)
 *   GET  /stats                        { closedEarly, closedEarlyByRoute, completedByRoute, sentByRoute, open }
 *
 *   npx tsx demo/hostile-streams.ts --port 4600
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { WebSocketServer, type WebSocket } from 'ws'

/** What `/stats` answers. */
export interface HostileStreamsStats {
  /** Connections the client closed before the server ended them. */
  closedEarly: number
  /** The same, by route (`/sse/flood`): tests running beside each other each read their own. */
  closedEarlyByRoute: Record<string, number>
  /** WebSocket subscriptions the client ended with a graphql-ws `complete` message, by route (`/ws/flood`). */
  completedByRoute: Record<string, number>
  /** WebSocket messages written to clients, by route: a test waits for a flood to have sent enough. */
  sentByRoute: Record<string, number>
  /** Connections open now. */
  open: number
}

/** A running hostile server. */
export interface HostileStreams {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  /** Connections the client closed before the server ended them: in all, and by route (path). */
  stats(): HostileStreamsStats
  close(): Promise<void>
}

const MB = 1_000_000
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-max-age': '600',
}

/** Writes `text`, resolving once the socket took it (false: the client is gone). */
function write(res: ServerResponse, text: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return Promise.resolve(false)
  if (res.write(text)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      res.off('drain', drained)
      res.off('close', closed)
      resolve(ok)
    }
    const drained = () => done(true)
    const closed = () => done(false)
    res.once('drain', drained)
    res.once('close', closed)
  })
}

/** Sends `next()` until it returns undefined or the client goes; batches small strings into ~64 KB writes. */
async function pump(res: ServerResponse, next: () => string | undefined): Promise<boolean> {
  for (;;) {
    let chunk = ''
    let piece: string | undefined
    while (chunk.length < 64 * 1024 && (piece = next()) !== undefined) chunk += piece
    if (chunk && !(await write(res, chunk))) return false
    if (piece === undefined) return true
  }
}

const count = (url: URL, fallback: number) => Math.min(Math.max(Number(url.searchParams.get('count') ?? fallback) || fallback, 1), 1_000_000)
const megabytes = (url: URL, fallback: number) => Math.min(Math.max(Number(url.searchParams.get('mb') ?? fallback) || fallback, 0), 1024)

async function route(path: string, url: URL, res: ServerResponse): Promise<void> {
  const sse = () => res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
  const multipart = (type = 'multipart/mixed; boundary="-"; deferSpec=20220824') => res.writeHead(200, { ...CORS, 'content-type': type })
  const part = (json: string) => `\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${json}`
  switch (path) {
    case '/sse/flood': {
      sse()
      const pad = 'x'.repeat(Math.min(Math.max(Number(url.searchParams.get('pad') ?? 1000) || 0, 0), 1_000_000))
      let n = 0
      await pump(res, () => `event: next\ndata: {"data":{"flood":${n++},"pad":"${pad}"}}\n\n`)
      return
    }
    case '/sse/endless-line': {
      sse()
      let first = true
      const filler = 'x'.repeat(64 * 1024)
      await pump(res, () => (first ? ((first = false), 'event: next\ndata: {"data":"') : filler))
      return
    }
    case '/sse/burst': {
      sse()
      const total = count(url, 300_000)
      let n = 0
      if (await pump(res, () => (n < total ? `event: next\ndata: {"data":{"burst":${n++}}}\n\n` : undefined))) await write(res, 'event: complete\ndata:\n\n')
      break
    }
    case '/sse/big-event': {
      sse()
      const size = megabytes(url, 50) * MB
      let sent = 0
      const filler = 'x'.repeat(64 * 1024)
      await write(res, 'event: next\ndata: {"data":{"big":"')
      if (await pump(res, () => (sent < size ? ((sent += filler.length), filler) : undefined))) await write(res, '"}}\n\nevent: complete\ndata:\n\n')
      break
    }
    case '/multipart/parts': {
      multipart()
      const total = count(url, 100_000)
      let n = -1
      const ok = await pump(res, () => {
        n += 1
        if (n === 0) return part('{"data":{"items":[]},"pending":[{"id":"0","path":["items"]}],"hasNext":true}')
        if (n <= total) return part(`{"incremental":[{"id":"0","items":[${n}]}],"hasNext":true}`)
        return undefined
      })
      if (ok) await write(res, `${part('{"completed":[{"id":"0"}],"hasNext":false}')}\r\n-----\r\n`)
      break
    }
    case '/multipart/pending': {
      multipart()
      const total = count(url, 100_000)
      const ids = Array.from({ length: total }, (_, i) => i)
      const data = `{${ids.map((i) => `"f${i}":{}`).join(',')}}`
      const pending = ids.map((i) => `{"id":"${i}","path":["f${i}"]}`).join(',')
      const incremental = ids.map((i) => `{"id":"${i}","data":{"v":${i}}}`).join(',')
      const completed = ids.map((i) => `{"id":"${i}"}`).join(',')
      const parts = [
        part(`{"data":${data},"pending":[${pending}],"hasNext":true}`),
        part(`{"incremental":[${incremental}],"completed":[${completed}],"hasNext":false}`),
        '\r\n-----\r\n',
      ]
      let i = 0
      await pump(res, () => parts[i++])
      break
    }
    case '/multipart/no-boundary': {
      multipart('multipart/mixed')
      const size = megabytes(url, 100) * MB
      const filler = `{"n":${'1'.repeat(64 * 1024 - 7)}},`
      let sent = 0
      await write(res, '{"data":{"list":[')
      if (await pump(res, () => (sent < size ? ((sent += filler.length), filler) : undefined))) await write(res, '{}]}}')
      break
    }
    case '/multipart/endless-part': {
      multipart()
      let first = true
      const filler = 'y'.repeat(64 * 1024)
      await pump(res, () => (first ? ((first = false), '\r\n---\r\nContent-Type: application/json\r\n\r\n{"data":"') : filler))
      return
    }
    default:
      res.writeHead(404, CORS).end('Not found')
      return
  }
  if (!res.destroyed) res.end()
}

/** The subprotocol of graphql-ws (graphql-transport-ws). */
const GRAPHQL_WS = 'graphql-transport-ws'

/** Sends `next()` until it returns undefined or the socket closes, 1,000 messages at a time, each run once the socket took the last. */
async function pumpSocket(socket: WebSocket, next: () => string | undefined): Promise<boolean> {
  for (;;) {
    const batch: string[] = []
    let piece: string | undefined
    while (batch.length < 1000 && (piece = next()) !== undefined) batch.push(piece)
    const last = batch.pop()
    for (const message of batch) socket.send(message)
    if (last !== undefined && !(await new Promise<boolean>((resolve) => socket.send(last, (error) => resolve(!error))))) return false
    if (socket.readyState !== socket.OPEN) return false
    if (piece === undefined) return true
  }
}

/** The `error` payloads of `/ws/odd-error`, by `kind`. */
const ODD_ERRORS: Record<string, () => unknown> = {
  'object-message': () => [{ message: { toString: 1 } }],
  'not-array': () => ({ message: 'not a list of errors' }),
  'null-payload': () => null,
  'huge-message': () => [{ message: 'e'.repeat(MB) }],
}

/** Answers one graphql-transport-ws subscription on `socket` as `path` says; `finished` once the server ended it. */
function wsRoute(path: string, url: URL, socket: WebSocket, finished: () => void, sent: () => void): void {
  socket.on('message', (data) => {
    let message: { type?: unknown; id?: unknown }
    try {
      message = JSON.parse(String(data)) as typeof message
    } catch {
      return
    }
    if (message.type === 'connection_init') return socket.send(JSON.stringify({ type: 'connection_ack' }))
    if (message.type !== 'subscribe' || typeof message.id !== 'string') return
    const id = JSON.stringify(message.id)
    const end = () => {
      finished()
      socket.close(1000)
    }
    if (path === '/ws/flood') {
      const pad = 'x'.repeat(Math.min(Math.max(Number(url.searchParams.get('pad') ?? 10) || 0, 0), 1_000_000))
      let n = 0
      void pumpSocket(socket, () => (sent(), `{"id":${id},"type":"next","payload":{"data":{"flood":${n++},"pad":"${pad}"}}}`))
    } else if (path === '/ws/huge') {
      const size = megabytes(url, 20) * MB
      socket.send(`{"id":${id},"type":"next","payload":{"data":{"huge":"${'h'.repeat(size)}"}}}`)
      socket.send(`{"id":${id},"type":"complete"}`, end)
    } else if (path === '/ws/odd-error') {
      const payload = (ODD_ERRORS[url.searchParams.get('kind') ?? ''] ?? ODD_ERRORS['object-message'])?.()
      socket.send(JSON.stringify({ id: message.id, type: 'error', payload }))
    }
  })
}

/** Starts the server on `port` (0: any free port). */
export async function startHostileStreams(options: { port?: number } = {}): Promise<HostileStreams> {
  let closedEarly = 0
  const closedEarlyByRoute: Record<string, number> = {}
  const completedByRoute: Record<string, number> = {}
  const sentByRoute: Record<string, number> = {}
  let open = 0
  const stats = (): HostileStreamsStats => ({ closedEarly, closedEarlyByRoute: { ...closedEarlyByRoute }, completedByRoute: { ...completedByRoute }, sentByRoute: { ...sentByRoute }, open })
  const closedEarlyAt = (path: string) => {
    closedEarly += 1
    closedEarlyByRoute[path] = (closedEarlyByRoute[path] ?? 0) + 1
  }
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end()
    if (url.pathname === '/health') return void res.writeHead(200, CORS).end('ok')
    if (url.pathname === '/stats') return void res.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(stats()))
    open += 1
    res.on('close', () => {
      open -= 1
      if (!res.writableFinished) closedEarlyAt(url.pathname)
    })
    req.resume()
    req.on('end', () => void route(url.pathname, url, res).catch(() => res.destroy()))
  })
  // WebSocket routes: any Origin (a hostile server lets every page in), subprotocol graphql-transport-ws.
  const sockets = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => (protocols.has(GRAPHQL_WS) ? GRAPHQL_WS : false) })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (!url.pathname.startsWith('/ws/')) return void socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    sockets.handleUpgrade(req, socket, head, (ws) => {
      let ended = false
      open += 1
      ws.on('close', () => {
        open -= 1
        if (!ended) closedEarlyAt(url.pathname)
      })
      ws.on('message', (data) => {
        if (/"type"\s*:\s*"complete"/.test(String(data))) completedByRoute[url.pathname] = (completedByRoute[url.pathname] ?? 0) + 1
      })
      wsRoute(url.pathname, url, ws, () => void (ended = true), () => void (sentByRoute[url.pathname] = (sentByRoute[url.pathname] ?? 0) + 1))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--port')
  const port = Number(at >= 0 ? process.argv[at + 1] : '4600')
  const server = await startHostileStreams({ port })
  console.log(`Hostile stream servers listening on ${server.origin}`)
}
