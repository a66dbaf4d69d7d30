import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Environment } from '../environments/environment'
import { resolveRequest } from '../environments/resolve'
import { buildGraphQLRequest } from '../request/build'
import { toGraphQLWsNodeSnippet, toSseCurl } from './commands'

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url))

/** Runs `bash -c command` (or `node file`) with extra environment variables; resolves with stdout. */
const run = (file: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<{ stdout: string; code: number }>((resolve, reject) => {
    execFile(file, args, { cwd: REPO, env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(new Error(`${error.message}\n${stderr}`))
      else resolve({ stdout, code: typeof error?.code === 'number' ? error.code : 0 })
    })
  })

/** The `data:` of each `event: next` in an SSE body, parsed, and whether it ended with `event: complete`. */
function sseResults(body: string): { results: unknown[]; completed: boolean } {
  const blocks = body.split('\n\n')
  const results = blocks.filter((b) => /^event: next$/m.test(b)).map((b) => JSON.parse(/^data: ?(.*)$/m.exec(b)?.[1] ?? 'null') as unknown)
  return { results, completed: blocks.some((b) => /^event: complete$/m.test(b)) }
}

// The demo server, started as `npm start` starts it (src/ may not import demo/).
let demo: ChildProcess
let origin = ''
beforeAll(async () => {
  demo = spawn(process.execPath, ['--import', 'tsx', 'demo/graphql-demo.ts', '--port', '0'], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] })
  origin = await new Promise<string>((resolve, reject) => {
    let out = ''
    demo.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/graphql/.exec(out)
      if (match?.[1]) resolve(match[1])
    })
    demo.once('exit', (code) => reject(new Error(`The demo server exited with ${code}: ${out}`)))
  })
}, 120_000)
afterAll(() => {
  demo.kill()
})

const countdown = 'subscription Count($from: Int!) { countdown(from: $from, intervalMs: 5) }'
const expectedCountdown = [{ data: { countdown: 2 } }, { data: { countdown: 1 } }, { data: { countdown: 0 } }]

describe('toSseCurl', () => {
  it('is curl -N with Accept: text/event-stream in place of the request Accept', () => {
    const request = buildGraphQLRequest({ endpoint: 'https://api.example.com/graphql', query: 'subscription { a }', headers: 'accept: application/json\nX-Trace: 1' })
    expect(toSseCurl(request).command).toBe(
      `curl -N -sS -X POST 'https://api.example.com/graphql' -H 'Content-Type: application/json' -H 'Accept: text/event-stream' -H 'X-Trace: 1' --data-raw '{"query":"subscription { a }","variables":{}}'`,
    )
  })

  it('run in bash, receives the same events as the app: in order, then complete; the secret header from $AUTHORIZATION', async () => {
    const request = buildGraphQLRequest({
      endpoint: `${origin}/graphql`,
      query: countdown,
      variables: '{"from": 2}',
      headers: "Authorization: Bearer it's-$ecret",
    })
    const { command, envVars } = toSseCurl(request, { secretHeaders: ['Authorization'] })
    expect(envVars).toEqual([{ header: 'Authorization', variable: 'AUTHORIZATION' }])
    expect(command).not.toContain('ecret')
    const fromCurl = sseResults((await run('/bin/bash', ['-c', command], { AUTHORIZATION: "Bearer it's-$ecret" })).stdout)
    expect(fromCurl).toEqual({ results: expectedCountdown, completed: true })
    // What the app's fetch gets for the same request.
    const response = await fetch(request.url, { method: 'POST', headers: { ...request.headers, Accept: 'text/event-stream' }, body: request.body })
    expect(sseResults(await response.text())).toEqual(fromCurl)

    const echo = buildGraphQLRequest({ endpoint: `${origin}/graphql`, query: 'subscription { echo { header(name: "authorization") } }', headers: 'Authorization: x' })
    const echoed = await run('/bin/bash', ['-c', toSseCurl(echo, { secretHeaders: ['Authorization'] }).command], { AUTHORIZATION: "Bearer it's-$ecret" })
    expect(sseResults(echoed.stdout).results).toEqual([{ data: { echo: { header: "Bearer it's-$ecret" } } }])
  })

  it('turns secret environment values into $NAME, as the tester curl does', async () => {
    const environment: Environment = { id: 'e', name: 'Local', variables: [{ id: 'v', name: 'token', value: 's3cr3t', secret: true }] }
    const resolved = resolveRequest(
      { endpoint: `${origin}/graphql`, headers: [{ id: 'h', name: 'X-Api-Key', value: 'key-{{token}}' }], variables: '{"message": "{{token}}"}', query: 'subscription($message: String) { echo(message: $message) { message header(name: "x-api-key") } }' },
      environment,
    )
    if (!resolved.ok) throw new Error(resolved.error.message)
    const curlRequest = buildGraphQLRequest({ ...resolved.curlInputs, headers: { 'X-Api-Key': resolved.curlInputs.headers[0]?.value ?? '' } })
    const { command, envVars } = toSseCurl(curlRequest, { secrets: resolved.secrets })
    expect(envVars).toEqual([{ header: '{{token}}', variable: 'TOKEN' }])
    expect(command).not.toContain('s3cr3t')
    const { stdout } = await run('/bin/bash', ['-c', command], { TOKEN: 's3cr3t' })
    expect(sseResults(stdout).results).toEqual([{ data: { echo: { message: 's3cr3t', header: 'key-s3cr3t' } } }])
  })
})

