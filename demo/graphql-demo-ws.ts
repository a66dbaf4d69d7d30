/**
 * WebSocket routes of the GraphQL demo server, on the HTTP server's own port (upgrade requests):
 *
 * - `/graphql` — GraphQL over WebSocket, the graphql-ws protocol (subprotocol `graphql-transport-ws`),
 *   same schema as HTTP. Browsers cannot set headers on a WebSocket, so the `connection_init` payload's
 *   string entries become the request headers resolvers see (`echo { header(name: "authorization") }`
 *   proves one arrived); `echo.method` reads `WEBSOCKET`. Queries may use `@defer`/`@stream`: each
 *   payload is one `next` message. A client offering only the legacy
 *   `graphql-ws` subprotocol is closed with 4406 (graphql-ws's own behaviour).
 * - `/legacy-ws` — a server that speaks only the legacy subscriptions-transport-ws protocol
 *   (subprotocol `graphql-ws`): with that subprotocol it acknowledges `connection_init` and answers
 *   `start` with an `error` message. A graphql-ws client (offering `graphql-transport-ws`) gets the
 *   handshake (`ws` picks the first subprotocol offered), then a close 1002 without a reason: what
 *   Apollo's `subscriptions-transport-ws` server does for any subprotocol other than its own
 *   (`SubscriptionServer`'s connection handler: `socket.close(1002)`).
 * - anything else — refused with 404 before the handshake (the browser sees 1006).
 * - With `--no-cors` (a server without WebSocket support) every upgrade is refused with 501.
 * Upgrades from a page are accepted from the same local origins CORS allows (or with no Origin: Node).
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { GraphQLSchema } from 'graphql'
import { handleProtocols } from 'graphql-ws'
import { useServer } from 'graphql-ws/use/ws'
import { WebSocketServer, type WebSocket } from 'ws'
import { executeStreaming } from './graphql-demo-incremental.ts'
import type { DemoContext } from './graphql-demo-streams.ts'

/** The legacy subscriptions-transport-ws subprotocol name. */
export const LEGACY_SUBPROTOCOL = 'graphql-ws'
/** The graphql-ws protocol's subprotocol name. */
export const GRAPHQL_WS_SUBPROTOCOL = 'graphql-transport-ws'

function refuse(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

/** Headers for resolvers from a `connection_init` payload: its string values only. */
function headersOf(params: Readonly<Record<string, unknown>> | undefined): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(params ?? {})) {
    try {
      if (typeof value === 'string') headers.set(name, value)
    } catch {
      // Not a valid header name or value: the resolvers cannot see it, as over HTTP.
    }
  }
  return headers
}

/** A minimal subscriptions-transport-ws server: enough for a client to recognise the protocol. */
function legacyConnection(socket: WebSocket) {
  if (socket.protocol !== LEGACY_SUBPROTOCOL) {
    // 1002: protocol error, as subscriptions-transport-ws closes a socket of another subprotocol.
    socket.close(1002)
    return
  }
  socket.on('message', (data) => {
    let message: { type?: unknown; id?: unknown }
    try {
      message = JSON.parse(String(data)) as typeof message
    } catch {
      return
    }
    if (message.type === 'connection_init') {
      socket.send(JSON.stringify({ type: 'connection_ack' }))
      socket.send(JSON.stringify({ type: 'ka' }))
    } else if (message.type === 'start') {
      socket.send(JSON.stringify({ type: 'error', id: message.id, payload: { message: 'The legacy demo endpoint runs no operations.' } }))
    } else if (message.type === 'connection_terminate') socket.close(1000)
  })
}

/** What {@link attachWebSockets} needs. */
export interface WebSocketOptions {
  schema: GraphQLSchema
  /** Accept upgrades at all (false: the no-CORS twin, "a server without WebSocket support"). */
  enabled: boolean
  /** Whether a page at this Origin may connect. */
  allowOrigin(origin: string): boolean
}

/** Serves the WebSocket routes on `server`; returns a function that closes every socket. */
export function attachWebSockets(server: Server, options: WebSocketOptions): () => void {
  const graphqlWs = new WebSocketServer({ noServer: true, handleProtocols })
  const legacyWs = new WebSocketServer({
    noServer: true,
    // Picks the legacy subprotocol, or echoes graphql-transport-ws (as ws does by default) so the browser completes the handshake and sees the 1002.
    handleProtocols: (protocols) => (protocols.has(LEGACY_SUBPROTOCOL) ? LEGACY_SUBPROTOCOL : protocols.has(GRAPHQL_WS_SUBPROTOCOL) ? GRAPHQL_WS_SUBPROTOCOL : false),
  })
  legacyWs.on('connection', legacyConnection)
  const disposable = useServer(
    {
      schema: options.schema,
      execute: executeStreaming,
      context: (ctx): DemoContext => {
        const request = new Request(`http://${ctx.extra.request.headers.host ?? 'localhost'}/graphql`, {
          method: 'WEBSOCKET',
          headers: headersOf(ctx.connectionParams),
        })
        // yoga's own context fields are absent here; resolvers read only request and transport.
        return { request, transport: 'ws' } as DemoContext
      },
    },
    graphqlWs,
  )

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://demo.invalid').pathname
    const origin = req.headers.origin
    if (!options.enabled) return refuse(socket, '501 Not Implemented')
    if (origin !== undefined && !options.allowOrigin(origin)) return refuse(socket, '403 Forbidden')
    const target = path === '/graphql' ? graphqlWs : path === '/legacy-ws' ? legacyWs : undefined
    if (!target) return refuse(socket, '404 Not Found')
    target.handleUpgrade(req, socket, head, (ws) => target.emit('connection', ws, req))
  }
  server.on('upgrade', onUpgrade)
  return () => {
    server.off('upgrade', onUpgrade)
    void disposable.dispose()
    for (const client of legacyWs.clients) client.terminate()
    for (const client of graphqlWs.clients) client.terminate()
  }
}
