import { describe, expect, it } from 'vitest'
import { codes, dump, NOW_S, parse, quota, warningsOf } from './test-utils.ts'

const GITHUB_LINES = [
  'x-ratelimit-limit: 60',
  'x-ratelimit-remaining: 57',
  `x-ratelimit-reset: ${NOW_S + 600}`,
  'x-ratelimit-used: 3',
  'x-ratelimit-resource: core',
]

describe('plain header lines', () => {
  it('reads LF lines, keeping names as pasted and 1-based line numbers', () => {
    const r = parse(dump('X-RateLimit-Limit: 60', 'X-RateLimit-Remaining: 57'))
    expect(r.headers).toEqual([
      { name: 'X-RateLimit-Limit', value: '60', line: 1 },
      { name: 'X-RateLimit-Remaining', value: '57', line: 2 },
    ])
    expect(quota(r, 'generic').sources).toEqual({ limit: 'X-RateLimit-Limit', remaining: 'X-RateLimit-Remaining' })
  })

  it('reads CRLF and lone CR line endings the same as LF', () => {
    const lf = parse(GITHUB_LINES.join('\n'))
    expect(parse(GITHUB_LINES.join('\r\n'))).toEqual(lf)
    expect(parse(GITHUB_LINES.join('\r'))).toEqual(lf)
    expect(lf.headers.at(-1)).toEqual({ name: 'x-ratelimit-resource', value: 'core', line: 5 })
  })

  it('matches names case-insensitively', () => {
    const q = quota(parse(dump('X-RATELIMIT-LIMIT: 60', 'x-RateLimit-remaining: 6', 'X-Ratelimit-Used: 54', 'X-RATELIMIT-RESOURCE: search')), 'github')
    expect(q).toMatchObject({ limit: 60, remaining: 6, used: 54, resource: 'search' })
  })

  it('tolerates missing space after the colon, space before it and indentation', () => {
    const r = parse('  x-ratelimit-limit:60  \n\tx-ratelimit-remaining :  10 ')
    expect(r.headers.map((h) => [h.name, h.value])).toEqual([
      ['x-ratelimit-limit', '60'],
      ['x-ratelimit-remaining', '10'],
    ])
  })

  it('joins obsolete folded continuation lines to the previous value', () => {
    const r = parse(dump('ratelimit-policy: 10;w=1,', ' 600;w=60', 'ratelimit-limit: 600'))
    expect(r.headers[0]).toEqual({ name: 'ratelimit-policy', value: '10;w=1, 600;w=60', line: 1 })
    expect(quota(r, 'ietf').windowSeconds).toBe(60)
  })

  it('warns about lines that are not headers, with their line number, and summarises beyond ten', () => {
    const r = parse(dump('x-ratelimit-limit: 60', 'this is not a header', 'x-ratelimit-remaining: 1'))
    expect(warningsOf(r, 'ignored-line')).toEqual([{ code: 'ignored-line', line: 2, message: expect.stringContaining('Line 2 is not a header') }])
    const many = parse(['x-ratelimit-limit: 5', ...Array.from({ length: 15 }, () => 'junk')].join('\n'))
    const ignored = warningsOf(many, 'ignored-line')
    expect(ignored).toHaveLength(11)
    expect(ignored[0]?.message).toBe('5 more lines that are not headers were ignored.')
  })

  it('reads the DevTools two-line form "name:" then the value', () => {
    const r = parse(dump('x-ratelimit-limit:', '60', 'x-ratelimit-remaining:', '30'))
    expect(r.headers).toEqual([
      { name: 'x-ratelimit-limit', value: '60', line: 1 },
      { name: 'x-ratelimit-remaining', value: '30', line: 3 },
    ])
    expect(quota(r, 'generic').remainingPercent).toBe(50)
  })

  it('reads tab-separated name/value rows', () => {
    expect(quota(parse('RateLimit-Limit\t100\nRateLimit-Remaining\t25'), 'ietf')).toMatchObject({ limit: 100, remaining: 25 })
  })
})

