import { describe, expect, it } from 'vitest'
import type { GraphQLOutcome } from './request'
import { formatBytes, formatElapsed } from '@/shared/core/format'
import {
  defaultEndpoint,
  graphqlErrors,
  headerLines,
  headerRowProblems,
  newHeaderRow,
  outcomeSummary,
  parseTimeoutInput,
  persistableState,
  readPersistedState,
  responseShapeFromModel,
  rowsToHeaders,
  secretHeaderNames,
} from './tester'
import { EXAMPLE_REQUESTS } from './examples'
import { analyzeDocument, buildGraphQLRequest } from './request'

const response = (over: Partial<Extract<GraphQLOutcome, { kind: 'response' }>> = {}): GraphQLOutcome => ({
  kind: 'response',
  status: 200,
  statusText: 'OK',
  mediaType: 'application/graphql-response+json',
  headers: [],
  bodyText: '{"data":{}}',
  json: { data: {} },
  durationMs: 143.4,
  sizeBytes: 12_345,
  ...over,
})

describe('header rows', () => {
  it('marks Authorization and other credential headers secret by default', () => {
    expect(newHeaderRow('Authorization').secret).toBe(true)
    expect(newHeaderRow('X-Api-Key').secret).toBe(true)
    expect(newHeaderRow('X-Request-Id').secret).toBe(false)
    expect(newHeaderRow('X-Request-Id', 'v', true).secret).toBe(true)
  })

  it('gives each row its own id', () => {
    expect(newHeaderRow().id).not.toBe(newHeaderRow().id)
  })

  it('reports a problem at the name or the value, and duplicates in any case', () => {
    const rows = [
      newHeaderRow('Bad Name', 'x'),
      newHeaderRow('X-Ok', 'line\nbreak'),
      newHeaderRow('X-Dup', '1'),
      newHeaderRow('x-dup', '2'),
      newHeaderRow('', 'orphan value'),
      newHeaderRow('', ''),
    ]
    const problems = headerRowProblems(rows)
    expect(problems.get(rows[0]!.id)).toMatchObject({ field: 'name', message: expect.stringContaining('"Bad Name" is not a valid header name') })
    expect(problems.get(rows[1]!.id)).toMatchObject({ field: 'value', message: expect.stringContaining('line breaks') })
    expect(problems.has(rows[2]!.id)).toBe(false)
    expect(problems.get(rows[3]!.id)).toMatchObject({ field: 'name', message: expect.stringContaining('already set above') })
    expect(problems.get(rows[4]!.id)).toMatchObject({ field: 'name', message: 'Enter a header name, or clear the value.' })
    expect(problems.has(rows[5]!.id)).toBe(false)
  })

  it('turns rows into headers without blank rows and names the secret ones', () => {
    const rows = [newHeaderRow('Authorization', 'Bearer t'), newHeaderRow(' X-Trace ', 'abc'), newHeaderRow('', '')]
    expect(rowsToHeaders(rows)).toEqual({ Authorization: 'Bearer t', 'X-Trace': 'abc' })
    expect(secretHeaderNames(rows)).toEqual(['Authorization'])
  })

  it('leaves out a secret row still waiting for its value (a new tab’s empty Authorization)', () => {
    const rows = [newHeaderRow('Authorization', ''), newHeaderRow('X-Api-Key', '  ', true), newHeaderRow('X-Empty', '')]
    expect(rowsToHeaders(rows)).toEqual({ 'X-Empty': '' })
    expect(secretHeaderNames(rows)).toEqual([])
  })
})

describe('persistence', () => {
  it('never keeps a secret value, but keeps the secret row so the user sees where to type it', () => {
    const state = persistableState({
      endpoint: 'https://api.example.com/graphql',
      query: '{ me { id } }',
      variables: '{}',
      headers: [newHeaderRow('Authorization', 'Bearer SECRET-TOKEN'), newHeaderRow('X-Trace', 'abc'), newHeaderRow('', '')],
      timeout: '5',
    })
    expect(JSON.stringify(state)).not.toContain('SECRET-TOKEN')
    expect(state.headers).toEqual([
      { name: 'Authorization', value: '', secret: true },
      { name: 'X-Trace', value: 'abc', secret: false },
    ])
  })

  it('reads stored state defensively', () => {
    expect(readPersistedState(null)).toEqual({})
    expect(readPersistedState('not json')).toEqual({})
    expect(readPersistedState('[1]')).toEqual({})
    expect(
      readPersistedState(JSON.stringify({ endpoint: 3, query: 'q', headers: [{ name: 'A', value: 'leak', secret: true }, { value: 'x' }, null, { name: 'B', value: 'b' }] })),
    ).toEqual({ query: 'q', headers: [{ name: 'A', value: '', secret: true }, { name: 'B', value: 'b', secret: false }] })
  })
})

