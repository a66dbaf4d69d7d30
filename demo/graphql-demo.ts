/**
 * The GraphQL demo server (test support and `npm start`; never imported by app code).
 *
 *   npx tsx demo/graphql-demo.ts --port 4400 [--no-cors] [--host 127.0.0.1]
 *
 * Routes (all answers carry GitHub-style `x-ratelimit-*` headers; `remaining` drops per request):
 * - `POST|GET /graphql` — graphql-yoga with the schema of graphql-demo-schema.ts
 * - `/slow?ms=N` — the same GraphQL endpoint, answering after N ms (preflights are not delayed)
 * - `/status/<code>[?type=json|text|graphql]` — that HTTP status with a small body of that kind
 * - `/html[?status=N]` — an HTML error page (default 502), as a proxy would send
 * - `GET /health` — 200 once ready
 * - `/redirect-loop` — a 302 to itself for every method (the preflight too), with the CORS headers
 * - `/redirect/<port>/graphql` — a 307 to `http://127.0.0.1:<port>/graphql` (not on the preflight,
 *   which is answered with the CORS headers): a redirect to a server that may lack CORS headers
 * - `POST|GET /github/graphql` — introspection answered with GitHub's public schema (public-schemas.ts)
 * - `POST|GET /yoga-defer/graphql` — graphql-yoga with `useDeferStream`: `@defer`/`@stream` in the
 *   path-based incremental format (graphql-demo-yoga-defer.ts)
 * - `POST|GET /versioned/<name>/graphql` — a small API whose schema `POST /versioned/<name>/schema-version?v=2`
 *   switches to its next version (a field removed: graphql-demo-versioned.ts)
 * - `/big?mb=100&type=json|text`, `/gzip-bomb?mb=10` — hostile bodies for the crash tests (large-bodies.ts)
 * Streams:
 * - `POST /graphql` with `Accept: text/event-stream` — a subscription over SSE (yoga; the graphql-sse
 *   "distinct connections" mode: `event: next` … `event: complete`), headers as HTTP headers
 * - `POST /graphql` of a document using `@defer`/`@stream` — graphql-js 17's incremental executor,
 *   multipart/mixed when accepted (graphql-demo-incremental.ts)
 * - WebSocket upgrades: `/graphql` (graphql-transport-ws) and `/legacy-ws` (graphql-demo-ws.ts)
 * - `GET /stream-stats` — `{ active, closed, completed, lastClosed, lastEnded }` over SSE and WebSocket
 *   subscriptions: `closed` counts those the client ended (Stop) before the server completed them
 * CORS: any http(s) origin on 127.0.0.1/localhost/[::1] is allowed and the rate-limit headers are
 * exposed; `--no-cors` sends no CORS headers at all and refuses every WebSocket upgrade (the
 * fallback e2e tests: a server without CORS, a server without WebSocket support).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { createYoga } from 'graphql-yoga'
import { answerIncremental, fetchHeaders, incrementalDocument } from './graphql-demo-incremental.ts'
import { cacheKey, responseCache } from './graphql-demo-replay.ts'
import { createDemoSchema } from './graphql-demo-schema.ts'
import { attachWebSockets } from './graphql-demo-ws.ts'
import { serveLargeBody } from './large-bodies.ts'
import { GITHUB_SCHEMA_PATH, servePublicSchema } from './public-schemas.ts'
import { answerWithYoga, createYogaDefer, YOGA_DEFER_PATH } from './graphql-demo-yoga-defer.ts'
import { VERSIONED_PREFIX, versionedRoutes } from './graphql-demo-versioned.ts'

/** Options of one demo server instance. */
export interface GraphQLDemoOptions {
  /** 0 picks a free port. */
  port: number
  /** @default '127.0.0.1' */
  host?: string
  /** Send CORS headers. @default true */
  cors?: boolean
  /** Requests per rate-limit window. @default 5000 */
  rateLimit?: number
}

/** A running instance. */
export interface GraphQLDemoServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  server: Server
  close(): Promise<void>
}

/** The rate-limit headers every response carries, exposed to pages through CORS. */
export const RATE_LIMIT_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-used',
  'x-ratelimit-reset',
  'x-ratelimit-resource',
] as const

const LOCAL_ORIGIN = /^https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/

const HTML_PAGE = (status: number) => `<!doctype html>
<html lang="en"><head><title>${status} Bad Gateway</title></head>
<body><h1>${status} Bad Gateway</h1><p>The upstream server did not answer. (demo proxy page)</p></body></html>
`

