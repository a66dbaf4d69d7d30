import { describe, expect, it } from 'vitest'
import type { ResponseOutcome } from './send'
import type { LikelyCause } from '../../../../shared/core/http/network-error'
import { graphqlShape, responseVerdict, statusBadge, statusLabel } from './verdict'

function response(status: number, mediaType: string, body: unknown, statusText = ''): ResponseOutcome {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body)
  const outcome: ResponseOutcome = {
    kind: 'response', status, statusText, mediaType, headers: [], bodyText, durationMs: 1, sizeBytes: bodyText.length, url: 'https://a.example/', redirected: false,
  }
  if (typeof body !== 'string') outcome.json = body
  return outcome
}

const GQL = 'application/graphql-response+json'
const JSON_ = 'application/json'
const err = { message: 'boom', path: ['a'] }

describe('responseVerdict', () => {
  it('200 with data and no errors is a success', () => {
    expect(responseVerdict(response(200, GQL, { data: { a: 1 } }, 'OK'))).toEqual({
      level: 'success', title: 'Success', message: '200 OK: data without errors.', authoritative: true, errorCount: 0, hasData: true,
    })
  })

  it('data plus errors is a partial success, with 294 or 200', () => {
    expect(responseVerdict(response(294, GQL, { data: { a: null }, errors: [err, err] }))).toMatchObject({
      level: 'partial', title: 'Partial success', errorCount: 2, hasData: true, message: expect.stringMatching(/^294 Partial Success: data with 2 errors/),
    })
    expect(responseVerdict(response(200, JSON_, { data: { a: null }, errors: [err] }, 'OK'))).toMatchObject({ level: 'partial', authoritative: true, errorCount: 1 })
  })

  it('application/json 4xx/5xx may come from a proxy, even when it looks like GraphQL', () => {
    expect(responseVerdict(response(502, JSON_, { message: 'upstream down' }, 'Bad Gateway'))).toMatchObject({
      level: 'error', authoritative: false,
      message: 'application/json 502: may come from a proxy or gateway, not the GraphQL server (bad gateway: usually a proxy or load balancer that could not reach the server).',
    })
    expect(responseVerdict(response(400, JSON_, { errors: [err] })).message).toContain('looks like a GraphQL response with 1 error, but only application/graphql-response+json')
  })

  it('graphql-response+json is authoritative whatever the status', () => {
    expect(responseVerdict(response(422, GQL, { errors: [err] }))).toMatchObject({
      level: 'error', title: 'Request error', authoritative: true, hasData: false,
      message: expect.stringContaining('the document failed validation'),
    })
    expect(responseVerdict(response(500, GQL, { data: null, errors: [err] }))).toMatchObject({ title: 'Execution error', authoritative: true })
  })

  it('non-JSON bodies are not GraphQL responses, HTML called out', () => {
    expect(responseVerdict(response(200, 'text/html', '<!doctype html><title>Login</title>'))).toMatchObject({
      level: 'error', title: 'Not a GraphQL response', authoritative: false, message: expect.stringContaining('an HTML page (text/html)'),
    })
    expect(responseVerdict(response(404, 'text/plain', 'Not found')).message).toBe('404 with a text/plain body (nothing is served at this URL: check the endpoint path).')
    expect(responseVerdict(response(204, '', '')).message).toContain('an empty body')
  })

  it('flags JSON media types that do not parse, JSON that is not a GraphQL response, and missing media types', () => {
    expect(responseVerdict(response(200, JSON_, '{"data":'))).toMatchObject({ title: 'Invalid JSON', level: 'error' })
    expect(responseVerdict(response(200, JSON_, { ok: true }))).toMatchObject({ title: 'Not a GraphQL response', level: 'warning' })
    expect(responseVerdict(response(200, '', { data: { a: 1 } }))).toMatchObject({ title: 'No media type', level: 'warning', hasData: true })
  })

  it('reads cancelled, timed-out and failed requests', () => {
    expect(responseVerdict({ kind: 'aborted', durationMs: 1 })).toMatchObject({ title: 'Cancelled', level: 'warning' })
    expect(responseVerdict({ kind: 'timeout', durationMs: 1 })).toMatchObject({ title: 'Timed out', level: 'error' })
    const failure = { kind: 'network-error' as const, message: 'Failed to fetch', url: 'http://127.0.0.1:4401/graphql', curl: '', envVars: [], preflightCurl: '', preflightHeaders: [], durationMs: 1 }
    expect(responseVerdict({ ...failure, likelyCause: 'cors' }).title).toBe('Blocked by CORS: the server at 127.0.0.1:4401 answered, but not to this page')
    expect(responseVerdict({ ...failure, likelyCause: 'unreachable' }).title).toBe('No server answered at 127.0.0.1:4401')
    expect(responseVerdict({ ...failure, likelyCause: 'redirect' }).title).toBe('The server at 127.0.0.1:4401 answered with a redirect')
    expect(responseVerdict({ ...failure, likelyCause: 'local-network' }).title).toBe('Local network access was refused')
    expect(responseVerdict({ ...failure, likelyCause: 'offline' }).title).toBe('You are offline')
    expect(responseVerdict({ ...failure, likelyCause: 'mixed-content' }).title).toBe('Blocked: an http address from an https page')
    expect(responseVerdict({ ...failure, likelyCause: 'unknown' })).toMatchObject({ title: 'The request failed before a response', message: expect.stringMatching(/Check the URL/) })
  })
})

