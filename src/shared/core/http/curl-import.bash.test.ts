/**
 * The proof that an imported command exports back to one bash accepts and that sends the same
 * request: the pasted original and our re-export run with real bash and curl against a local echo
 * server, and what arrived is compared byte for byte.
 */
import { execFile } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCurlCommand } from './curl'
import { parseCurl } from './curl-import'
import { type EchoServer, type ReceivedRequest, startEchoServer } from '../../testing/echo-server'

let server: EchoServer

beforeAll(async () => {
  server = await startEchoServer()
})
afterAll(async () => {
  await server.close()
})

/** Runs `command` with `bash -c` and returns the one request it caused. */
function sendWithBash(command: string): Promise<ReceivedRequest> {
  const before = server.requests.length
  return new Promise((resolve, reject) => {
    execFile('/bin/bash', ['-c', `${command} -sS -o /dev/null`], { timeout: 10_000 }, (error, _stdout, stderr) => {
      if (error || stderr !== '' || server.requests.length !== before + 1) reject(new Error(`bash: ${String(stderr)} ${String(error)}`))
      else resolve(server.requests[before]!)
    })
  })
}

/**
 * What the request says, without the headers curl adds on its own (Host, User-Agent,
 * Accept-Encoding…); headers sorted by name, since curl itself places `-b` cookies first.
 */
function essence(received: ReceivedRequest, names: readonly string[]) {
  const wanted = new Set(names.map((n) => n.toLowerCase()))
  return {
    method: received.method,
    url: received.url,
    headers: received.headers.filter(([n]) => wanted.has(n.toLowerCase())).map(([n, v]) => [n, v.toString('hex')])
      .sort(([a], [b]) => a!.localeCompare(b!)),
    body: received.body.toString('hex'),
  }
}

const samples = (origin: string) => ({
  'Chrome "Copy as cURL (bash)"': String.raw`curl '${origin}/graphql' \
  -H 'accept: */*' \
  -H 'content-type: application/json' \
  -b 'session=abc123; theme=dark' \
  -H 'sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24"' \
  --data-raw $'{"query":"query Countries {\\n  countries(filter: {code: {eq: \\"it\'s\\"}}) { code } # $(id) \u00e9\\n}","operationName":"Countries"}'`,
  'Firefox "Copy as cURL (POSIX)"': `curl '${origin}/graphql?x=1&y=%C3%A9' --compressed -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' -H 'X-Api-Key: demo-key-123' --data-raw '{"query":"{ hello }"}'`,
  'a docs example': `curl -sS --json '{"query":"{ me { id } }", "variables": {"a": "it'\\''s $HOME"}}' -u ann:secret "${origin}/graphql"`,
  'a GET with query parameters': `curl -G '${origin}/graphql' --data-urlencode 'query={ user(id: "1") { name } }' -d operationName=Q`,
})

describe('an imported command, exported again, is accepted by bash and sends the same request', () => {
  it.each(Object.keys(samples('')))('%s', async (name) => {
    const original = samples(server.origin)[name as keyof ReturnType<typeof samples>]
    const result = parseCurl(original)
    if (!result.ok) throw new Error(result.message)
    const exported = buildCurlCommand(result.request, { multiline: true }).command
    const names = result.request.headers.map(([n]) => n)
    const sentByOriginal = essence(await sendWithBash(original), names)
    const sentByExport = essence(await sendWithBash(exported), names)
    expect(sentByExport).toEqual(sentByOriginal)
    expect(sentByExport.headers).toHaveLength(names.length)
  })
})
