import { describe, expect, it } from 'vitest'
import { dump, NOW, NOW_S, parse, quota, warningsOf } from './test-utils.ts'

const DATE = 'date: Tue, 14 Jan 2025 10:15:00 GMT'

describe('GitHub', () => {
  it('reads limit, remaining, used, Unix-seconds reset and resource', () => {
    const r = parse(
      dump('HTTP/2 200', DATE, 'x-ratelimit-limit: 5000', 'x-ratelimit-remaining: 4997', 'x-ratelimit-reset: 1736850572', 'x-ratelimit-used: 3', 'x-ratelimit-resource: core'),
    )
    expect(r.quotas).toEqual([
      {
        family: 'github',
        label: 'core',
        limit: 5000,
        remaining: 4997,
        used: 3,
        usedPercent: 0.06,
        remainingPercent: 99.94,
        resetAt: new Date('2025-01-14T10:29:32Z'),
        resetInMs: 872_000,
        resource: 'core',
        sources: {
          limit: 'x-ratelimit-limit',
          remaining: 'x-ratelimit-remaining',
          used: 'x-ratelimit-used',
          reset: 'x-ratelimit-reset',
          resource: 'x-ratelimit-resource',
        },
      },
    ])
    expect(r.warnings).toEqual([])
  })

  it('labels GraphQL and search resources and reads a primary-limit 403', () => {
    const r = parse(dump('HTTP/2 403', 'x-ratelimit-limit: 30', 'x-ratelimit-remaining: 0', `x-ratelimit-reset: ${NOW_S + 42}`, 'x-ratelimit-used: 30', 'x-ratelimit-resource: search'))
    expect(quota(r, 'github')).toMatchObject({ label: 'search', remaining: 0, usedPercent: 100, remainingPercent: 0, resetInMs: 42_000 })
    expect(quota(parse(dump('x-ratelimit-limit: 5000', 'x-ratelimit-used: 1', 'x-ratelimit-resource: graphql')), 'github')).toMatchObject({
      label: 'graphql',
      remaining: 4999,
      derived: ['remaining'],
    })
  })
})

describe('OpenAI', () => {
  it('reads requests and tokens as two quotas with Go-duration resets', () => {
    const r = parse(
      dump(
        'x-ratelimit-limit-requests: 10000',
        'x-ratelimit-limit-tokens: 2000000',
        'x-ratelimit-remaining-requests: 9999',
        'x-ratelimit-remaining-tokens: 1999942',
        'x-ratelimit-reset-requests: 6m0s',
        'x-ratelimit-reset-tokens: 1ms',
      ),
    )
    expect(r.quotas.map((q) => q.label)).toEqual(['requests', 'tokens'])
    expect(quota(r, 'openai', 'requests')).toMatchObject({ limit: 10000, remaining: 9999, used: 1, derived: ['used'], resetInMs: 360_000 })
    expect(quota(r, 'openai', 'tokens')).toMatchObject({ unit: 'tokens', used: 58, resetInMs: 1, resetAt: new Date(NOW.getTime() + 1) })
    expect(r.warnings).toEqual([])
  })

  it('treats Azure -1 as not applicable', () => {
    const r = parse(dump('x-ratelimit-limit-tokens: -1', 'x-ratelimit-remaining-tokens: -1'))
    expect(warningsOf(r, 'unlimited').map((w) => w.line)).toEqual([1, 2])
    expect(r.quotas).toEqual([])
  })
})

describe('Anthropic', () => {
  it('reads every limit with RFC 3339 resets', () => {
    const r = parse(
      dump(
        'anthropic-ratelimit-requests-limit: 4000',
        'anthropic-ratelimit-requests-remaining: 3999',
        'anthropic-ratelimit-requests-reset: 2025-01-14T10:15:01Z',
        'anthropic-ratelimit-tokens-limit: 480000',
        'anthropic-ratelimit-tokens-remaining: 479000',
        'anthropic-ratelimit-tokens-reset: 2025-01-14T10:15:07.5+00:00',
        'anthropic-ratelimit-output-tokens-limit: 80000',
        'anthropic-ratelimit-output-tokens-remaining: 80000',
        'anthropic-ratelimit-output-tokens-reset: 2025-01-14T11:15:00+01:00',
      ),
    )
    expect(r.quotas.map((q) => [q.label, q.remaining, q.resetInMs, q.unit])).toEqual([
      ['requests', 3999, 1000, undefined],
      ['tokens', 479000, 7500, 'tokens'],
      ['output-tokens', 80000, 0, 'tokens'],
    ])
    expect(r.warnings).toEqual([])
  })
})

