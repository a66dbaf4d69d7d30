import { describe, expect, it } from 'vitest'
import { RATE_LIMIT_PROBLEM_TYPES } from './problem-types.ts'
import { parse } from './test-utils.ts'

/** A 429 as `curl -i` prints it: draft-11 fields, then an RFC 9457 problem body. */
const QUOTA_429 = [
  'HTTP/2 429',
  'date: Tue, 14 Jan 2025 10:15:00 GMT',
  'content-type: application/problem+json',
  'retry-after: 30',
  'ratelimit-policy: "default";q=100;w=60',
  'ratelimit: "default";r=0;t=30',
  '',
  '{',
  '  "type": "https://api.example/problems/quota-exceeded",',
  '  "title": "Request quota exceeded",',
  '  "status": 429,',
  '  "detail": "100 requests a minute; retry in 30 seconds."',
  '}',
].join('\n')

describe('problem details (application/problem+json) on a rate-limited response', () => {
  it('reads the body after the header block and recognises a problem that names a quota', () => {
    const r = parse(QUOTA_429)
    expect(r.problem).toEqual({ type: 'https://api.example/problems/quota-exceeded', title: 'Request quota exceeded', status: 429, detail: '100 requests a minute; retry in 30 seconds.', rateLimit: true, line: 8 })
    // The body's lines are not taken for headers.
    expect(r.warnings.map((w) => w.code)).not.toContain('ignored-line')
    expect(r.quotas).toHaveLength(1)
  })

  it('a 503 whose problem is not about a rate limit is read but not called one', () => {
    const r = parse(['HTTP/1.1 503 Service Unavailable', 'Content-Type: application/problem+json; charset=utf-8', 'Retry-After: 120', '', '{"type":"https://api.example/problems/maintenance","title":"Down for maintenance","status":503}'].join('\r\n'))
    expect(r.problem).toMatchObject({ type: 'https://api.example/problems/maintenance', rateLimit: false, line: 5 })
  })

  it('title alone can name it (type about:blank); plain JSON bodies and broken bodies are not problems', () => {
    expect(parse(['HTTP/1.1 429 Too Many Requests', 'Content-Type: application/problem+json', 'Retry-After: 5', '', '{"type":"about:blank","title":"Too Many Requests","status":429}'].join('\n')).problem).toMatchObject({ type: 'about:blank', rateLimit: true })
    expect(parse(['HTTP/1.1 429 Too Many Requests', 'Content-Type: application/json', 'Retry-After: 5', '', '{"title":"Rate limit exceeded"}'].join('\n')).problem).toBeUndefined()
    expect(parse(['HTTP/1.1 429 Too Many Requests', 'Content-Type: application/problem+json', 'Retry-After: 5', '', '{"title": "Rate limit'].join('\n')).problem).toBeUndefined()
  })
})

describe('the RateLimit draft’s problem types (draft-ietf-httpapi-ratelimit-headers, "Problem Types")', () => {
  const withBody = (status: string, json: string) => [status, 'Content-Type: application/problem+json', '', json].join('\n')

  it('names each registered type with its title and recommended status, and reads violated-policies', () => {
    const quota = parse(withBody('HTTP/1.1 429 Too Many Requests', '{"type":"https://iana.org/assignments/http-problem-types#quota-exceeded","title":"Over quota","violated-policies":["daily","bandwidth"]}')).problem
    expect(quota?.draftType).toBe('quota-exceeded')
    expect(RATE_LIMIT_PROBLEM_TYPES['quota-exceeded']).toMatchObject({ uri: 'https://iana.org/assignments/http-problem-types#quota-exceeded', title: 'Quota Exceeded', status: 429 })
    expect(quota?.violatedPolicies).toEqual(['daily', 'bandwidth'])
    // Neither of these names a rate limit in words: the draft's type URI alone makes them rate-limit problems.
    const reduced = parse(withBody('HTTP/1.1 503 Service Unavailable', '{"type":"https://iana.org/assignments/http-problem-types#temporary-reduced-capacity"}')).problem
    expect(reduced).toMatchObject({ rateLimit: true, draftType: 'temporary-reduced-capacity' })
    const abnormal = parse(withBody('HTTP/1.1 429 Too Many Requests', '{"type":"https://iana.org/assignments/http-problem-types#abnormal-usage-detected","title":"Unusual pattern"}')).problem
    expect(abnormal).toMatchObject({ rateLimit: true, draftType: 'abnormal-usage-detected' })
    // Each described type is recognised by its URI.
    for (const [id, described] of Object.entries(RATE_LIMIT_PROBLEM_TYPES)) expect(parse(withBody('HTTP/1.1 429', JSON.stringify({ type: described.uri }))).problem?.draftType).toBe(id)
  })

  it('a look-alike URI is not the draft’s type; violated-policies keeps only non-empty strings', () => {
    const p = parse(withBody('HTTP/1.1 429 Too Many Requests', '{"type":"https://iana.org/assignments/http-problem-types#quota-exceeded-v2","violated-policies":["", 3, "hourly", null]}')).problem
    expect(p?.draftType).toBeUndefined()
    expect(p?.rateLimit).toBe(true) // its URI still names a quota
    expect(p?.violatedPolicies).toEqual(['hourly'])
    expect(parse(withBody('HTTP/1.1 429 Too Many Requests', '{"violated-policies":"daily"}')).problem?.violatedPolicies).toBeUndefined()
  })
})

describe('RFC 9457 members', () => {
  it("reads RFC 9457's own example (section 3): detail and instance as sent, extension members left out, not a rate limit", () => {
    const rfcExample = [
      'HTTP/1.1 403 Forbidden',
      'Content-Type: application/problem+json',
      'Content-Language: en',
      '',
      '{',
      ' "type": "https://example.com/probs/out-of-credit",',
      ' "title": "You do not have enough credit.",',
      ' "detail": "Your current balance is 30, but that costs 50.",',
      ' "instance": "/account/12345/msgs/abc",',
      ' "balance": 30,',
      ' "accounts": ["/account/12345",',
      '              "/account/67890"]',
      '}',
    ].join('\n')
    expect(parse(rfcExample).problem).toEqual({
      type: 'https://example.com/probs/out-of-credit',
      title: 'You do not have enough credit.',
      detail: 'Your current balance is 30, but that costs 50.',
      instance: '/account/12345/msgs/abc',
      rateLimit: false,
      line: 5,
    })
  })
  it('a detail or instance that is not a string, or is blank, is left out (RFC 9457: a member of the wrong type is ignored)', () => {
    const problem = parse(['HTTP/1.1 429 Too Many Requests', 'Content-Type: application/problem+json', '', '{"title":"Too Many Requests","detail":42,"instance":"  "}'].join('\n')).problem
    expect(problem).toEqual({ title: 'Too Many Requests', rateLimit: true, line: 4 })
  })
})