/** A tiny fixed-window limiter, GitHub style: reset is a Unix time in seconds. */
function rateLimiter(limit: number) {
  let windowStart = Math.floor(Date.now() / 1000)
  let used = 0
  return (consume: boolean): Record<string, string> => {
    const now = Math.floor(Date.now() / 1000)
    if (now >= windowStart + 3600 || used >= limit) {
      windowStart = now
      used = 0
    }
    if (consume) used += 1
    return {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(limit - used),
      'x-ratelimit-used': String(used),
      'x-ratelimit-reset': String(windowStart + 3600),
      'x-ratelimit-resource': 'graphql',
    }
  }
}

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin
  const headers: Record<string, string> = {
    'access-control-expose-headers': RATE_LIMIT_HEADERS.join(', '),
    'timing-allow-origin': '*',
    vary: 'Origin, Access-Control-Request-Headers',
  }
  if (origin && LOCAL_ORIGIN.test(origin)) headers['access-control-allow-origin'] = origin
  if (req.method === 'OPTIONS') {
    headers['access-control-allow-methods'] = 'POST, GET, OPTIONS'
    headers['access-control-allow-headers'] = req.headers['access-control-request-headers'] ?? 'content-type'
    headers['access-control-max-age'] = '60'
  }
  return headers
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  if (status === 204 || status === 304) {
    res.writeHead(status)
    res.end()
    return
  }
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

function statusRoute(res: ServerResponse, code: number, kind: string | null) {
  if (!Number.isInteger(code) || code < 200 || code > 599) {
    send(res, 400, 'text/plain; charset=utf-8', 'Use /status/<200-599>\n')
    return
  }
  if (kind === 'text') send(res, code, 'text/plain; charset=utf-8', `Status ${code} from the demo server\n`)
  else if (kind === 'graphql') {
    const body = JSON.stringify({ errors: [{ message: `Demo error with HTTP status ${code}` }] })
    send(res, code, 'application/graphql-response+json; charset=utf-8', body)
  } else send(res, code, 'application/json; charset=utf-8', JSON.stringify({ error: `Demo status ${code}`, status: code }))
}