describe('X (Twitter) and Okta', () => {
  it('reads the endpoint limit and the 24-hour app and user limits', () => {
    const r = parse(
      dump(
        'x-rate-limit-limit: 900',
        'x-rate-limit-remaining: 899',
        `x-rate-limit-reset: ${NOW_S + 900}`,
        'x-app-limit-24hour-limit: 1667',
        'x-app-limit-24hour-remaining: 1666',
        `x-app-limit-24hour-reset: ${NOW_S + 86_400}`,
        'x-user-limit-24hour-limit: 17',
        'x-user-limit-24hour-remaining: 16',
        `x-user-limit-24hour-reset: ${NOW_S + 3600}`,
      ),
    )
    expect(r.quotas.map((q) => [q.family, q.label, q.limit, q.resetInMs, q.windowSeconds])).toEqual([
      ['x', 'endpoint', 900, 900_000, undefined],
      ['x', 'app 24-hour', 1667, 86_400_000, 86_400],
      ['x', 'user 24-hour', 17, 3_600_000, 86_400],
    ])
  })

  it('reads the Okta spelling of the same headers', () => {
    const q = quota(parse(dump('X-Rate-Limit-Limit: 600', 'X-Rate-Limit-Remaining: 598', `X-Rate-Limit-Reset: ${NOW_S + 55}`)), 'x')
    expect(q).toMatchObject({ limit: 600, remaining: 598, resetInMs: 55_000, sources: { limit: 'X-Rate-Limit-Limit' } })
  })
})

describe('Shopify', () => {
  it('reads used/limit from any vendor prefix', () => {
    const q = quota(parse('X-Shopify-Shop-Api-Call-Limit: 32/40'), 'shopify')
    expect(q).toMatchObject({ used: 32, limit: 40, remaining: 8, usedPercent: 80, remainingPercent: 20, derived: ['remaining'] })
    expect(quota(parse('x-acme-shop-api-call-limit: 1 / 80'), 'shopify')).toMatchObject({ used: 1, limit: 80 })
  })

  it('rejects values not of the form used/limit', () => {
    const r = parse('X-Shopify-Shop-Api-Call-Limit: 32 of 40')
    expect(warningsOf(r, 'non-numeric')[0]).toMatchObject({ line: 1, header: 'X-Shopify-Shop-Api-Call-Limit' })
    expect(r.quotas).toEqual([])
  })
})

describe('Discord', () => {
  it('prefers Reset-After and keeps bucket and scope', () => {
    const r = parse(
      dump(
        'X-RateLimit-Limit: 5',
        'X-RateLimit-Remaining: 1',
        `X-RateLimit-Reset: ${NOW_S + 64}.570`,
        'X-RateLimit-Reset-After: 64.57',
        'X-RateLimit-Bucket: abcd1234',
        'X-RateLimit-Scope: shared',
      ),
    )
    expect(quota(r, 'discord')).toMatchObject({ label: 'shared scope', resource: 'abcd1234', limit: 5, remaining: 1, resetInMs: 64_570 })
    expect(quota(r, 'discord').sources).toMatchObject({ reset: 'X-RateLimit-Reset-After', resetTimestamp: 'X-RateLimit-Reset', scope: 'X-RateLimit-Scope' })
    expect(r.warnings).toEqual([])
  })

  it('falls back to the decimal Unix Reset and labels the global limit', () => {
    const q = quota(parse(dump('X-RateLimit-Global: true', 'X-RateLimit-Limit: 50', 'X-RateLimit-Remaining: 0', `X-RateLimit-Reset: ${NOW_S + 1}.123`)), 'discord')
    expect(q.label).toBe('global')
    expect(q.resetInMs).toBeCloseTo(1123, 3)
  })
})

describe('Reddit', () => {
  it('derives the limit from used + remaining and reads float remaining and relative reset', () => {
    const q = quota(parse(dump('x-ratelimit-used: 4', 'x-ratelimit-remaining: 596.0', 'x-ratelimit-reset: 236')), 'reddit')
    expect(q).toMatchObject({ used: 4, remaining: 596, limit: 600, derived: ['limit'], resetInMs: 236_000, usedPercent: 4 / 6 })
  })
})

