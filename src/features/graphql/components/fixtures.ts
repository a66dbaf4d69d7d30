/** Frozen data for the GraphQL stories: no network, no clock. */
import type { NetworkErrorOutcome, ResponseOutcome } from '../core/request'

export const NOW = new Date('2026-01-15T12:00:00Z')
export const PAGE_ORIGIN = 'http://127.0.0.1:4173'
const resetSeconds = String(Math.floor(NOW.getTime() / 1000) + 1800)

const userJson = {
  data: {
    user: { id: '1', name: 'Ada Lovelace', email: 'ada.lovelace@example.com', role: 'EDITOR', posts: [{ id: '1-1', title: 'Notes on caching #1' }] },
    echo: { authorization: 'Bearer demo-token' },
  },
}

const rateLimitHeaders: [string, string][] = [
  ['content-type', 'application/graphql-response+json; charset=utf-8'],
  ['x-ratelimit-limit', '5000'],
  ['x-ratelimit-remaining', '4987'],
  ['x-ratelimit-reset', resetSeconds],
  ['x-ratelimit-resource', 'graphql'],
  ['x-ratelimit-used', '13'],
]

export const success: ResponseOutcome = {
  kind: 'response',
  status: 200,
  statusText: 'OK',
  mediaType: 'application/graphql-response+json',
  headers: [['content-type', 'application/graphql-response+json; charset=utf-8']],
  bodyText: JSON.stringify(userJson),
  json: userJson,
  durationMs: 143.2,
  sizeBytes: 12_288,
  timing: { dnsMs: 0, connectMs: 1.4, ttfbMs: 120.6, downloadMs: 8.3, totalMs: 141.9, protocol: 'http/1.1' },
}

export const successWithRateLimits: ResponseOutcome = { ...success, headers: rateLimitHeaders }

const partialJson = {
  data: { users: [{ id: '1', name: 'Ada Lovelace' }, { id: '2', name: 'Grace Lovelace' }], failing: null },
  errors: [
    { message: 'This field always fails (demo of a partial response).', locations: [{ line: 6, column: 3 }], path: ['failing'], extensions: { code: 'DEMO_FAILURE' } },
    { message: 'A second, much longer error message that wraps over several lines to show how the list handles long text from a server that explains itself at length.', path: ['users', 1, 'name'] },
  ],
}

export const partial: ResponseOutcome = {
  ...success,
  bodyText: JSON.stringify(partialJson),
  json: partialJson,
  sizeBytes: 412,
  durationMs: 38.7,
}

export const proxyError: ResponseOutcome = {
  kind: 'response',
  status: 502,
  statusText: 'Bad Gateway',
  mediaType: 'application/json',
  headers: [['content-type', 'application/json; charset=utf-8']],
  bodyText: '{"error":"Demo status 502","status":502}',
  json: { error: 'Demo status 502', status: 502 },
  durationMs: 12.1,
  sizeBytes: 40,
}

export const htmlPage: ResponseOutcome = {
  kind: 'response',
  status: 502,
  statusText: 'Bad Gateway',
  mediaType: 'text/html',
  headers: [['content-type', 'text/html; charset=utf-8']],
  bodyText: '<!doctype html>\n<html lang="en"><head><title>502 Bad Gateway</title></head>\n<body><h1>502 Bad Gateway</h1><p>The upstream server did not answer.</p></body></html>\n',
  durationMs: 9.6,
  sizeBytes: 164,
}

export const emptyBody: ResponseOutcome = { ...proxyError, status: 204, statusText: 'No Content', mediaType: '', headers: [], bodyText: '', json: undefined, sizeBytes: 0 }

export const corsFailure: NetworkErrorOutcome = {
  kind: 'network-error',
  message: 'Failed to fetch',
  likelyCause: 'cors',
  url: 'http://127.0.0.1:4401/graphql',
  curl: `curl -sS -X POST 'http://127.0.0.1:4401/graphql' -H 'Content-Type: application/json' -H 'Accept: application/graphql-response+json, application/json;q=0.9' -H "Authorization: $AUTHORIZATION" --data-raw '{"query":"query UserById($id: ID!) { user(id: $id) { id name } }","variables":{"id":"1"},"operationName":"UserById"}'`,
  envVars: [{ header: 'Authorization', variable: 'AUTHORIZATION' }],
  preflightCurl: `curl -i -X OPTIONS 'http://127.0.0.1:4401/graphql' -H 'Origin: http://127.0.0.1:4173' -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: authorization,content-type'`,
  preflightHeaders: ['authorization', 'content-type'],
  durationMs: 4,
}

export const offline: NetworkErrorOutcome = { ...corsFailure, likelyCause: 'offline', envVars: [] }
export const mixedContent: NetworkErrorOutcome = { ...corsFailure, likelyCause: 'mixed-content', envVars: [] }
export const serverDown: NetworkErrorOutcome = { ...corsFailure, likelyCause: 'unreachable', url: 'http://127.0.0.1:7999/graphql' }
export const localNetworkRefused: NetworkErrorOutcome = { ...corsFailure, likelyCause: 'local-network', url: 'http://localhost:4000/graphql' }
export const redirected: NetworkErrorOutcome = { ...corsFailure, likelyCause: 'redirect' }
export const brokenConnection: NetworkErrorOutcome = { ...corsFailure, likelyCause: 'unknown', afterResponse: true, message: 'network error', envVars: [] }
