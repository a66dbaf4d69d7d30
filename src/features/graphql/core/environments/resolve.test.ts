import { execFile } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EchoServer, startEchoServer } from '@/shared/testing/echo-server'
import { buildGraphQLRequest, toCurlWithEnv } from '@/features/graphql/core/request'
import type { Environment } from './environment'
import { protectCurlCommand, resolveRequest, shellVariableFor } from './resolve'

const env = (variables: [string, string, boolean?][]): Environment => ({
  id: 'e',
  name: 'Local',
  variables: variables.map(([name, value, secret], i) => ({ id: `v${i}`, name, value, secret: secret ?? false })),
})
const row = (id: string, name: string, value: string) => ({ id, name, value })
const base = { endpoint: '', variables: '', headers: [] as ReturnType<typeof row>[], query: '{ a }' }

describe('resolveRequest', () => {
  const local = env([
    ['baseUrl', 'http://127.0.0.1:1'],
    ['token', `t'o"k$en\\`, true],
    ['limit', '3'],
  ])

  it('substitutes endpoint, header values and variables; the inputs without references need no environment', () => {
    const result = resolveRequest(
      { endpoint: '{{baseUrl}}/graphql', headers: [row('h1', 'Authorization', 'Bearer {{ token }}')], variables: '{"first": {{limit}}, "t": "{{token}}"}', query: '{ a }' },
      local,
    )
    if (!result.ok) throw new Error(result.error.message)
    expect(result.inputs.endpoint).toBe('http://127.0.0.1:1/graphql')
    expect(result.inputs.headers).toEqual([row('h1', 'Authorization', `Bearer t'o"k$en\\`)])
    expect(JSON.parse(result.inputs.variables)).toEqual({ first: 3, t: `t'o"k$en\\` })
    expect(resolveRequest({ ...base, endpoint: 'https://x' }, undefined)).toMatchObject({ ok: true, inputs: { endpoint: 'https://x' }, secrets: [] })
  })

  it('reports the first unresolved reference at its field and place: endpoint, then headers, then variables', () => {
    expect(resolveRequest({ ...base, endpoint: 'https://{{host}}/', variables: '{{nope}}' }, local)).toEqual({
      ok: false,
      error: { field: 'endpoint', line: 1, column: 9, message: 'Unknown environment variable {{host}} at column 9 of the endpoint: add it to "Local" or fix the name.' },
    })
    expect(resolveRequest({ ...base, headers: [row('h1', 'X-A', 'ok'), row('h2', 'X-B', 'a {{tokn}}')] }, local)).toEqual({
      ok: false,
      error: {
        field: 'headers',
        rowId: 'h2',
        line: 1,
        column: 3,
        message: 'Unknown environment variable {{tokn}} at column 3 of the value of header "X-B": add it to "Local" or fix the name.',
      },
    })
    expect(resolveRequest({ ...base, variables: '{\n  "a": "{{x}}"\n}' }, undefined)).toEqual({
      ok: false,
      error: { field: 'variables', line: 2, column: 9, message: 'Unknown environment variable {{x}} at line 2, column 9 of the variables: pick an environment that defines it.' },
    })
  })

  it('puts markers for secret values in the curl view, which no input contains', () => {
    const result = resolveRequest({ ...base, endpoint: 'https://x/awbsecret?{{token}}', headers: [row('h', 'X-T', '{{token}}')], variables: '{"a": {{token}}}' }, local)
    if (!result.ok) throw new Error(result.error.message)
    expect(result.secrets).toEqual([{ name: 'token', variable: 'TOKEN', plain: 'awbsecretx0s', bare: 'awbsecretx0r' }])
    expect(result.curlInputs.endpoint).toBe('https://x/awbsecret?awbsecretx0s')
    expect(result.curlInputs.headers[0]?.value).toBe('awbsecretx0s')
    expect(result.curlInputs.variables).toBe('{"a": "awbsecretx0r"}')
  })

  it('names shell variables after the environment variable, away from the shell’s own', () => {
    expect(shellVariableFor('token')).toBe('TOKEN')
    expect(shellVariableFor('path')).toBe('ENV_PATH')
    expect(shellVariableFor('_x1')).toBe('_X1')
  })
})

describe('protectCurlCommand, run by bash', () => {
  let server: EchoServer
  beforeAll(async () => {
    server = await startEchoServer()
  })
  afterAll(async () => {
    await server.close()
  })
  const run = (command: string, vars: Record<string, string>) =>
    new Promise<void>((resolve, reject) => {
      execFile('/bin/bash', ['-c', command], { env: { ...process.env, ...vars }, timeout: 10_000 }, (error) => (error ? reject(error) : resolve()))
    })

  it('reads secrets from $NAME and sends exactly what fetch sends', async () => {
    const secret = `t'o"k$en\\ $(id) \`x\``
    // In a JSON string the shell inserts the value verbatim: exact for values without " \ or control characters.
    const key = `k'e$y $(id) é`
    const environment = env([
      ['origin', server.origin],
      ['token', secret, true],
      ['key', key, true],
      ['n', '7', true],
      ['authorization', 'clash', true],
    ])
    const inputs = {
      endpoint: '{{origin}}/graphql?key={{n}}',
      headers: [row('h1', 'X-Token', 'Bearer {{token}}'), row('h2', 'Authorization', '{{authorization}}')],
      variables: '{"t": "{{key}}", "n": {{n}}}',
      query: 'query Q($t: String, $n: Int) { a(t: $t, n: $n) }',
    }
    const result = resolveRequest(inputs, environment)
    if (!result.ok) throw new Error(result.error.message)
    const build = (i: typeof result.inputs) =>
      buildGraphQLRequest({ endpoint: i.endpoint, query: i.query, variables: i.variables, headers: Object.fromEntries(i.headers.map((h) => [h.name, h.value])) })
    const real = build(result.inputs)
    // Authorization is a secret header of its own: curl reads it whole from $AUTHORIZATION.
    const curl = protectCurlCommand(toCurlWithEnv(build(result.curlInputs), { secretHeaders: ['Authorization'] }), result.secrets)
    for (const value of [secret, key, 'clash']) expect(curl.command).not.toContain(value)
    expect(curl.command).not.toContain('awbsecret')
    expect(curl.envVars).toEqual([
      { header: 'Authorization', variable: 'AUTHORIZATION' },
      { header: '{{n}}', variable: 'N' },
      { header: '{{token}}', variable: 'TOKEN' },
      { header: '{{key}}', variable: 'KEY' },
    ])
    const before = server.requests.length
    await run(curl.command, { TOKEN: secret, KEY: key, N: '7', AUTHORIZATION: 'clash' })
    const received = server.requests[before]
    expect(received?.url).toBe('/graphql?key=7')
    expect(received?.body.toString('utf8')).toBe(real.body)
    const got = Object.fromEntries(received?.headers.map(([n, v]) => [n, v.toString('utf8')]) ?? [])
    expect(got).toMatchObject({ 'X-Token': `Bearer ${secret}`, Authorization: 'clash' })
  })
})
