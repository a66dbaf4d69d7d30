/**
 * The proof that generated curl commands are exact: run them with real bash and curl against a
 * local echo server and compare what arrived with what was asked for, byte for byte.
 */
import { execFile } from 'node:child_process'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCurlCommand, type CurlRequest } from './curl'
import { toPreflightCurl } from './preflight'
import { trimCharacters } from '../text'
import { type EchoServer, type ReceivedRequest, startEchoServer } from '../../testing/echo-server'

let server: EchoServer

beforeAll(async () => {
  server = await startEchoServer()
})
afterAll(async () => {
  await server.close()
})

/** Runs `command` with `bash -c` directly (no extra shell layer), returning curl's exit code. */
function runBash(command: string, env: Record<string, string> = {}): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile('/bin/bash', ['-c', command], { env: { ...process.env, ...env }, timeout: 10_000 }, (error, _stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr: String(stderr) })
    })
  })
}

/** Runs a command and returns the one request it caused. */
async function sendWithBash(command: string, env: Record<string, string> = {}): Promise<ReceivedRequest> {
  const before = server.requests.length
  const { code, stderr } = await runBash(command, env)
  expect(stderr).toBe('')
  expect(code).toBe(0)
  expect(server.requests.length).toBe(before + 1)
  return server.requests[before] as ReceivedRequest
}

/** The received headers with the given names (any case), in order: curl's own extras drop out. */
function pick(received: ReceivedRequest, names: readonly string[]): [string, string][] {
  const wanted = new Set(names.map((n) => n.toLowerCase()))
  return received.headers.filter(([n]) => wanted.has(n.toLowerCase())).map(([n, v]) => [n, v.toString('hex')])
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')

// Fragments chosen to break naive quoting: quotes, expansions, escapes, option look-alikes.
const NASTY = [
  "'", '"', '$(', ')', '$(id)', '`', '`echo pwned`', '\\', '\\\\', "'\\''", '$HOME', '${PATH}', '$', '!', '!!',
  '*', '?', '~', ';', '&&', '|', '#', '%', '-d', '--data', '@', '\t', 'é', 'ß', '中文', '😀', '\u00a0', '\u2028',
]
const nasty = fc.constantFrom(...NASTY)
const noNul = (s: string) => s.replaceAll('\u0000', '')

/** Bodies: nasty fragments, any Unicode (no NUL), newlines and CRs, sometimes starting with "@". */
const body = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.oneof(nasty, fc.string({ unit: 'binary' }), fc.constantFrom('\n', '\r\n', '\r', '\n\n')), { maxLength: 10 }),
  )
  .map(([at, parts]) => (at ? '@' : '') + noNul(parts.join('')))

/** Header values: anything a server accepts (no CR/LF/NUL or other controls but tab), trimmed as fetch does. */
const headerValue = fc
  .array(fc.oneof(nasty, fc.string({ unit: 'grapheme-ascii' }), fc.constantFrom('café', '€', 'naïve 中')), { maxLength: 6 })
  .map((parts) => parts.join('').replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ''))
  .map((value) => trimCharacters(value, ' \t\u00a0'))

const TCHAR = "!#$%&'*+-.^_`|~abcXYZ019"
const headerName = fc.string({ unit: fc.constantFrom(...TCHAR), maxLength: 6 })

/** URL path and query with quotes, `$()`, backticks, backslashes, globs, dot segments and encoded non-ASCII. */
const URL_CHARS = [..."'\"$()`\\@!*+,;=:~-_[]{}<>|^.abc019/", '%C3%A9', '%E4%B8%AD', '%F0%9F%98%80', '/./', '/../']
const pathAndQuery = fc
  .tuple(fc.string({ unit: fc.constantFrom(...URL_CHARS), maxLength: 12 }), fc.option(fc.string({ unit: fc.constantFrom(...URL_CHARS, '?', '&'), maxLength: 12 })))
  .map(([path, query]) => `/${path}${query === null ? '' : `?${query}`}`)

