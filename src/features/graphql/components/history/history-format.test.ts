import { describe, expect, it } from 'vitest'
import {
  ANONYMOUS,
  absoluteTime,
  endpointLabel,
  entryTitle,
  lineCount,
  queryPreview,
  requestCount,
  statusBadge,
} from './history-format'
import { joinNames, relativeTime } from '@/shared/core/format'

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0)
const MIN = 60_000

describe('history wording', () => {
  it('names an entry by its operation, the query’s named operation, or "Anonymous operation"', () => {
    expect(entryTitle({ operationName: 'GetUser', query: 'query Other { a }' })).toBe('GetUser')
    expect(entryTitle({ query: '# note\n\n  mutation CreateOrder($x: Int) {\n  a\n}' })).toBe('CreateOrder')
    expect(entryTitle({ query: '{ viewer { login } }' })).toBe(ANONYMOUS)
    expect(entryTitle({ query: 'query ($id: ID) { a }' })).toBe(ANONYMOUS)
    expect(entryTitle({ query: '' })).toBe(ANONYMOUS)
    expect(queryPreview('\r\n  # c\r\n  {\n  viewer { login } # who\n}\r\n')).toBe('{ viewer { login } }')
    expect(queryPreview(`{ ${'a '.repeat(100)}}`, 20)).toBe('{ a a a a a a a a a…')
    expect(queryPreview(`{ ${'a '.repeat(100)}}`, 20)).toHaveLength(20)
  })

  it('shows host and path of an endpoint, or the text when it is no URL', () => {
    expect(endpointLabel('https://api.example.com:8443/v1/graphql?x=1#f')).toBe('api.example.com:8443/v1/graphql')
    expect(endpointLabel('https://api.example.com/')).toBe('api.example.com')
    expect(endpointLabel('not a url')).toBe('not a url')
    expect(endpointLabel('  ')).toBe('(no endpoint)')
  })

  it('says how long ago (relativeTime: src/shared/core/format), then the full date', () => {
    expect(relativeTime(NOW - 2 * MIN, NOW)).toBe('2 min ago')
    expect(absoluteTime(NOW - 2 * MIN, 'UTC')).toBe('Jan 15, 2026, 11:58:00 AM UTC')
  })

  it('counts lines and requests, joins names', () => {
    expect(lineCount('')).toBe('0 lines')
    expect(lineCount('{ a }')).toBe('1 line')
    expect(lineCount('a\r\nb\nc')).toBe('3 lines')
    expect(lineCount('\n'.repeat(1203))).toBe('1,204 lines')
    expect(requestCount(1)).toBe('1 request')
    expect(requestCount(100)).toBe('100 requests')
    expect(joinNames([])).toBe('')
    expect(joinNames(['A'])).toBe('A')
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B and C')
  })

  it('maps statuses to badge words and levels; no response is not a number', () => {
    expect(statusBadge(null)).toEqual({ text: 'No response', level: 'warning' })
    expect(statusBadge(200)).toEqual({ text: '200', level: 'success' })
    expect(statusBadge(304)).toEqual({ text: '304', level: 'neutral' })
    expect(statusBadge(404)).toEqual({ text: '404', level: 'error' })
    expect(statusBadge(503)).toEqual({ text: '503', level: 'error' })
  })
})
