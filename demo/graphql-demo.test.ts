import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RATE_LIMIT_HEADERS, startGraphQLDemo, type GraphQLDemoServer } from './graphql-demo.ts'

const APP_ORIGIN = 'http://127.0.0.1:4173'

describe('GraphQL demo server', () => {
  let withCors: GraphQLDemoServer
  let noCors: GraphQLDemoServer

  beforeAll(async () => {
    withCors = await startGraphQLDemo({ port: 0 })
    noCors = await startGraphQLDemo({ port: 0, cors: false })
  })
  afterAll(async () => {
    await withCors.close()
    await noCors.close()
  })

  const post = (server: GraphQLDemoServer, body: object, headers: Record<string, string> = {}, path = '/graphql') =>
    fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_ORIGIN, ...headers },
      body: JSON.stringify(body),
    })

  test('/redirect-loop redirects to itself for every method, the preflight too, with the CORS headers', async () => {
    for (const method of ['POST', 'GET', 'OPTIONS']) {
      const response = await fetch(`${withCors.origin}/redirect-loop`, { method, redirect: 'manual', headers: { origin: APP_ORIGIN } })
      expect([response.status, response.headers.get('location'), response.headers.get('access-control-allow-origin')]).toEqual([302, '/redirect-loop', APP_ORIGIN])
    }
    const plain = await fetch(`${noCors.origin}/redirect-loop`, { redirect: 'manual', headers: { origin: APP_ORIGIN } })
    expect([plain.status, plain.headers.get('access-control-allow-origin')]).toEqual([302, null])
  })

  test('answers a query with an ID! variable and echoes the Authorization header it received', async () => {
    const response = await post(
      withCors,
      {
        query: 'query One($id: ID!) { user(id: $id) { id name } echo { method header(name: "Authorization") } }',
        variables: { id: '3' },
      },
      { authorization: 'Bearer s3cret' },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      data: { user: { id: '3', name: 'Alan Lovelace' }, echo: { method: 'POST', header: 'Bearer s3cret' } },
    })
  })

  test('gives data and a located error for the failing field', async () => {
    const body = (await (await post(withCors, { query: '{ users(first: 1) { id } failing }' })).json()) as {
      data: unknown
      errors: { path: string[] }[]
    }
    expect(body.data).toEqual({ users: [{ id: '1' }], failing: null })
    expect(body.errors[0]?.path).toEqual(['failing'])
  })

  test('/private answers queries but refuses introspection, like a production server', async () => {
    const ok = (await (await post(withCors, { query: '{ users(first: 1) { id } }' }, {}, '/private')).json()) as unknown
    expect(ok).toEqual({ data: { users: [{ id: '1' }] } })
    const refused = await post(withCors, { query: '{ __schema { queryType { name } } }' }, {}, '/private')
    expect(refused.status).toBe(400)
    expect(JSON.stringify(await refused.json())).toContain('introspection is not allowed')
  })

  test('products are deterministic, and the same request replays the same bytes', async () => {
    const query = { query: '{ products(count: 2000) { id name email description price active createdAt } }' }
    const first = await (await post(withCors, query)).text()
    const second = await (await post(withCors, query)).text()
    expect(second).toBe(first)
    expect(first.length).toBeGreaterThan(2000 * 250)
    expect(JSON.parse(first).data.products[1999].id).toBe('prod-002000')
  })

  test('allows the app origin with its headers and exposes the rate-limit headers', async () => {
    const preflight = await fetch(`${withCors.origin}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,authorization')

    const a = await post(withCors, { query: '{ __typename }' })
    const b = await post(withCors, { query: '{ __typename }' })
    expect(a.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    expect(a.headers.get('timing-allow-origin')).toBe('*')
    expect(a.headers.get('access-control-expose-headers')?.split(', ')).toEqual([...RATE_LIMIT_HEADERS])
    expect(Number(b.headers.get('x-ratelimit-remaining'))).toBe(Number(a.headers.get('x-ratelimit-remaining')) - 1)
    expect(Number(a.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)
  })

  test('sends no CORS headers at all with cors: false', async () => {
    const response = await post(noCors, { query: '{ __typename }' })
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } })
    const corsNames = [...response.headers.keys()].filter((name) => name.startsWith('access-control-') || name === 'timing-allow-origin')
    expect(corsNames).toEqual([])
    expect(response.headers.get('x-ratelimit-limit')).toBe('5000')
  })

  test('test routes: status codes, an HTML page, health and a slow endpoint', async () => {
    const text = await fetch(`${withCors.origin}/status/503?type=text`)
    expect([text.status, text.headers.get('content-type')]).toEqual([503, 'text/plain; charset=utf-8'])
    const json = await fetch(`${withCors.origin}/status/404`)
    expect([json.status, await json.json()]).toEqual([404, { error: 'Demo status 404', status: 404 }])
    const html = await fetch(`${withCors.origin}/html`)
    expect([html.status, html.headers.get('content-type')]).toEqual([502, 'text/html; charset=utf-8'])
    expect((await fetch(`${withCors.origin}/health`)).status).toBe(200)
    const slow = await post(withCors, { query: '{ users(first: 1) { id } }' }, {}, '/slow?ms=50')
    expect(await slow.json()).toEqual({ data: { users: [{ id: '1' }] } })
  })

  test('the mutation creates a post', async () => {
    const response = await post(withCors, {
      query: 'mutation($input: CreatePostInput!) { createPost(input: $input) { title author { id } } }',
      variables: { input: { title: 'Hello', body: 'World', authorId: '2' } },
    })
    expect(await response.json()).toEqual({ data: { createPost: { title: 'Hello', author: { id: '2' } } } })
  })
})
