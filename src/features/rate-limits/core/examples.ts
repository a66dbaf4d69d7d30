/**
 * One realistic sample dump per family for the page's "Load example". Written for this project from the
 * documented formats, all sent at one moment ({@link EXAMPLES_SENT_AT}); {@link exampleAt} moves every time in a
 * sample to the current second, so a loaded example reads as a fresh response.
 */
import { parseHttpDate } from './dates.ts'

/** A sample paste. */
export interface RateLimitExample {
  /** Stable id for the select element and tests. */
  id: string
  /** The {@link Quota.family} it demonstrates. */
  family: string
  /** Human label for the "Load example" choice. */
  label: string
  /** The paste itself. */
  text: string
}

const DATE = 'Tue, 14 Jan 2025 10:15:00 GMT' // = 1736849700 s
/** When the samples were sent: their `Date` header, as written. */
export const EXAMPLES_SENT_AT = new Date('2025-01-14T10:15:00Z')

const lines = (...l: string[]) => l.join('\n')

/** All examples, one per family (the IETF draft has one per syntax generation). */
export const examples: readonly RateLimitExample[] = [
  {
    id: 'github',
    family: 'github',
    label: 'GitHub REST (curl -i)',
    text: lines(
      'HTTP/2 200',
      'server: github.com',
      `date: ${DATE}`,
      'content-type: application/json; charset=utf-8',
      'etag: W/"7c1f2b0e5a0d4c3e9f8a6b5d4c3e2f1a"',
      'x-github-media-type: github.v3; format=json',
      'x-ratelimit-limit: 5000',
      'x-ratelimit-remaining: 4987',
      'x-ratelimit-reset: 1736850572',
      'x-ratelimit-used: 13',
      'x-ratelimit-resource: core',
      'x-github-request-id: C4A2:1B3E:5F9D21:61A0B7:6786398C',
      '',
      '{"login":"octocat","id":583231}',
    ),
  },
  {
    id: 'openai',
    family: 'openai',
    label: 'OpenAI chat completion',
    text: lines(
      'HTTP/2 200',
      `date: ${DATE}`,
      'content-type: application/json',
      'openai-processing-ms: 812',
      'x-ratelimit-limit-requests: 500',
      'x-ratelimit-limit-tokens: 200000',
      'x-ratelimit-remaining-requests: 497',
      'x-ratelimit-remaining-tokens: 198342',
      'x-ratelimit-reset-requests: 360ms',
      'x-ratelimit-reset-tokens: 497ms',
      'x-request-id: req_8d3f0c1b2a9e4f6d',
    ),
  },
  {
    id: 'anthropic',
    family: 'anthropic',
    label: 'Anthropic Messages API',
    text: lines(
      'HTTP/2 200',
      `date: ${DATE}`,
      'content-type: application/json',
      'anthropic-ratelimit-requests-limit: 50',
      'anthropic-ratelimit-requests-remaining: 49',
      'anthropic-ratelimit-requests-reset: 2025-01-14T10:15:02Z',
      'anthropic-ratelimit-input-tokens-limit: 40000',
      'anthropic-ratelimit-input-tokens-remaining: 38000',
      'anthropic-ratelimit-input-tokens-reset: 2025-01-14T10:15:04Z',
      'anthropic-ratelimit-output-tokens-limit: 8000',
      'anthropic-ratelimit-output-tokens-remaining: 8000',
      'anthropic-ratelimit-output-tokens-reset: 2025-01-14T10:15:00Z',
      'request-id: req_011CQ4x7Y2b3c4d5e6f7g8h9',
    ),
  },
  {
    id: 'x',
    family: 'x',
    label: 'X (Twitter) API v2 — post a tweet',
    text: lines(
      'HTTP/1.1 201 Created',
      `Date: ${DATE}`,
      'Content-Type: application/json; charset=utf-8',
      'x-rate-limit-limit: 200',
      'x-rate-limit-remaining: 143',
      'x-rate-limit-reset: 1736850300',
      'x-app-limit-24hour-limit: 1667',
      'x-app-limit-24hour-remaining: 1612',
      'x-app-limit-24hour-reset: 1736934300',
      'x-user-limit-24hour-limit: 100',
      'x-user-limit-24hour-remaining: 4',
      'x-user-limit-24hour-reset: 1736934300',
    ),
  },
  {
    id: 'shopify',
    family: 'shopify',
    label: 'Shopify REST Admin API',
    text: lines(
      'HTTP/1.1 200 OK',
      `Date: ${DATE}`,
      'Content-Type: application/json; charset=utf-8',
      'X-Shopify-Shop-Api-Call-Limit: 32/40',
      'X-Shopify-API-Version: 2025-01',
      'X-Request-Id: 4e6f2d1a-8b9c-4d3e-a2f1-0c9b8a7d6e5f',
    ),
  },
  {
    id: 'ietf-draft8',
    family: 'ietf',
    label: 'IETF RateLimit draft-08+ (named policies)',
    text: lines(
      'HTTP/2 200',
      `date: ${DATE}`,
      'content-type: application/json',
      'ratelimit-policy: "burst";q=100;w=60, "daily";q=5000;w=86400',
      'ratelimit: "burst";r=12;t=18, "daily";r=4211;t=49500',
    ),
  },
  {
    id: 'ietf-problem',
    family: 'ietf',
    label: 'IETF RateLimit 429 with problem details',
    text: lines(
      'HTTP/2 429',
      `date: ${DATE}`,
      'content-type: application/problem+json',
      'retry-after: 30',
      'ratelimit-policy: "burst";q=100;w=60, "daily";q=5000;w=86400',
      'ratelimit: "burst";r=0;t=30, "daily";r=4188;t=49500',
      '',
      '{',
      '  "type": "https://iana.org/assignments/http-problem-types#quota-exceeded",',
      '  "title": "Request quota exceeded",',
      '  "status": 429,',
      '  "detail": "100 requests a minute; the burst policy is used up for 30 seconds.",',
      '  "violated-policies": ["burst"]',
      '}',
    ),
  },
  {
    id: 'ietf-draft7',
    family: 'ietf',
    label: 'IETF RateLimit draft-07 (express-rate-limit)',
    text: lines(
      'HTTP/1.1 200 OK',
      'X-Powered-By: Express',
      'RateLimit-Policy: 100;w=900',
      'RateLimit: limit=100, remaining=63, reset=412',
      `Date: ${DATE}`,
      'Content-Type: application/json; charset=utf-8',
    ),
  },
  {
    id: 'ietf-draft6',
    family: 'ietf',
    label: 'IETF RateLimit draft-06 (separate fields)',
    text: lines(
      'HTTP/1.1 200 OK',
      `Date: ${DATE}`,
      'RateLimit-Policy: 10;w=1, 600;w=60',
      'RateLimit-Limit: 600',
      'RateLimit-Remaining: 451',
      'RateLimit-Reset: 37',
    ),
  },
  {
    id: 'discord',
    family: 'discord',
    label: 'Discord (429 on a channel route)',
    text: lines(
      'HTTP/1.1 429 Too Many Requests',
      `Date: ${DATE}`,
      'Content-Type: application/json',
      'Retry-After: 3',
      'X-RateLimit-Bucket: 80c17d2f203122d936070c88c8d10f33',
      'X-RateLimit-Limit: 5',
      'X-RateLimit-Remaining: 0',
      'X-RateLimit-Reset: 1736849703.250',
      'X-RateLimit-Reset-After: 3.250',
      'X-RateLimit-Scope: user',
      '',
      '{"message": "You are being rate limited.", "retry_after": 3.25, "global": false}',
    ),
  },
  {
    id: 'reddit',
    family: 'reddit',
    label: 'Reddit API (DevTools copy)',
    text: lines(
      ':status: 200',
      `date: ${DATE}`,
      'content-type: application/json; charset=UTF-8',
      'x-ratelimit-used: 37',
      'x-ratelimit-remaining: 563.0',
      'x-ratelimit-reset: 300',
    ),
  },
  {
    id: 'gitlab',
    family: 'gitlab',
    label: 'GitLab.com (throttled)',
    text: lines(
      'HTTP/2 429',
      `date: ${DATE}`,
      'content-type: text/plain',
      'retry-after: 60',
      'ratelimit-limit: 600',
      'ratelimit-name: throttle_authenticated_api',
      'ratelimit-observed: 600',
      'ratelimit-remaining: 0',
      'ratelimit-reset: 1736849760',
      'ratelimit-resettime: Tue, 14 Jan 2025 10:16:00 GMT',
    ),
  },
  {
    id: 'hubspot',
    family: 'hubspot',
    label: 'HubSpot CRM API',
    text: lines(
      'HTTP/1.1 200 OK',
      `Date: ${DATE}`,
      'Content-Type: application/json;charset=utf-8',
      'X-HubSpot-RateLimit-Daily: 250000',
      'X-HubSpot-RateLimit-Daily-Remaining: 247853',
      'X-HubSpot-RateLimit-Interval-Milliseconds: 10000',
      'X-HubSpot-RateLimit-Max: 100',
      'X-HubSpot-RateLimit-Remaining: 41',
      'X-HubSpot-RateLimit-Secondly: 10',
      'X-HubSpot-RateLimit-Secondly-Remaining: 9',
    ),
  },
  {
    id: 'linear',
    family: 'linear',
    label: 'Linear GraphQL API',
    text: lines(
      'HTTP/2 200',
      `date: ${DATE}`,
      'content-type: application/json; charset=utf-8',
      'x-ratelimit-requests-limit: 1500',
      'x-ratelimit-requests-remaining: 1488',
      'x-ratelimit-requests-reset: 1736850300000',
      'x-ratelimit-complexity-limit: 250000',
      'x-ratelimit-complexity-remaining: 236940',
      'x-ratelimit-complexity-reset: 1736850300000',
    ),
  },
  {
    id: 'sentry',
    family: 'sentry',
    label: 'Sentry Web API',
    text: lines(
      'HTTP/1.1 200 OK',
      `Date: ${DATE}`,
      'Content-Type: application/json',
      'X-Sentry-Rate-Limit-Limit: 40',
      'X-Sentry-Rate-Limit-Remaining: 38',
      'X-Sentry-Rate-Limit-Reset: 1736849701',
      'X-Sentry-Rate-Limit-ConcurrentLimit: 25',
      'X-Sentry-Rate-Limit-ConcurrentRemaining: 24',
    ),
  },
  {
    id: 'zendesk',
    family: 'zendesk',
    label: 'Zendesk Support API',
    text: lines(
      'HTTP/1.1 200 OK',
      `Date: ${DATE}`,
      'Content-Type: application/json; charset=utf-8',
      'X-Rate-Limit: 700',
      'X-Rate-Limit-Remaining: 688',
      'Zendesk-RateLimit-Tickets-Index: total=100; remaining=97; resets=41',
    ),
  },
  {
    id: 'jira',
    family: 'jira',
    label: 'Jira Cloud REST API',
    text: lines(
      'HTTP/1.1 200 OK',
      `Date: ${DATE}`,
      'Content-Type: application/json;charset=UTF-8',
      'X-RateLimit-Limit: 350',
      'X-RateLimit-Remaining: 62',
      'X-RateLimit-Reset: 2025-01-14T10:16Z',
      'X-RateLimit-NearLimit: true',
    ),
  },
]

