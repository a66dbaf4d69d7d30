/**
 * GitHub's schema served on its own (the peer benchmark's server): introspection is the published
 * result, and other queries are checked by graphql-js and answered with mocked values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { startGithubSchemaServer } from './public-schemas.ts'

let server: Server
let url: string
beforeAll(async () => {
  server = await startGithubSchemaServer(0)
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const post = async (query: string) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://peer.example' }, body: JSON.stringify({ query }) })).json() as Promise<Record<string, unknown>>

describe('GitHub’s schema server', () => {
  it('answers introspection with the published schema', async () => {
    const answer = (await post('{ __schema { queryType { name } types { name } } }')) as { data: { __schema: { queryType: { name: string }; types: unknown[] } } }
    expect(answer.data.__schema.queryType.name).toBe('Query')
    expect(answer.data.__schema.types.length).toBeGreaterThan(1500)
  }, 60_000)

  it('runs queries with mocked values: one item per list, the first type of an abstract one', async () => {
    expect(await post('{ viewer { login repositories(first: 2) { nodes { name isPrivate } } } node(id: "x") { __typename } }')).toEqual({
      data: { viewer: { login: 'octocat', repositories: { nodes: [{ name: 'name sample', isPrivate: true }] } }, node: { __typename: expect.any(String) } },
    })
  }, 60_000)

  it('refuses what GitHub would: graphql-js validation errors', async () => {
    const answer = (await post('{ viewer { loginn } }')) as { errors: { message: string }[] }
    expect(answer.errors[0]?.message).toMatch(/Cannot query field "loginn" on type "User"/)
  }, 60_000)

  it('lets any origin read it (CORS), preflight included', async () => {
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { origin: 'http://peer.example', 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
  })
})
