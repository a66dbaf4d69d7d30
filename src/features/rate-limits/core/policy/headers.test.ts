import { parseList } from 'structured-headers'
import { describe, expect, it } from 'vitest'
import { parseRateLimitHeaders } from '../parse.ts'
import { policyHeaders } from './headers.ts'
import { createLimiter } from './models.ts'
import { createQuotasLimiter } from './quotas.ts'

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0)
const asText = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\n')

describe('policy headers', () => {
  it('a GitHub-like hour window: the IETF pair and X-RateLimit-*, read back by the parser', () => {
    const limiter = createLimiter({ kind: 'fixed-window', name: 'core', limit: 5000, windowMs: 3_600_000 })
    limiter.take(NOW)
    const headers = policyHeaders([limiter.take(NOW)], NOW)
    expect(headers).toEqual({
      'RateLimit-Policy': '"core";q=5000;w=3600',
      RateLimit: '"core";r=4998;t=3600',
      'X-RateLimit-Limit': '5000',
      'X-RateLimit-Remaining': '4998',
      'X-RateLimit-Used': '2',
      'X-RateLimit-Reset': String(NOW / 1000 + 3600),
      'X-RateLimit-Resource': 'core',
    })
    const report = parseRateLimitHeaders(`HTTP/2 200\n${asText(headers)}`, new Date(NOW))
    const ietf = report.quotas.find((q) => q.family === 'ietf')
    expect(ietf).toMatchObject({ label: 'core', limit: 5000, remaining: 4998, windowSeconds: 3600, resetInMs: 3_600_000 })
    expect(report.warnings.filter((w) => w.code !== 'unrecognised-header')).toEqual([])
  })
  it('two quotas: one item per quota in each IETF field (a Structured-Field List), X-RateLimit-* for the binding one, Retry-After on a denial', () => {
    const limiter = createQuotasLimiter([
      { kind: 'sliding-window', name: 'requests', limit: 3, windowMs: 1000 },
      { kind: 'token-bucket', name: 'tokens', unit: 'tokens', capacity: 1000, refillPerSecond: 100 },
    ])
    limiter.take(NOW, 600)
    const denied = limiter.take(NOW + 250, 600)
    expect(denied).toMatchObject({ allowed: false, binding: 'tokens', retryAfterMs: 1750 })
    const headers = policyHeaders(denied.quotas, NOW + 250)
    expect(parseList(headers['RateLimit-Policy'] ?? '').map(([name, params]) => [name, Object.fromEntries(params)])).toEqual([
      ['requests', { q: 3, w: 1 }],
      ['tokens', { q: 1000, w: 10 }],
    ])
    expect(parseList(headers['RateLimit'] ?? '').map(([name, params]) => [name, Object.fromEntries(params)])).toEqual([
      ['requests', { r: 2, t: 1 }],
      ['tokens', { r: 425, t: 6 }],
    ])
    expect(headers).toMatchObject({ 'Retry-After': '2', 'retry-after-ms': '1750', 'X-RateLimit-Resource': 'tokens', 'X-RateLimit-Remaining': '425' })
    const report = parseRateLimitHeaders(`HTTP/1.1 429 Too Many Requests\n${asText(headers)}`, new Date(NOW + 250))
    // The parser prefers the millisecond field.
    expect(report.retryAfter?.seconds).toBe(1.75)
    expect(report.quotas.filter((q) => q.family === 'ietf').map((q) => [q.label, q.limit, q.remaining])).toEqual([
      ['requests', 3, 2],
      ['tokens', 1000, 425],
    ])
  })
  it('a cost no wait can satisfy gets no Retry-After; a sub-second window is stated as w=1', () => {
    const limiter = createLimiter({ kind: 'gcra', name: 'g', emissionIntervalMs: 10, burstToleranceMs: 40 })
    const headers = policyHeaders([limiter.take(NOW, 6)], NOW)
    expect(headers['Retry-After']).toBeUndefined()
    expect(headers['RateLimit-Policy']).toBe('"g";q=5;w=1')
  })
})