describe('defaults and inputs', () => {
  it('suggests the demo endpoint only when the app runs locally', () => {
    expect(defaultEndpoint('127.0.0.1', 'http://127.0.0.1:4400/graphql')).toBe('http://127.0.0.1:4400/graphql')
    expect(defaultEndpoint('localhost', 'demo')).toBe('demo')
    // The same rule as the webhook page's demo receiver (isLoopbackHost): they used to disagree here.
    expect(defaultEndpoint('127.0.0.2', 'demo')).toBe('demo')
    expect(defaultEndpoint('app.localhost', 'demo')).toBe('demo')
    expect(defaultEndpoint('workbench.example.com', 'demo')).toBe('')
  })

  it('parses the timeout in seconds, with a message for anything else', () => {
    expect(parseTimeoutInput('')).toEqual({ ok: true, ms: undefined })
    expect(parseTimeoutInput(' 2.5 ')).toEqual({ ok: true, ms: 2500 })
    expect(parseTimeoutInput('abc')).toMatchObject({ ok: false, message: expect.stringContaining('in seconds') })
    expect(parseTimeoutInput('0')).toMatchObject({ ok: false, message: expect.stringContaining('more than 0') })
    expect(parseTimeoutInput('-1').ok).toBe(false)
  })

  it('every example builds into a valid request', () => {
    for (const example of EXAMPLE_REQUESTS) {
      expect(analyzeDocument(example.query).errors, example.id).toEqual([])
      expect(() => buildGraphQLRequest({ endpoint: 'http://127.0.0.1:4400/graphql', query: example.query, variables: example.variables })).not.toThrow()
    }
    expect(EXAMPLE_REQUESTS.some((e) => e.query.includes('__schema'))).toBe(true)
    expect(EXAMPLE_REQUESTS.some((e) => e.query.includes('ID!'))).toBe(true)
    expect(EXAMPLE_REQUESTS.some((e) => e.query.trimStart().startsWith('mutation'))).toBe(true)
  })
})

describe('formatting', () => {
  it('formats sizes and durations', () => {
    expect(formatBytes(532)).toBe('532 B')
    expect(formatBytes(12_345)).toBe('12 kB')
    expect(formatBytes(1_450_000)).toBe('1.4 MB')
    expect(formatElapsed(143.4)).toBe('143 ms')
    expect(formatElapsed(1250)).toBe('1.25 s')
    expect(formatElapsed(12_500)).toBe('12.5 s')
  })

  it('reads GraphQL errors with path, locations and code, and survives junk', () => {
    expect(
      graphqlErrors({
        errors: [{ message: 'Boom', path: ['user', 0, 'name'], locations: [{ line: 2, column: 3 }, { line: 'x' }], extensions: { code: 'DEMO' } }, 'odd'],
      }),
    ).toEqual([
      { message: 'Boom', path: 'user.0.name', locations: [{ line: 2, column: 3 }], code: 'DEMO' },
      { message: '"odd"', locations: [] },
    ])
    expect(graphqlErrors(null)).toEqual([])
    expect(graphqlErrors({ errors: 'nope' })).toEqual([])
  })

  it('writes headers as lines for the rate-limit parser', () => {
    expect(headerLines([['x-ratelimit-limit', '5000'], ['x-ratelimit-remaining', '4999']])).toBe('x-ratelimit-limit: 5000\nx-ratelimit-remaining: 4999')
  })
})

describe('the announced summary', () => {
  it('says status, duration, size and the error count — never the body', () => {
    expect(outcomeSummary(response())).toBe('200 OK, 143 ms, 12 kB')
    const partial = response({ json: { data: { a: 1 }, errors: [{ message: 'x' }, { message: 'y' }] }, bodyText: 'SECRET-BODY' })
    expect(outcomeSummary(partial)).toBe('200 OK, 143 ms, 12 kB, 2 errors')
    expect(outcomeSummary(partial)).not.toContain('SECRET-BODY')
    expect(outcomeSummary(response({ json: { errors: [{ message: 'x' }] } }))).toBe('200 OK, 143 ms, 12 kB, 1 error')
  })

  it('names a non-JSON body, cancel, timeout and network errors', () => {
    expect(outcomeSummary(response({ status: 502, statusText: 'Bad Gateway', mediaType: 'text/html', json: undefined, bodyText: '<html>' }))).toBe(
      '502 Bad Gateway, 143 ms, 12 kB, Not a GraphQL response',
    )
    expect(outcomeSummary({ kind: 'aborted' })).toBe('Request cancelled')
    expect(outcomeSummary({ kind: 'timeout' }, 500)).toBe('Timed out after 500 ms')
    expect(outcomeSummary({ kind: 'network-error', message: 'Failed to fetch', likelyCause: 'unreachable', url: 'http://127.0.0.1:7999/graphql', curl: 'curl', preflightCurl: 'curl' })).toBe(
      'No server answered at 127.0.0.1:7999. Start the server or check the host and port, then send again; the curl command below shows the exact cause.',
    )
  })
})

describe('the shape of a large body, read from its tree model', () => {
  it('keeps errors in full and marks data present or null', async () => {
    const { flattenJson } = await import('../../../shared/core/json/json-tree')
    const body = { data: { products: [{ id: 'p1' }] }, errors: [{ message: 'x', path: ['a', 0] }], extensions: { cost: 3 } }
    expect(responseShapeFromModel(flattenJson(body))).toEqual({ data: {}, errors: [{ message: 'x', path: ['a', 0] }] })
    expect(responseShapeFromModel(flattenJson({ data: null, errors: [] }))).toEqual({ data: null, errors: [] })
    expect(responseShapeFromModel(flattenJson([1, 2]))).toEqual([])
    expect(graphqlErrors(responseShapeFromModel(flattenJson(body)))).toEqual([{ message: 'x', path: 'a.0', locations: [] }])
  })
})
