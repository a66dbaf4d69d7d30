import { describe, expect, it } from 'vitest'
import { lintRateLimitHeaders } from './lint.ts'

/** A 429 or 503 as `curl -i` prints it, with an RFC 9457 body. */
const response = (status: string, body: object) =>
  [status, 'Content-Type: application/problem+json', 'Retry-After: 30', 'RateLimit-Policy: "default";q=100;w=60', 'RateLimit: "default";r=0;t=30', '', JSON.stringify(body)].join('\n')
const codes = (input: string) => lintRateLimitHeaders(input, { now: new Date('2026-01-15T12:00:00Z') }).map((f) => f.code).filter((c) => c.startsWith('problem-'))

const QUOTA_EXCEEDED = 'https://iana.org/assignments/http-problem-types#quota-exceeded'
const REDUCED = 'https://iana.org/assignments/http-problem-types#temporary-reduced-capacity'

describe('lint: problem details on a rate-limited response', () => {
  it('the draft’s quota-exceeded type on a 429 with the same status is clean', () => {
    expect(codes(response('HTTP/1.1 429 Too Many Requests', { type: QUOTA_EXCEEDED, title: 'Quota Exceeded', status: 429, 'violated-policies': ['default'] }))).toEqual([])
  })

  it('a body whose status is not the response’s (RFC 9457 §3.1.3)', () => {
    const [finding] = lintRateLimitHeaders(response('HTTP/1.1 429 Too Many Requests', { type: QUOTA_EXCEEDED, status: 403 })).filter((f) => f.code === 'problem-status-mismatch')
    expect(finding).toMatchObject({ severity: 'warning', line: 7, fix: '"status": 429 in the body (or leave "status" out)', reference: 'RFC 9457 §3.1.3' })
  })

  it('a draft type sent with another status than it is registered for', () => {
    expect(codes(response('HTTP/1.1 429 Too Many Requests', { type: REDUCED }))).toEqual(['problem-type-status'])
    expect(codes(response('HTTP/1.1 503 Service Unavailable', { type: REDUCED }))).toEqual([])
    expect(codes(response('HTTP/1.1 503 Service Unavailable', { type: QUOTA_EXCEEDED }))).toEqual(['problem-type-status'])
  })

  it('a 429’s rate-limit problem with a type of its own is pointed to the registered one; other problems are left alone', () => {
    const [finding] = lintRateLimitHeaders(response('HTTP/1.1 429 Too Many Requests', { type: 'https://api.example/problems/too-many', title: 'Too many requests' })).filter((f) => f.code.startsWith('problem-'))
    expect(finding).toMatchObject({ code: 'problem-type-unregistered', severity: 'info', fix: `"type": "${QUOTA_EXCEEDED}" (and "violated-policies" naming the exceeded policies)` })
    expect(codes(response('HTTP/1.1 429 Too Many Requests', { title: 'Slow down: rate limit exceeded' }))).toEqual(['problem-type-unregistered'])
    expect(codes(response('HTTP/1.1 503 Service Unavailable', { type: 'https://api.example/problems/maintenance', title: 'Down for maintenance' }))).toEqual([])
    expect(codes(response('HTTP/1.1 429 Too Many Requests', { type: 'https://api.example/problems/banned', title: 'Account suspended' }))).toEqual([])
  })

  it('no problem body, no finding (a plain JSON body is not problem details)', () => {
    expect(codes(['HTTP/1.1 429 Too Many Requests', 'Content-Type: application/json', 'Retry-After: 5', '', '{"status":403,"title":"Rate limit"}'].join('\n'))).toEqual([])
  })
})