describe('toGraphQLWsNodeSnippet', () => {
  // A temporary folder whose node_modules is the repo's, so the script's imports resolve as after `npm install graphql-ws ws`.
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'awb-ws-snippet-'))
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  let runs = 0
  const runSnippet = (code: string, env: Record<string, string>) => {
    const file = join(dir, `subscription-${++runs}.mjs`)
    writeFileSync(file, code)
    return run(process.execPath, [file], env)
  }

  it('puts headers in connectionParams, secrets as process.env, and leaves out Content-Type and Accept', () => {
    const request = buildGraphQLRequest({ endpoint: 'https://api.example.com/graphql', query: 'subscription { a }', headers: 'Authorization: Bearer x\nX-Trace: "1"' })
    const { code, envVars } = toGraphQLWsNodeSnippet(request, { secretHeaders: ['authorization'] })
    expect(envVars).toEqual([{ header: 'Authorization', variable: 'AUTHORIZATION' }])
    expect(code).toContain(`url: "wss://api.example.com/graphql",`)
    expect(code).toContain(`connectionParams: {\n    "Authorization": process.env.AUTHORIZATION,\n    "X-Trace": "\\"1\\"",\n  },`)
    expect(code).not.toContain('Bearer x')
    expect(code).not.toMatch(/Content-Type|Accept/)
  })

  it('run with node, prints each result as a JSON line, in order, with the secret header from the environment', async () => {
    // The document travels as a template literal: backticks, ${ and backslashes must survive.
    const query = `${countdown}\n# a \`comment\` with \${x} and \\ kept`
    const request = buildGraphQLRequest({ endpoint: `${origin}/graphql`, query, variables: '{"from": 2}', headers: 'Authorization: Bearer w$' })
    const snippet = toGraphQLWsNodeSnippet(request, { secretHeaders: ['Authorization'] })
    const { stdout, code } = await runSnippet(snippet.code, { AUTHORIZATION: 'Bearer w$' })
    expect(snippet.code).toContain('    query: `subscription Count')
    expect(code).toBe(0)
    expect(stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual(expectedCountdown)

    const echo = buildGraphQLRequest({ endpoint: `${origin}/graphql`, query: 'subscription { echo { header(name: "authorization") } }', headers: 'Authorization: x' })
    const echoed = await runSnippet(toGraphQLWsNodeSnippet(echo, { secretHeaders: ['Authorization'] }).code, { AUTHORIZATION: 'Bearer w$' })
    expect(JSON.parse(echoed.stdout)).toEqual({ data: { echo: { header: 'Bearer w$' } } })
  })

  it('reads secret environment values from process.env, whole JSON values parsed, and exits 1 on a close', async () => {
    const environment: Environment = { id: 'e', name: 'Local', variables: [{ id: 'v', name: 'from', value: '1', secret: true }, { id: 'w', name: 'key', value: 'k"1', secret: true }] }
    const resolved = resolveRequest(
      { endpoint: `${origin}/graphql`, headers: [{ id: 'h', name: 'X-Api-Key', value: 'pre-{{key}}' }], variables: '{"from": {{from}}}', query: 'subscription($from: Int!) { countdown(from: $from, intervalMs: 5) }' },
      environment,
    )
    if (!resolved.ok) throw new Error(resolved.error.message)
    const request = buildGraphQLRequest({ ...resolved.curlInputs, headers: { 'X-Api-Key': resolved.curlInputs.headers[0]?.value ?? '' } })
    const { code, envVars } = toGraphQLWsNodeSnippet(request, { secrets: resolved.secrets })
    expect(envVars).toEqual([
      { header: '{{key}}', variable: 'KEY' },
      { header: '{{from}}', variable: 'FROM' },
    ])
    expect(code).toContain('"X-Api-Key": "pre-" + process.env.KEY,')
    expect(code).toContain('"from": JSON.parse(process.env.FROM),')
    const { stdout } = await runSnippet(code, { FROM: '1', KEY: 'k"1' })
    expect(stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([{ data: { countdown: 1 } }, { data: { countdown: 0 } }])

    // An upgrade the server refuses (no WebSocket route there) ends the script with code 1.
    const refused = buildGraphQLRequest({ endpoint: `${origin}/nowhere`, query: countdown, variables: '{"from": 1}' })
    const failed = await runSnippet(toGraphQLWsNodeSnippet(refused).code, {})
    expect(failed.code).toBe(1)
  })
})