describe('curl output', () => {
  it('reads the status line of curl -i and stops at the body', () => {
    const r = parse(dump('HTTP/1.1 429 Too Many Requests', 'Retry-After: 30', '', 'x-ratelimit-limit: 1', '{"error":"slow down"}'))
    expect(r.status).toBe(429)
    expect(r.headers).toEqual([{ name: 'Retry-After', value: '30', line: 2 }])
    expect(r.retryAfter?.seconds).toBe(30)
  })

  it.each(['HTTP/2 200', 'HTTP/2.0 200 OK', 'HTTP/1.0 200 OK', 'http/1.1 200 ok'])('accepts status line %s', (line) => {
    expect(parse(dump(line, ...GITHUB_LINES)).status).toBe(200)
  })

  it('uses the last block when a proxy prints two (curl -i through a proxy)', () => {
    const r = parse(
      dump('HTTP/1.1 200 Connection established', 'Proxy-Agent: squid', '', 'HTTP/2 403', ...GITHUB_LINES.map((l) => l.replace('57', '0')), ''),
    )
    expect(r.status).toBe(403)
    expect(r.headers.map((h) => h.name)).not.toContain('Proxy-Agent')
    expect(r.headers[0]?.line).toBe(5)
    expect(quota(r, 'github').remaining).toBe(0)
    expect(warningsOf(r, 'multiple-blocks')[0]).toMatchObject({ line: 4, message: expect.stringContaining('2 responses') })
  })

  it('reads curl -D - output with redirects (three blocks, CRLF)', () => {
    const text = ['HTTP/1.1 301 Moved Permanently', 'Location: /b', '', 'HTTP/1.1 302 Found', 'Location: /c', '', 'HTTP/1.1 200 OK', 'RateLimit-Limit: 10', 'RateLimit-Remaining: 9', ''].join('\r\n')
    const r = parse(text)
    expect(r.status).toBe(200)
    expect(quota(r, 'ietf')).toMatchObject({ limit: 10, remaining: 9 })
  })

  it('reads curl -v output, skipping request and info lines', () => {
    const r = parse(dump('* Connected to api.github.com', '> GET /user HTTP/2', '> x-ratelimit-limit: 1', '< HTTP/2 200', ...GITHUB_LINES.map((l) => `< ${l}`), '<'))
    expect(r.status).toBe(200)
    expect(quota(r, 'github')).toMatchObject({ limit: 60, remaining: 57 })
    expect(codes(r)).toEqual([])
  })
})

describe("GitHub's documented examples (docs.github.com, rate limits for the REST API), quoted with '> '", () => {
  it('curl -I, HTTP/2: the quota is found, the command line is not a header', () => {
    const r = parse(dump(
      '$ curl -I https://api.github.com/users/octocat',
      '> HTTP/2 200',
      '> Date: Mon, 01 Jul 2013 17:27:06 GMT',
      '> x-ratelimit-limit: 60',
      '> x-ratelimit-remaining: 56',
      '> x-ratelimit-used: 4',
      '> x-ratelimit-reset: 1372700873',
    ))
    expect(r.status).toBe(200)
    expect(quota(r, 'github')).toMatchObject({ limit: 60, remaining: 56, used: 4, resetAt: new Date(1372700873 * 1000) })
    expect(codes(r)).not.toContain('no-rate-limit-headers')
    expect(codes(r)).not.toContain('ignored-line')
    expect(r.headers.map((h) => h.line)).toEqual([3, 4, 5, 6, 7])
  })

  it('curl -i, HTTP/1.1 with Status, and the 403 with its quoted body', () => {
    const ok = parse(dump('$ curl -i https://api.github.com/users/octocat', '> HTTP/1.1 200 OK', '> Date: Mon, 01 Jul 2013 17:27:06 GMT', '> Status: 200 OK', '> X-RateLimit-Limit: 60', '> X-RateLimit-Remaining: 56', '> X-RateLimit-Reset: 1372700873'))
    expect(ok.quotas).toEqual([expect.objectContaining({ limit: 60, remaining: 56 })])
    const limited = parse(dump('> HTTP/2 429', '> X-RateLimit-Limit: 60', '> X-RateLimit-Remaining: 0', '> X-RateLimit-Reset: 1377013266', '', '> {', '>    "error": {', '>        "code": 429', '>    }', '> }'))
    expect(limited.status).toBe(429)
    expect(limited.quotas).toEqual([expect.objectContaining({ limit: 60, remaining: 0 })])
    expect(codes(limited)).not.toContain('ignored-line')
  })

  it('curl -v still drops its request lines (> GET …, > Host:) when the response is marked with <', () => {
    const r = parse(dump('$ curl -v https://api.github.com/rate_limit', '*   Trying 140.82.121.6:443...', '> GET /rate_limit HTTP/2', '> Host: api.github.com', '> x-ratelimit-limit: 1', '>', '< HTTP/2 200', ...GITHUB_LINES.map((l) => `< ${l}`), '<'))
    expect(r.headers.map((h) => h.name)).not.toContain('Host')
    expect(quota(r, 'github')).toMatchObject({ limit: 60, remaining: 57 })
    expect(codes(r)).toEqual([])
  })
})