describe('helpers', () => {
  it('labels statuses, naming 294 when HTTP/2 sends no reason phrase', () => {
    expect(statusLabel(200, 'OK')).toBe('200 OK')
    expect(statusLabel(294, '')).toBe('294 Partial Success')
    expect(statusLabel(418, '')).toBe('418')
  })
  it("quotes a hostile server's kilobytes of reason phrase as an excerpt, in the label and the verdict", () => {
    const long = 'I Am A Teapot '.repeat(50)
    expect(statusLabel(418, long)).toBe(`418 ${long.slice(0, 40)}… (700 characters)`)
    expect(responseVerdict(response(418, 'text/html', '<b>teapot</b>', long)).message).not.toContain(long.slice(0, 60))
  })
  it('reads the response shape defensively', () => {
    expect(graphqlShape([1])).toEqual({ isResponse: false, dataPresent: false, hasData: false, errorCount: 0 })
    expect(graphqlShape({ errors: 'nope' })).toEqual({ isResponse: false, dataPresent: false, hasData: false, errorCount: 0 })
    expect(graphqlShape({ data: null, errors: [1] })).toEqual({ isResponse: true, dataPresent: true, hasData: false, errorCount: 1 })
  })
  it('says an outcome in at most 9 characters for the toolbar badge: the status code, else a word or two', () => {
    expect(statusBadge(response(400, JSON_, { errors: [err] }, 'Bad Request'))).toBe('400')
    expect(statusBadge(response(500, 'text/html', '<h1>Internal Server Error</h1>', 'Internal Server Error'))).toBe('500')
    expect(statusBadge({ kind: 'aborted', durationMs: 3 })).toBe('Cancelled')
    expect(statusBadge({ kind: 'timeout', durationMs: 3 })).toBe('Timed out')
    const failure = (likelyCause: LikelyCause, url: string, afterResponse = false) =>
      statusBadge({ kind: 'network-error', message: 'Failed to fetch', likelyCause, url, curl: '', preflightCurl: '', ...(afterResponse ? { afterResponse } : {}) })
    const badges = {
      refusedHttp: failure('unreachable', 'http://127.0.0.1:7999/graphql'),
      refusedHttps: failure('unreachable', 'https://api.example.com/graphql'),
      cors: failure('cors', 'https://api.example.com/graphql'),
      redirect: failure('redirect', 'https://api.example.com/graphql'),
      localNetwork: failure('local-network', 'http://192.168.1.2/graphql'),
      offline: failure('offline', 'https://api.example.com/graphql'),
      mixedContent: failure('mixed-content', 'http://api.example.com/graphql'),
      unknown: failure('unknown', 'https://api.example.com/graphql'),
      brokeOff: failure('unknown', 'https://api.example.com/graphql', true),
    }
    expect(badges).toEqual({
      refusedHttp: 'No reply',
      refusedHttps: 'No reply',
      cors: 'CORS',
      redirect: 'Redirect',
      localNetwork: 'Refused',
      offline: 'Offline',
      mixedContent: 'Blocked',
      unknown: 'Failed',
      brokeOff: 'Broke off',
    })
    for (const badge of Object.values(badges)) expect(badge.length).toBeLessThanOrEqual(9)
  })
})
