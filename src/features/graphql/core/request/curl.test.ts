import { execFile } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EchoServer, startEchoServer } from '../../../../shared/testing/echo-server'
import { buildGraphQLRequest } from './build'
import { preflightFor, toCurl, toCurlWithEnv } from './curl'

let server: EchoServer
beforeAll(async () => {
  server = await startEchoServer()
})
afterAll(async () => {
  await server.close()
})

const run = (command: string, env: Record<string, string>) =>
  new Promise<string>((resolve, reject) => {
    execFile('/bin/bash', ['-c', command], { env: { ...process.env, ...env } }, (error, stdout) => (error ? reject(error) : resolve(stdout)))
  })

describe('toCurl for GraphQL requests', () => {
  const query = `query User($id: ID!) {\n  user(id: $id) { name } # it's "quoted" $(no) \`no\`\n}`

  it('produces the documented command', () => {
    const request = buildGraphQLRequest({ endpoint: 'https://api.example.com/graphql', query: '{ a }' })
    expect(toCurl(request)).toBe(
      `curl -sS -X POST 'https://api.example.com/graphql' -H 'Content-Type: application/json' -H 'Accept: application/graphql-response+json, application/json;q=0.9' --data-raw '{"query":"{ a }","variables":{}}'`,
    )
    expect(toCurl(request, { multiline: true }).split('\n')).toHaveLength(4)
  })

  it('delivers exactly the built request through bash, with the secret from the environment', async () => {
    const request = buildGraphQLRequest({
      endpoint: `${server.origin}/graphql?q='$(x)'`,
      query,
      variables: `{"id": "it's \\"1\\" \\\\ é\\n"}`,
      headers: "Authorization: Bearer t'k$en\nX-Trace: `id`",
    })
    const { command, envVars } = toCurlWithEnv(request, { secretHeaders: ['Authorization'], envVarNames: { Authorization: 'GQL_TOKEN' } })
    expect(envVars).toEqual([{ header: 'Authorization', variable: 'GQL_TOKEN' }])
    expect(command).not.toContain('Bearer')
    const before = server.requests.length
    await run(command, { GQL_TOKEN: "Bearer t'k$en" })
    const received = server.requests[before]
    expect(received?.method).toBe('POST')
    expect(received?.url).toBe(new URL(request.url).pathname + new URL(request.url).search)
    expect(received?.body.toString('utf8')).toBe(request.body)
    expect(JSON.parse(received?.body.toString('utf8') ?? '')).toEqual({ query, variables: { id: 'it\'s "1" \\ é\n' }, operationName: 'User' })
    const got = Object.fromEntries(received?.headers.map(([n, v]) => [n, v.toString('utf8')]) ?? [])
    expect(got).toMatchObject({
      'Content-Type': 'application/json',
      Accept: 'application/graphql-response+json, application/json;q=0.9',
      Authorization: "Bearer t'k$en",
      'X-Trace': '`id`',
    })
  })

  it('builds the preflight probe from the headers the browser would announce', () => {
    const request = buildGraphQLRequest({ endpoint: 'https://api.example.com/graphql', query: '{ a }', headers: 'Authorization: x\nX-Trace: 1' })
    expect(preflightFor(request, 'https://workbench.example')).toEqual({
      headerNames: ['authorization', 'content-type', 'x-trace'],
      curl: `curl -i -X OPTIONS 'https://api.example.com/graphql' -H 'Origin: https://workbench.example' -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: authorization,content-type,x-trace'`,
    })
  })
})