const DAY_MS = 86_400_000
const SENT_MS = EXAMPLES_SENT_AT.getTime()
const near = (ms: number): boolean => Math.abs(ms - SENT_MS) <= 2 * DAY_MS
const IMF_DATE = /[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/g
const ISO_DATE = /\b(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?Z/g
const EPOCH = /\b(\d{10}|\d{13})(\.\d+)?\b/g

/**
 * The example's text as if just sent: the `Date` header and every absolute time (Unix seconds or milliseconds,
 * RFC 3339 and HTTP dates) move by the same whole number of seconds, so resets keep their distance from `Date`
 * (to the minute for minute-precision dates); relative values stay as they are.
 * @param now - the moment to move the sample to. @default new Date()
 */
export function exampleAt(example: RateLimitExample, now: Date = new Date()): string {
  // The next whole second: never behind now, so relative resets count from now; under a second ahead is no skew.
  const shift = Math.ceil(now.getTime() / 1000) * 1000 - SENT_MS
  if (!Number.isFinite(shift)) return example.text
  return example.text
    .replace(IMF_DATE, (text) => {
      const ms = parseHttpDate(text, SENT_MS)
      return ms !== undefined && near(ms) ? new Date(ms + shift).toUTCString() : text
    })
    .replace(ISO_DATE, (text, minutes: string, seconds: string | undefined) => {
      const ms = Date.parse(`${minutes}${seconds ?? ':00'}Z`)
      if (!near(ms)) return text
      // A minute-precision value (Jira's) moves to the next whole minute, so it never comes before `Date`.
      const iso = new Date(seconds ? ms + shift : Math.ceil((ms + shift) / 60_000) * 60_000).toISOString()
      return `${iso.slice(0, seconds ? 19 : 16)}Z`
    })
    .replace(EPOCH, (text, digits: string, fraction: string | undefined) => {
      const scale = digits.length === 13 ? 1 : 1000
      const ms = Number(digits) * scale
      return near(ms) ? `${(ms + shift) / scale}${fraction ?? ''}` : text
    })
}