/** Starts one instance; resolves once it listens. */
export async function startGraphQLDemo(options: GraphQLDemoOptions): Promise<GraphQLDemoServer> {
  const cors = options.cors ?? true
  const limiter = rateLimiter(options.rateLimit ?? 5000)
  const demo = createDemoSchema()
  const yoga = createYoga({
    schema: demo.schema,
    // CORS is answered below for every route alike (and must be absent with --no-cors).
    cors: false,
    graphiql: false,
    landingPage: false,
    logging: false,
    // Errors thrown as GraphQLError pass through; anything else is masked as yoga does by default.
    maskedErrors: true,
    graphqlEndpoint: '/graphql',
  })

  const yogaDefer = createYogaDefer(demo.schema)
  const versioned = versionedRoutes()
  const cache = responseCache()

  /** Answers a GraphQL request through yoga's fetch API, from the cache when the result is pure. */
  async function graphql(req: IncomingMessage, res: ServerResponse, url: URL, delayMs: number) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    await graphqlWithBody(req, res, url, Buffer.concat(chunks), delayMs)
  }

  async function graphqlWithBody(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer, delayMs = 0) {
    if (delayMs > 0) {
      const closed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), delayMs)
        res.once('close', () => (clearTimeout(timer), resolve(true)))
      })
      if (closed) return
    }
    const document = req.method === 'POST' ? incrementalDocument(body) : undefined
    if (document) return answerIncremental(demo.schema, document, body, req, res)
    const key = req.method === 'POST' ? cacheKey(body, req.headers.accept) : undefined
    const cached = key === undefined ? undefined : cache.get(key)
    if (cached) {
      res.writeHead(cached.status, Object.fromEntries(cached.headers.filter(([name]) => name !== 'content-length')))
      res.end(cached.body)
      return
    }
    const headers = fetchHeaders(req)
    // A client that goes away (Stop on an SSE subscription) cancels yoga's response, which ends the subscription.
    const abort = new AbortController()
    res.once('close', () => abort.abort())
    // yoga serves only its graphqlEndpoint: /slow is handed over under that path.
    const response = await yoga.fetch(`http://${req.headers.host ?? 'localhost'}/graphql${url.search}`, {
      method: req.method ?? 'GET',
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      signal: abort.signal,
    })
    const responseHeaders = Object.fromEntries([...response.headers].filter(([name]) => name !== 'content-length'))
    if (key !== undefined && response.ok) {
      const answer = { status: response.status, headers: [...response.headers], body: Buffer.from(await response.arrayBuffer()) }
      cache.set(key, answer)
      res.writeHead(answer.status, responseHeaders)
      res.end(answer.body)
      return
    }
    // Streamed as yoga writes it: an SSE subscription's events must leave one by one.
    res.writeHead(response.status, responseHeaders)
    const reader = response.body?.getReader()
    if (!reader) return void res.end()
    res.once('close', () => void reader.cancel().catch(() => undefined))
    for (let step = await reader.read(); !step.done; step = await reader.read()) res.write(step.value)
    res.end()
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://demo.invalid')
    const path = url.pathname
    const isPreflight = req.method === 'OPTIONS'
    const headers = {
      ...limiter(!isPreflight && path !== '/health'),
      ...(cors ? corsHeaders(req) : {}),
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)

    if (path === '/redirect-loop') {
      // Every method, the preflight too, as a misconfigured proxy or rewrite rule would.
      res.writeHead(302, { location: '/redirect-loop' })
      res.end()
      return
    }
    const redirectTo = /^\/redirect\/(\d{1,5})\/graphql$/.exec(path)
    if (redirectTo && !isPreflight) {
      res.writeHead(307, { location: `http://127.0.0.1:${redirectTo[1]}/graphql` })
      res.end()
      return
    }
    if (isPreflight) {
      res.writeHead(204)
      res.end()
      return
    }
    if (path === '/health') return send(res, 200, 'text/plain; charset=utf-8', 'ok\n')
    if (path === '/stream-stats') return send(res, 200, 'application/json; charset=utf-8', JSON.stringify(demo.streams.snapshot()))
    if (path === '/html') {
      const status = Number(url.searchParams.get('status') ?? 502)
      return send(res, status >= 200 && status <= 599 ? status : 502, 'text/html; charset=utf-8', HTML_PAGE(status))
    }
    const statusMatch = /^\/status\/(\d{3})$/.exec(path)
    if (statusMatch) return statusRoute(res, Number(statusMatch[1]), url.searchParams.get('type'))
    if (serveLargeBody(url, req, res)) return
    if (path === GITHUB_SCHEMA_PATH) {
      void readBody(req)
        .then((body) => servePublicSchema(path, req, res, body.toString('utf8')))
        .catch(() => res.destroy())
      return
    }
    if (path.startsWith(VERSIONED_PREFIX)) {
      void readBody(req)
        .then((body) => versioned(req, res, url, body) ?? send(res, 404, 'application/json; charset=utf-8', JSON.stringify({ error: `No route ${path}` })))
        .catch(() => res.destroy())
      return
    }
    if (path === YOGA_DEFER_PATH) {
      void readBody(req)
        .then((body) => answerWithYoga(yogaDefer, req, res, url, body))
        .catch(() => res.destroy())
      return
    }
    if (path === '/private') {
      // Like a production server with introspection turned off (Apollo's wording): queries work,
      // "Load schema" gets a validation error, and the user pastes the SDL instead.
      void readBody(req).then((body) => {
        if (body.includes('__schema') || body.includes('__type')) {
          const message = 'GraphQL introspection is not allowed, but the query contained __schema or __type.'
          return send(res, 400, 'application/graphql-response+json; charset=utf-8', JSON.stringify({ errors: [{ message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] }))
        }
        graphqlWithBody(req, res, url, body).catch(() => res.destroy())
      })
      return
    }
    if (path === '/graphql' || path === '/slow') {
      const ms = path === '/slow' ? Math.max(0, Math.min(Number(url.searchParams.get('ms') ?? 1000) || 0, 60_000)) : 0
      graphql(req, res, url, ms).catch((error: unknown) => {
        if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `Demo server failure: ${String(error)}\n`)
        else res.destroy()
      })
      return
    }
    send(res, 404, 'application/json; charset=utf-8', JSON.stringify({ error: `No route ${path}` }))
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve())
  })
  const closeWebSockets = attachWebSockets(server, { schema: demo.schema, enabled: cors, allowOrigin: (origin) => LOCAL_ORIGIN.test(origin) })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${options.host ?? '127.0.0.1'}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        closeWebSockets()
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (invokedDirectly) {
  const args = process.argv.slice(2)
  const { PORTS } = await import('./config/lanes.ts')
  const cors = !args.includes('--no-cors')
  const port = Number(argValue(args, '--port') ?? (cors ? PORTS.graphql : PORTS.graphqlNoCors))
  const demo = await startGraphQLDemo({ port, host: argValue(args, '--host') ?? '127.0.0.1', cors })
  console.log(`GraphQL demo server${cors ? '' : ' (no CORS)'}: ${demo.origin}/graphql`)
  const stop = () => void demo.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
