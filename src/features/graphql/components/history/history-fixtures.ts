/** Frozen data for the history and share-link stories: fixed clock, fixed ids, no randomness. */
import { createHistory, type HistoryEntry, type HistoryStore } from '../../core/history'
import { toBase64Url, type SharedRequest } from '../../core/share'

/** The stories' clock: 15 Jan 2026, 12:00:00 UTC. */
export const HISTORY_NOW = Date.UTC(2026, 0, 15, 12, 0, 0)
const MINUTE = 60_000

const users = 'https://api.example.com/graphql'
const shop = 'https://shop.example.org/api/v2/graphql'
const local = 'http://127.0.0.1:4400/graphql'

/** One entry with sensible defaults. */
export function entry(id: string, fields: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    endpoint: users,
    operationName: 'GetUser',
    query: 'query GetUser($id: ID!) {\n  user(id: $id) {\n    id\n    name\n  }\n}',
    variables: '{ "id": "1" }',
    headers: [{ name: 'Accept', value: 'application/graphql-response+json', secret: false }],
    status: 200,
    durationMs: 143.2,
    time: HISTORY_NOW - 2 * MINUTE,
    ...fields,
  }
}

export const oneEntry: HistoryEntry[] = [entry('one')]

/** A few entries, for the delete and clear-all flows. */
export const fewEntries: HistoryEntry[] = [
  entry('a', { time: HISTORY_NOW - 10_000 }),
  entry('b', { operationName: 'ListProducts', endpoint: shop, query: 'query ListProducts {\n  products(first: 20) { id title }\n}', time: HISTORY_NOW - 5 * MINUTE }),
  entry('c', { operationName: 'CreateOrder', endpoint: shop, query: 'mutation CreateOrder($input: OrderInput!) {\n  createOrder(input: $input) { id }\n}', time: HISTORY_NOW - 3 * 60 * MINUTE }),
  entry('d', { operationName: undefined, query: '{\n  viewer { login }\n}', time: HISTORY_NOW - 26 * 60 * MINUTE }),
  entry('e', { operationName: 'Failing', endpoint: local, status: 500, time: HISTORY_NOW - 4 * 24 * 60 * MINUTE }),
]

export const failedEntries: HistoryEntry[] = [
  entry('net', { operationName: 'GetUser', status: null, durationMs: 3.1, endpoint: 'http://127.0.0.1:4401/graphql' }),
  entry('404', { operationName: 'ListProducts', status: 404, durationMs: 12, endpoint: 'https://shop.example.org/graphq' }),
  entry('429', { operationName: 'Search', status: 429, durationMs: 35 }),
  entry('500', { operationName: 'Failing', status: 500, durationMs: 48.9, endpoint: local }),
  entry('502', { operationName: 'GetUser', status: 502, durationMs: 30_412, endpoint: 'https://gateway.example.net/graphql' }),
  entry('301', { operationName: 'Moved', status: 301, durationMs: 8 }),
]

export const secretEntries: HistoryEntry[] = [
  entry('s1', {
    headers: [
      { name: 'Authorization', value: '', secret: true },
      { name: 'X-Tenant', value: '', secret: true },
      { name: 'Accept', value: 'application/json', secret: false },
      { name: 'X-Request-Id', value: 'req-42', secret: false },
    ],
  }),
  entry('s2', { operationName: 'Viewer', headers: [{ name: 'Cookie', value: '', secret: true }], time: HISTORY_NOW - 40 * MINUTE }),
]

const longName = `Get${'VeryLongOperationName'.repeat(8)}`
export const longEntries: HistoryEntry[] = [
  entry('long1', {
    operationName: longName,
    endpoint: `https://a-very-long-subdomain-name-for-testing.internal.example.com/${'deeply/nested/path/'.repeat(8)}graphql?tenant=${'x'.repeat(80)}`,
    headers: Array.from({ length: 12 }, (_, i) => ({ name: `X-Custom-Header-Number-${i + 1}`, value: 'v', secret: i % 4 === 0 })),
  }),
  entry('long2', {
    operationName: undefined,
    query: `{ ${'someField(argument: "a very long argument value without any break") '.repeat(10)}}`,
    endpoint: `https://${'x'.repeat(200)}.example.com/graphql`,
    time: HISTORY_NOW - 9 * 24 * 60 * MINUTE,
  }),
]

