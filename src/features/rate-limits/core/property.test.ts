import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NOW, NOW_S, parse } from './test-utils.ts'

/** Paths of every NaN/Infinity number or Invalid Date in a value, walked recursively. */
function badNumbers(value: unknown, path = '$', out: string[] = []): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(`${path}=${value}`)
  } else if (value instanceof Date) {
    if (!Number.isFinite(value.getTime())) out.push(`${path}=Invalid Date`)
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => badNumbers(v, `${path}[${i}]`, out))
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) badNumbers(v, `${path}.${k}`, out)
  }
  return out
}

function checkReport(text: string, now: Date = NOW): void {
  const report = parse(text, now)
  expect(badNumbers(report)).toEqual([])
  expect(report.warnings.map((w) => w.code)).not.toContain('internal-error')
  for (const q of report.quotas) {
    for (const p of [q.usedPercent, q.remainingPercent]) {
      if (p !== undefined) {
        expect(p).toBeGreaterThanOrEqual(0)
        expect(p).toBeLessThanOrEqual(100)
      }
    }
  }
}

const KNOWN_NAMES = [
  'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-used', 'x-ratelimit-reset', 'x-ratelimit-resource',
  'x-ratelimit-reset-after', 'x-ratelimit-bucket', 'x-ratelimit-scope', 'x-ratelimit-global', 'x-ratelimit-nearlimit',
  'x-ratelimit-limit-requests', 'x-ratelimit-remaining-tokens', 'x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens',
  'anthropic-ratelimit-tokens-limit', 'anthropic-ratelimit-tokens-remaining', 'anthropic-ratelimit-tokens-reset',
  'x-ratelimit-requests-limit', 'x-ratelimit-requests-remaining', 'x-ratelimit-requests-reset',
  'x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-reset', 'x-rate-limit', 'x-app-limit-24hour-limit',
  'x-app-limit-24hour-remaining', 'x-app-limit-24hour-reset', 'x-shopify-shop-api-call-limit',
  'ratelimit', 'ratelimit-policy', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset',
  'ratelimit-observed', 'ratelimit-resettime', 'ratelimit-name', 'zendesk-ratelimit-tickets-index',
  'x-hubspot-ratelimit-daily', 'x-hubspot-ratelimit-daily-remaining', 'x-hubspot-ratelimit-interval-milliseconds',
  'x-hubspot-ratelimit-max', 'x-hubspot-ratelimit-remaining', 'x-sentry-rate-limit-limit', 'x-sentry-rate-limit-reset',
  'x-sentry-rate-limit-concurrentremaining', 'retry-after', 'retry-after-ms', 'date', ':status',
]

const name = fc.oneof(
  fc.constantFrom(...KNOWN_NAMES),
  fc.constantFrom(...KNOWN_NAMES).map((n) => n.toUpperCase()),
  fc.stringMatching(/^[\w!#$%&'*+.^`|~-]{1,20}$/),
  fc.string({ maxLength: 20 }),
)

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.integer({ min: NOW_S - 1000, max: NOW_S + 100_000 }).map(String),
  fc.tuple(fc.nat(100), fc.nat(100)).map(([a, b]) => `${a}/${b}`),
  fc.tuple(fc.nat(1000), fc.constantFrom('ns', 'us', 'µs', 'ms', 's', 'm', 'h')).map(([n, u]) => `${n}${u}`),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isFinite(d.getTime()) ? d.toUTCString() : 'Invalid Date')),
  fc.date().map((d) => (Number.isFinite(d.getTime()) ? d.toISOString() : '')),
  fc.constantFrom('"a";r=1;t=2', '"a";q=10;w=60, "b";q=0', 'limit=5, remaining=9, reset=-1', '100, 100;w=0', '-1', '(1 2);w=3', ':AAA=:', '?1'),
)

