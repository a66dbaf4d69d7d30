/**
 * Wording of the request history and the shared-link notice: titles, endpoints, times, line
 * counts. Pure functions, so what screen readers hear is unit-tested in node.
 */
import type { HistoryEntry } from '@/features/graphql/core/history'
import { countOf } from '@/shared/core/format'

/** Shown for an entry with neither an operation name nor a named operation in its query. */
export const ANONYMOUS = 'Anonymous operation'

/**
 * The start of a query on one line, comments dropped and spaces collapsed
 * (`{\n  viewer { login }\n}` → `{ viewer { login } }`), cut at `max` characters with "…".
 *
 * @param max - longest result. @default 120
 */
export function queryPreview(query: string, max = 120): string {
  const text = query.replace(/#[^\r\n]*/g, ' ').replace(/\s+/g, ' ').trim()
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

/**
 * What an entry is called: its operation name, else the name of the query's first operation
 * (`query GetUser($id: ID!) {` → `GetUser`), else {@link ANONYMOUS}.
 */
export function entryTitle(entry: Pick<HistoryEntry, 'operationName' | 'query'>): string {
  if (entry.operationName) return entry.operationName
  const named = /^(?:query|mutation|subscription)\s+([_A-Za-z]\w*)/.exec(queryPreview(entry.query))
  return named?.[1] ?? ANONYMOUS
}

/** Host and path of an endpoint (`api.example.com/graphql`); the text itself when it is no URL. */
export function endpointLabel(endpoint: string): string {
  if (endpoint.trim() === '') return '(no endpoint)'
  try {
    const url = new URL(endpoint)
    const path = url.pathname === '/' ? '' : url.pathname
    return `${url.host}${path}`
  } catch {
    return endpoint
  }
}

/**
 * The full date and time, e.g. "Jan 15, 2026, 11:58:00 AM UTC".
 *
 * @param timeZone - IANA zone. @default undefined (the browser's)
 */
export function absoluteTime(time: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(time)
}

/** "1 line", "1,204 lines"; an empty text has 0 lines. */
export function lineCount(text: string): string {
  const n = text === '' ? 0 : text.split(/\r\n|\r|\n/).length
  return countOf(n, 'line')
}

/** "1 request", "100 requests". */
export function requestCount(n: number): string {
  return countOf(n, 'request')
}

/** What `StatusBadge.vue` shows for a history status. */
export interface StatusBadgeProps {
  text: string
  level: 'success' | 'partial' | 'warning' | 'error' | 'neutral'
}

/** 2xx success, 4xx/5xx error, no response a warning ("No response": network, CORS, stopped). */
export function statusBadge(status: number | null): StatusBadgeProps {
  if (status === null) return { text: 'No response', level: 'warning' }
  if (status >= 200 && status < 300) return { text: String(status), level: 'success' }
  if (status >= 400) return { text: String(status), level: 'error' }
  return { text: String(status), level: 'neutral' }
}