describe('DevTools copies', () => {
  it('keeps pseudo-headers and takes the status from :status', () => {
    const r = parse(dump(':status: 429', ':authority: api.openai.com', 'retry-after-ms: 1500', 'x-ratelimit-limit-requests: 60', 'x-ratelimit-remaining-requests: 0'))
    expect(r.status).toBe(429)
    expect(r.headers[0]).toEqual({ name: ':status', value: '429', line: 1 })
    expect(r.retryAfter).toMatchObject({ seconds: 1.5, header: 'retry-after-ms' })
  })

  it('ignores Firefox extras such as X-Firefox-Spdy', () => {
    const r = parse(dump('X-Firefox-Spdy: h2', ...GITHUB_LINES))
    expect(quota(r, 'github').limit).toBe(60)
    expect(codes(r)).toEqual([])
  })
})

describe('JSON input', () => {
  const har = (entries: unknown[]) => JSON.stringify({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, entries } }, null, 2)
  const entry = (url: string, status: number, headers: [string, string][]) => ({
    request: { method: 'GET', url, headers: [{ name: 'accept', value: '*/*' }] },
    response: { status, statusText: '', headers: headers.map(([name, value]) => ({ name, value })) },
  })

  it('reads a HAR file, choosing the last entry with rate-limit headers and saying so', () => {
    const text = har([
      entry('https://api.github.com/user', 200, [['x-ratelimit-limit', '5000'], ['x-ratelimit-remaining', '4999'], ['x-ratelimit-used', '1'], ['x-ratelimit-resource', 'core']]),
      entry('https://api.github.com/search/code', 403, [['x-ratelimit-limit', '10'], ['x-ratelimit-remaining', '0'], ['x-ratelimit-used', '10'], ['x-ratelimit-resource', 'code_search']]),
      entry('https://github.githubassets.com/x.js', 200, [['content-type', 'text/javascript']]),
    ])
    const r = parse(text)
    expect(r.status).toBe(403)
    expect(quota(r, 'github')).toMatchObject({ label: 'code_search', limit: 10, remaining: 0 })
    expect(warningsOf(r, 'har-entry-chosen')[0]?.message).toContain('entry 2 (https://api.github.com/search/code)')
    // Line numbers point into the second entry's response, not the first entry's identical names.
    const lines = text.split('\n')
    const limitLine = r.headers.find((h) => h.name === 'x-ratelimit-limit')?.line ?? 0
    expect(lines[limitLine - 1]).toContain('"x-ratelimit-limit"')
    expect(lines[limitLine]).toContain('"10"')
  })

  it('reads a single HAR entry and keeps duplicate entries separate, then combines them', () => {
    const text = JSON.stringify(entry('https://x', 200, [['RateLimit', '"a";r=5'], ['RateLimit', '"b";r=7'], ['RateLimit-Policy', '"a";q=10, "b";q=70']]))
    const r = parse(text)
    expect(r.headers).toHaveLength(3)
    expect(r.quotas.map((q) => [q.label, q.remaining, q.limit])).toEqual([['a', 5, 10], ['b', 7, 70]])
    expect(warningsOf(r, 'duplicate-header')).toHaveLength(1)
  })

  it('reads a plain JSON object of headers, with number and array values', () => {
    const r = parse('{\n  "X-RateLimit-Limit": 60,\n  "X-RateLimit-Remaining": "59",\n  "X-RateLimit-Used": [1],\n  "X-RateLimit-Resource": "core"\n}')
    expect(quota(r, 'github')).toMatchObject({ limit: 60, remaining: 59, used: 1 })
    expect(r.headers.map((h) => h.line)).toEqual([2, 3, 4, 5])
  })

  it('reads { status, headers } objects and Firefox "Copy All" JSON', () => {
    expect(parse(JSON.stringify({ status: 429, headers: { 'retry-after': '5' } })).status).toBe(429)
    const firefox = JSON.stringify({
      'Response headers (312 B)': { headers: [{ name: 'x-rate-limit-limit', value: '300' }, { name: 'x-rate-limit-remaining', value: '299' }] },
      'Request headers (1.1 kB)': { headers: [{ name: 'x-rate-limit-limit', value: '1' }] },
    })
    expect(quota(parse(firefox), 'x')).toMatchObject({ limit: 300, remaining: 299 })
  })

  it('warns on JSON without headers and on broken JSON', () => {
    expect(codes(parse('{"message": {"nested": {}}}'))).toContain('invalid-json')
    const broken = parse('{"x-ratelimit-limit": "60",')
    expect(codes(broken)[0]).toBe('invalid-json')
    expect(broken.quotas).toEqual([])
  })
})

describe('empty and header-less input', () => {
  it('reports empty input', () => {
    expect(parse('  \n \r\n')).toEqual({ headers: [], quotas: [], advice: [], warnings: [{ code: 'empty-input', message: 'Nothing was pasted.' }] })
  })

  it('reports input without headers and input without rate-limit headers', () => {
    expect(codes(parse('hello world'))).toContain('no-headers')
    const r = parse('content-type: text/html')
    expect(codes(r)).toEqual(['no-rate-limit-headers'])
    expect(r.advice).toEqual([])
  })
})