const operations = [
  { name: 'GetUser', endpoint: users, query: 'query GetUser($id: ID!) {\n  user(id: $id) { id name }\n}' },
  { name: 'ListProducts', endpoint: shop, query: 'query ListProducts {\n  products(first: 20) { id title }\n}' },
  { name: 'CreateOrder', endpoint: shop, query: 'mutation CreateOrder($input: OrderInput!) {\n  createOrder(input: $input) { id }\n}' },
  { name: undefined, endpoint: local, query: '# health check\n{\n  __typename\n}' },
  { name: 'Echo', endpoint: local, query: 'query Echo {\n  echo { authorization }\n}' },
]
const statuses = [200, 200, 200, 200, 404, 200, 200, null, 200, 500, 200]

/** `count` entries, newest first, the oldest a few weeks back; the same every time. */
export function manyEntries(count = 100): HistoryEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const op = operations[i % operations.length]!
    return entry(`m${i}`, {
      operationName: op.name,
      endpoint: op.endpoint,
      query: op.query,
      status: statuses[i % statuses.length] ?? 200,
      durationMs: 20 + ((i * 37) % 900),
      // Spread from seconds to weeks ago, so every kind of relative time shows.
      time: HISTORY_NOW - Math.round(20_000 * 1.13 ** i),
      headers: i % 3 === 0 ? [{ name: 'Authorization', value: '', secret: true }] : [],
    })
  })
}

/**
 * The real core history over in-memory storage, seeded with `entries` (newest first), so the
 * stories search, delete and clear exactly as the page does.
 */
export function seededHistory(entries: readonly HistoryEntry[]): HistoryStore {
  let text: string | null = null
  const ids = [...entries].reverse().map((e) => e.id)
  const history = createHistory({ load: () => text, save: (t) => (text = t) }, { newId: () => ids.shift() ?? 'extra' })
  for (const e of [...entries].reverse()) {
    history.add({
      endpoint: e.endpoint,
      operationName: e.operationName,
      query: e.query,
      variables: e.variables,
      headers: e.headers.map((h) => [h.name, h.value] as [string, string]),
      secretHeaderNames: e.headers.filter((h) => h.secret).map((h) => h.name),
      status: e.status,
      durationMs: e.durationMs,
      time: e.time,
    })
  }
  return history
}

// ---- Share links

export const sharedFilled: SharedRequest = {
  endpoint: 'https://api.example.com/graphql',
  operationName: 'GetUser',
  query: 'query GetUser($id: ID!) {\n  user(id: $id) {\n    id\n    name\n    email\n  }\n}\n\nquery ListUsers {\n  users { id }\n}',
  variables: '{\n  "id": "1"\n}',
  headers: [
    { name: 'Accept', value: 'application/graphql-response+json', secret: false },
    { name: 'X-Request-Id', value: 'req-42', secret: false },
    { name: 'Authorization', value: '', secret: true },
    { name: 'X-Api-Key', value: '', secret: true },
  ],
  transport: 'auto',
}

export const sharedMinimal: SharedRequest = { endpoint: 'http://127.0.0.1:4400/graphql', query: '{ __typename }', variables: '', headers: [], transport: 'auto' }

/** A subscription shared with its transport picked (WebSocket). */
export const sharedSubscription: SharedRequest = {
  endpoint: 'http://127.0.0.1:4400/graphql',
  query: 'subscription Countdown {\n  countdown(from: 3)\n}',
  variables: '',
  headers: [],
  transport: 'ws',
}

/** Link text is someone else's: markup in it must show as text. */
export const sharedLong: SharedRequest = {
  endpoint: `https://a-very-long-subdomain-name-for-testing.internal.example.com/${'deeply/nested/path/'.repeat(20)}graphql?q=<b>not-bold</b>`,
  operationName: `Get${'VeryLongOperationName'.repeat(8)}`,
  query: Array.from({ length: 1_204 }, (_, i) => `  field${i}`).join('\n'),
  variables: '{ "note": "<img src=x onerror=alert(1)>" }',
  headers: Array.from({ length: 15 }, (_, i) => ({ name: `X-Custom-Header-Number-${i + 1}`, value: 'v', secret: i % 5 === 0 })),
  transport: 'auto',
}

/** A real (uncompressed) share URL of {@link sharedMinimal}. */
export const SHARE_URL = `http://127.0.0.1:4173/graphql#gql=1j.${toBase64Url(
  new TextEncoder().encode(JSON.stringify({ e: sharedMinimal.endpoint, q: sharedMinimal.query })),
)}`