const headerLines = fc.array(fc.tuple(name, fc.constantFrom(': ', ':', ' : ', '\t'), value), { maxLength: 25 })
const eol = fc.constantFrom('\n', '\r\n', '\r')
const prefix = fc.constantFrom('', 'HTTP/2 200\n', 'HTTP/1.1 429 Too Many Requests\r\n', 'HTTP/1.1 200 Connection established\n\nHTTP/2 403\n', '< HTTP/2 429\n')

it('the NaN walker itself finds bad values at any depth', () => {
  expect(badNumbers({ a: [1, { b: Number.NaN }], c: new Date(Number.NaN), d: -Infinity, e: 'NaN' })).toEqual([
    '$.a[1].b=NaN',
    '$.c=Invalid Date',
    '$.d=-Infinity',
  ])
})

describe('property: the parser never throws and never produces NaN/Infinity', () => {
  it('on any string', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (s) => checkReport(s)), { numRuns: 500 })
  })

  it('on any full-Unicode string', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => checkReport(s)), { numRuns: 200 })
  })

  it('on header-shaped input built from arbitrary names and values', () => {
    fc.assert(
      fc.property(prefix, headerLines, eol, fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }), (p, lines, nl, now) => {
        checkReport(p + lines.map(([n, sep, v]) => `${n}${sep}${v}`).join(nl), now)
      }),
      { numRuns: 600 },
    )
  })

  it('on arbitrary JSON and HAR-shaped JSON', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (j) => checkReport(JSON.stringify(j))), { numRuns: 300 })
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(name, fc.oneof(value, fc.jsonValue({ maxDepth: 1 }))), { maxLength: 8 }), { maxLength: 4 }), (entries) => {
        const har = { log: { entries: entries.map((hs) => ({ request: { url: 'https://x' }, response: { status: 200, headers: hs.map(([n, v]) => ({ name: n, value: v })) } })) } }
        checkReport(JSON.stringify(har, null, 1))
      }),
      { numRuns: 200 },
    )
  })
})

describe('property: percentages stay within 0..100 for consistent values', () => {
  const consistent = fc.integer({ min: 1, max: 2 ** 53 - 1 }).chain((limit) => fc.tuple(fc.constant(limit), fc.integer({ min: 0, max: limit })))
  const templates: ((limit: number, remaining: number) => string)[] = [
    (l, r) => `x-ratelimit-resource: core\nx-ratelimit-limit: ${l}\nx-ratelimit-remaining: ${r}\nx-ratelimit-used: ${l - r}`,
    (l, r) => `x-ratelimit-limit-tokens: ${l}\nx-ratelimit-remaining-tokens: ${r}`,
    (l, r) => `X-Shopify-Shop-Api-Call-Limit: ${l - r}/${l}`,
    (l, r) => `RateLimit-Policy: "p";q=${Math.min(l, 999_999_999_999_999)};w=60\nRateLimit: "p";r=${Math.min(r, l, 999_999_999_999_999)};t=1`,
    (l, r) => `RateLimit: limit=${Math.min(l, 999_999_999_999_999)}, remaining=${Math.min(r, 999_999_999_999_999)}`,
  ]
  it('for every family shape', () => {
    fc.assert(
      fc.property(consistent, fc.nat(templates.length - 1), ([limit, remaining], t) => {
        const report = parse(templates[t]?.(limit, remaining) ?? '')
        expect(report.quotas).toHaveLength(1)
        const q = report.quotas[0]
        expect(q?.remainingPercent).toBeGreaterThanOrEqual(0)
        expect(q?.remainingPercent).toBeLessThanOrEqual(100)
        expect(q?.usedPercent).toBeGreaterThanOrEqual(0)
        expect(q?.usedPercent).toBeLessThanOrEqual(100)
        expect((q?.usedPercent ?? 0) + (q?.remainingPercent ?? 0)).toBeCloseTo(100, 6)
        expect(badNumbers(report)).toEqual([])
      }),
      { numRuns: 500 },
    )
  })
})
