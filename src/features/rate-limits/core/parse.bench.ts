/**
 * Parse time of a 5,000-line paste (target ≤ 50 ms). Not a timed test: run with `npx vitest bench --run`.
 */
import { bench, describe } from 'vitest'
import { examples } from './examples.ts'
import { parseRateLimitHeaders } from './index.ts'

const NOW = new Date('2025-01-14T10:15:00Z')

/** 5,000 lines: every example repeated (so every family and many duplicates), padded with ordinary headers. */
function bigPaste(lineCount: number): string {
  const source = examples.flatMap((e) => e.text.split('\n').filter((l) => l.includes(':') && !l.startsWith('{')))
  const lines: string[] = []
  for (let i = 0; lines.length < lineCount; i++) {
    lines.push(i % 3 === 0 ? `x-custom-header-${i}: value ${i}` : (source[i % source.length] ?? ''))
  }
  return lines.join('\r\n')
}

const PASTE = bigPaste(5000)
const CURL = `HTTP/1.1 200 Connection established\r\n\r\nHTTP/2 200\r\n${PASTE}`
const HAR = JSON.stringify({
  log: { entries: [{ request: { url: 'https://x' }, response: { status: 200, headers: PASTE.split('\r\n').map((l) => ({ name: l.slice(0, l.indexOf(':')), value: l.slice(l.indexOf(':') + 1).trim() })) } }] },
})

describe('parseRateLimitHeaders, 5,000-line paste', () => {
  bench('header lines (CRLF)', () => {
    parseRateLimitHeaders(PASTE, NOW)
  })
  bench('curl -i, two blocks', () => {
    parseRateLimitHeaders(CURL, NOW)
  })
  bench('HAR entry with 5,000 headers', () => {
    parseRateLimitHeaders(HAR, NOW)
  })
})