describe('toCurlCommand run by bash against a real server', () => {
  it('sends exactly the method, URL, headers and body it was given (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
        pathAndQuery,
        fc.array(fc.tuple(headerName, headerValue, fc.boolean()), { maxLength: 4 }),
        fc.option(body, { nil: undefined }),
        fc.boolean(),
        async (method, path, rawHeaders, requestBody, multiline) => {
          // Unique names (index prefix) so the comparison per name is unambiguous.
          const headers = rawHeaders.map(([name, value, secret], i): [string, string, boolean] => [`X-${i}${name}`, value, secret && value !== ''])
          const request: CurlRequest = { url: server.origin + path, method, headers: headers.map(([n, v]): [string, string] => [n, v]) }
          if (requestBody !== undefined) request.body = requestBody
          const secretHeaders = headers.filter(([, , s]) => s).map(([n]) => n)
          const { command, envVars } = buildCurlCommand(request, { secretHeaders, multiline })

          const env: Record<string, string> = {}
          for (const { header, variable } of envVars) env[variable] = headers.find(([n]) => n === header)?.[1] ?? ''
          const received = await sendWithBash(command, env)

          expect(received.method).toBe(method)
          expect(received.url).toBe(path)
          expect(pick(received, headers.map(([n]) => n))).toEqual(headers.map(([n, v]) => [n, hex(v)]))
          expect(received.body.toString('hex')).toBe(hex(requestBody ?? ''))
          for (const [name, value, secret] of headers) {
            // A secret never appears in the command text, only its variable reference.
            if (secret && value.length > 3) expect(command).not.toContain(`${name}: ${value}`)
          }
        },
      ),
      { numRuns: 60 },
    )
  }, 60_000)

  it('emits secret headers as "$VAR" references that bash expands from the environment', async () => {
    const token = `Bearer a'b"c$(echo no)\`x\`\\ é`
    const { command, envVars } = buildCurlCommand(
      { url: `${server.origin}/secret`, method: 'POST', headers: { Authorization: token, 'X-Api-Key': 'k$1', Accept: '*/*' }, body: '{}' },
      { secretHeaders: ['authorization', 'X-API-KEY'] },
    )
    expect(command).toContain('-H "Authorization: $AUTHORIZATION"')
    expect(command).toContain('-H "X-Api-Key: $X_API_KEY"')
    expect(command).not.toContain('Bearer')
    expect(envVars).toEqual([
      { header: 'Authorization', variable: 'AUTHORIZATION' },
      { header: 'X-Api-Key', variable: 'X_API_KEY' },
    ])
    const received = await sendWithBash(command, { AUTHORIZATION: token, X_API_KEY: 'k$1' })
    expect(pick(received, ['authorization', 'x-api-key'])).toEqual([
      ['Authorization', hex(token)],
      ['X-Api-Key', hex('k$1')],
    ])
  })

  it('expands a secret header whose name needs single quotes', async () => {
    const { command, envVars } = buildCurlCommand(
      { url: `${server.origin}/`, method: 'POST', headers: [["X-$`Tok'en", 'v a l']] },
      { secretHeaders: ["x-$`tok'en"] },
    )
    expect(envVars).toEqual([{ header: "X-$`Tok'en", variable: 'X___TOK_EN' }])
    const received = await sendWithBash(command, { X___TOK_EN: 'v a l' })
    expect(pick(received, ["X-$`Tok'en"])).toEqual([["X-$`Tok'en", hex('v a l')]])
  })

  it('sends an empty header value as an empty header, not a removal', async () => {
    const command = buildCurlCommand({ url: `${server.origin}/`, method: 'POST', headers: { 'X-Empty': '' }, body: '' }).command
    const received = await sendWithBash(command)
    expect(pick(received, ['x-empty'])).toEqual([['X-Empty', '']])
  })

  it('replays a CORS preflight with the preflight probe', async () => {
    const command = toPreflightCurl(`${server.origin}/graphql?x=[1]`, "https://app.example/'", 'POST', ['Content-Type', 'authorization'])
    const received = await sendWithBash(`${command} -sS -o /dev/null`)
    expect(received.method).toBe('OPTIONS')
    expect(received.url).toBe('/graphql?x=[1]')
    expect(pick(received, ['origin', 'access-control-request-method', 'access-control-request-headers'])).toEqual([
      ['Origin', hex("https://app.example/'")],
      ['Access-Control-Request-Method', hex('POST')],
      ['Access-Control-Request-Headers', hex('authorization,content-type')],
    ])
  })
})