describe('HubSpot', () => {
  it('reads daily, interval and secondly limits with windows', () => {
    const r = parse(
      dump(
        'X-HubSpot-RateLimit-Daily: 250000',
        'X-HubSpot-RateLimit-Daily-Remaining: 249999',
        'X-HubSpot-RateLimit-Interval-Milliseconds: 10000',
        'X-HubSpot-RateLimit-Max: 100',
        'X-HubSpot-RateLimit-Remaining: 99',
        'X-HubSpot-RateLimit-Secondly: 10',
        'X-HubSpot-RateLimit-Secondly-Remaining: 9',
      ),
    )
    expect(r.quotas.map((q) => [q.label, q.limit, q.remaining, q.windowSeconds, q.resetAt])).toEqual([
      ['daily', 250000, 249999, 86_400, undefined],
      ['interval', 100, 99, 10, undefined],
      ['secondly', 10, 9, 1, undefined],
    ])
    expect(quota(r, 'hubspot', 'interval').sources.window).toBe('X-HubSpot-RateLimit-Interval-Milliseconds')
  })
})

describe('Linear', () => {
  it('reads requests and complexity, guessing the reset form by magnitude and saying so', () => {
    const r = parse(dump('X-RateLimit-Requests-Limit: 1500', 'X-RateLimit-Requests-Remaining: 1499', `X-RateLimit-Requests-Reset: ${(NOW_S + 3600) * 1000}`, 'X-RateLimit-Complexity-Limit: 250000', 'X-RateLimit-Complexity-Remaining: 249000'))
    expect(quota(r, 'linear', 'requests')).toMatchObject({ remaining: 1499, resetInMs: 3_600_000 })
    expect(quota(r, 'linear', 'complexity')).toMatchObject({ used: 1000 })
    expect(warningsOf(r, 'reset-guessed')[0]).toMatchObject({ line: 3, header: 'X-RateLimit-Requests-Reset', message: expect.stringContaining('milliseconds') })
  })
})

describe('Sentry', () => {
  it('reads the request and concurrent limits', () => {
    const r = parse(dump('X-Sentry-Rate-Limit-Limit: 40', 'X-Sentry-Rate-Limit-Remaining: 39', `X-Sentry-Rate-Limit-Reset: ${NOW_S + 1}`, 'X-Sentry-Rate-Limit-ConcurrentLimit: 25', 'X-Sentry-Rate-Limit-ConcurrentRemaining: 25'))
    expect(r.quotas.map((q) => [q.label, q.remaining, q.resetInMs])).toEqual([
      ['requests', 39, 1000],
      ['concurrent', 25, undefined],
    ])
  })
})

describe('Zendesk and Jira', () => {
  it('Zendesk: account x-rate-limit and endpoint total/remaining/resets', () => {
    const r = parse(dump('X-Rate-Limit: 700', 'X-Rate-Limit-Remaining: 699', 'Zendesk-RateLimit-Tickets-Index: total=100; remaining=99; resets=41'))
    expect(r.quotas.map((q) => [q.family, q.label, q.limit, q.remaining, q.resetInMs])).toEqual([
      ['zendesk', 'account', 700, 699, undefined],
      ['zendesk', 'tickets-index', 100, 99, 41_000],
    ])
  })

  it('Jira: ISO 8601 minute-precision reset and NearLimit', () => {
    const r = parse(dump(DATE, 'X-RateLimit-Limit: 100', 'X-RateLimit-Remaining: 10', 'X-RateLimit-Reset: 2025-01-14T10:20Z', 'X-RateLimit-NearLimit: true'))
    expect(quota(r, 'jira')).toMatchObject({ remaining: 10, resetInMs: 300_000, sources: { nearLimit: 'X-RateLimit-NearLimit' } })
  })
})

describe('generic x-ratelimit', () => {
  it('guesses the reset form by magnitude and warns', () => {
    const secs = parse(dump('X-RateLimit-Limit: 100', 'X-RateLimit-Remaining: 99', 'X-RateLimit-Reset: 30'))
    expect(quota(secs, 'generic')).toMatchObject({ resetInMs: 30_000 })
    expect(warningsOf(secs, 'reset-guessed')[0]?.message).toContain('seconds from now')
    const epoch = parse(dump('X-RateLimit-Limit: 100', `X-RateLimit-Reset: ${NOW_S + 30}`))
    expect(quota(epoch, 'generic').resetInMs).toBe(30_000)
    expect(warningsOf(epoch, 'reset-guessed')[0]?.message).toContain('Unix time in seconds')
  })
})

it('reports rate-limit-like headers no family used', () => {
  const r = parse(dump('x-ratelimit-limit-requests: 10', 'x-custom-ratelimit-bucket: 7'))
  expect(warningsOf(r, 'unrecognised-header')).toEqual([
    { code: 'unrecognised-header', header: 'x-custom-ratelimit-bucket', line: 2, message: 'x-custom-ratelimit-bucket looks rate-limit related but was not used.' },
  ])
})
