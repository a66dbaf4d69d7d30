/**
 * Which wire a GraphQL operation travels on, and what a WebSocket close code means in words.
 *
 * - `http`: one POST, one JSON answer (queries and mutations).
 * - `multipart`: one POST whose answer arrives in parts (`@defer`/`@stream`, multipart/mixed).
 * - `sse`: GraphQL over Server-Sent Events (the graphql-sse protocol, "distinct connections" mode,
 *   as graphql-yoga answers `Accept: text/event-stream`); headers travel as HTTP headers.
 * - `ws`: GraphQL over WebSocket (`graphql-transport-ws`, the graphql-ws protocol); browsers cannot
 *   set headers on a WebSocket, so they travel in the `connection_init` payload.
 */

/** The wire of one operation. */
export type GraphQLTransport = 'http' | 'multipart' | 'sse' | 'ws'

/** The user's choice for subscriptions in a tab's settings. @default 'auto' */
export type SubscriptionTransportPreference = 'auto' | 'sse' | 'ws'

/** Each choice in words, as the settings list it and a share link's notice names it. */
export const SUBSCRIPTION_TRANSPORT_LABELS: Readonly<Record<SubscriptionTransportPreference, string>> = {
  auto: 'Automatic',
  sse: 'Server-Sent Events (graphql-sse)',
  ws: 'WebSocket (graphql-ws)',
}

/** What {@link chooseTransport} looks at. */
export interface TransportInput {
  /** The operation's type. */
  operationType: 'query' | 'mutation' | 'subscription'
  /** Whether the operation uses `@defer` or `@stream`. @default false */
  incremental?: boolean
  /** The endpoint as typed (`http(s)://` or `ws(s)://`). */
  endpoint: string
  /** The tab's subscription transport setting. @default 'auto' */
  preference?: SubscriptionTransportPreference
}

/**
 * Picks the transport. Subscriptions on `auto`: a `ws://`/`wss://` endpoint means WebSocket;
 * otherwise SSE, which needs no second endpoint, sends headers as real headers and is what
 * graphql-yoga speaks by default (a server that does not answer SSE gets a message suggesting
 * WebSocket, never a silent fallback that would send credentials somewhere unexpected).
 */
export function chooseTransport(input: TransportInput): GraphQLTransport {
  if (input.operationType !== 'subscription') return input.incremental ? 'multipart' : 'http'
  const preference = input.preference ?? 'auto'
  if (preference !== 'auto') return preference
  return /^wss?:\/\//i.test(input.endpoint.trim()) ? 'ws' : 'sse'
}

/**
 * The WebSocket URL for an endpoint: `http` → `ws`, `https` → `wss`, `ws(s)` kept; undefined for
 * anything else (no URL, another scheme).
 */
export function webSocketUrl(endpoint: string): string | undefined {
  let url: URL
  try {
    url = new URL(endpoint.trim())
  } catch {
    return undefined
  }
  const scheme = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' }[url.protocol]
  if (!scheme) return undefined
  url.protocol = scheme
  return url.href
}

/** The HTTP(S) URL for an endpoint typed as `ws(s)://` (SSE and curl need it), else the endpoint. */
export function httpUrl(endpoint: string): string {
  return endpoint.trim().replace(/^ws(s?):\/\//i, 'http$1://')
}

/**
 * A server that speaks the legacy subscriptions-transport-ws protocol (Apollo's
 * `subscriptions-transport-ws` server accepts any socket and closes it with 1002 when the
 * subprotocol is not its own `graphql-ws`), in words with the next step.
 */
export const LEGACY_PROTOCOL_WORDS =
  'The server speaks the legacy subscriptions-transport-ws protocol (it closed the connection with 1002, a protocol error, as soon as this graphql-transport-ws client connected). This tool speaks graphql-transport-ws only: send the subscription over Server-Sent Events (the tab\'s settings), use the server\'s graphql-ws endpoint, or upgrade the server to graphql-ws.'

/**
 * A WebSocket close in words, for the graphql-transport-ws protocol's codes and the standard ones
 * a browser reports. `reason` is the server's own text, appended when it adds something.
 */
export function describeWebSocketClose(code: number, reason = ''): string {
  const words = CLOSE_CODES[code] ?? (code >= 4000 && code <= 4999 ? `The server closed the connection with its own code ${code}.` : `The connection closed with code ${code}.`)
  const extra = reason.trim()
  return extra && !words.includes(extra) ? `${words} The server said: "${extra.slice(0, 200)}"` : words
}

const CLOSE_CODES: Record<number, string> = {
  1000: 'The server ended the connection normally.',
  1001: 'The server is going away (restarting or shutting down).',
  1002: 'The server saw a WebSocket protocol error.',
  1006: 'The connection dropped without a close message: the server may not accept WebSockets at this URL, or the network failed. Browsers give no more detail; check the URL and that the server speaks graphql-transport-ws.',
  1011: 'The server hit an internal error.',
  1013: 'The server is overloaded; try again later.',
  4400: 'The server rejected a message as invalid (4400 Bad Request): it may speak another protocol than graphql-transport-ws.',
  4401: 'Not authorised (4401): the server wants credentials in the connection_init payload, or the ones given were refused.',
  4403: 'Forbidden (4403): the server refused this connection or operation.',
  4406: 'The server does not speak graphql-transport-ws (4406 Subprotocol not acceptable): it most likely speaks the legacy subscriptions-transport-ws protocol, which this tool does not speak. Send the subscription over Server-Sent Events (the tab\'s settings), or upgrade the server to graphql-ws.',
  4408: 'The server gave up waiting for connection_init (4408 Connection initialisation timeout).',
  4409: 'A subscription with the same id already runs (4409 Subscriber already exists).',
  4429: 'Too many connection_init messages (4429): the server allows one per connection.',
  4499: 'The connection was closed because it was terminated (4499).',
  4500: 'The server hit an internal error (4500 Internal Server Error).',
  4504: 'No connection_ack arrived in time (4504 Connection acknowledgement timeout): the server may speak another protocol than graphql-transport-ws, or none.',
}
