/**
 * Curl import against real curl: each command is run by bash and the curl on this machine against
 * a local server that records what arrived, and the import must read the same request: URL glob
 * escapes as Chrome's and Safari's "Copy as cURL" write them, a 64-bit integer through our own
 * "Copy as curl" and back, and an explicit Accept.
 */
import { execFile } from 'node:child_process'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGraphQLRequest, toCurl } from './request'
import { tabRequestFromCurl } from './curl-import'

const run = promisify(execFile)

interface Arrived {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

let server: Server
let origin = ''
let arrived: Arrived[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      arrived.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"data":null}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Runs `command` in bash with the real curl and returns what the server received. */
async function curlSends(command: string): Promise<Arrived> {
  arrived = []
  await run('/bin/bash', ['-c', `${command} -sS -o /dev/null`])
  expect(arrived).toHaveLength(1)
  return arrived[0]!
}

function imported(command: string) {
  const result = tabRequestFromCurl(command)
  if (!result.ok) throw new Error(`refused: ${result.message}`)
  return result.request
}

describe('curl import, checked against real curl', () => {
  it('undoes the URL glob escapes of Chrome’s and Safari’s Copy as cURL, as curl does (and keeps them with -g)', async () => {
    const chrome = `curl '${origin}/graphql?query=\\{hello\\}&variables=\\{"ids":\\[1,2\\]\\}' -H 'accept: application/graphql-response+json, application/json;q=0.9'`
    const sent = await curlSends(chrome)
    const params = new URL(sent.url, origin).searchParams
    expect(params.get('query')).toBe('{hello}')
    const request = imported(chrome)
    expect(request.query).toBe(params.get('query'))
    expect(request.variables).toBe('{\n  "ids": [\n    1,\n    2\n  ]\n}')
    expect(request.endpoint).toBe(`${origin}/graphql`)

    const globoff = `curl -g '${origin}/graphql?query=\\{hello\\}'`
    const literal = new URL((await curlSends(globoff)).url, origin).searchParams.get('query')
    expect(literal).toBe('\\{hello\\}')
    expect(imported(globoff).query).toBe(literal)
  })

  it('keeps a 64-bit integer’s digits from our Copy as curl, through curl, back into the variables', async () => {
    const built = buildGraphQLRequest({
      endpoint: `${origin}/graphql`,
      query: 'query Node($id: BigInt!) { node(id: $id) { id } }',
      variables: '{"id": 9007199254740993}',
    })
    const command = toCurl(built)
    const sent = await curlSends(command)
    expect(JSON.parse(sent.body.replace('9007199254740993', '"digits"')).variables).toEqual({ id: 'digits' })
    const request = imported(command)
    expect(request.variables).toBe('{\n  "id": 9007199254740993\n}')
    // Sent again from the imported tab (and copied as curl again), the server gets the same digits.
    const again = buildGraphQLRequest({ endpoint: request.endpoint, query: request.query, variables: request.variables })
    const resent = await curlSends(toCurl(again))
    expect(JSON.parse(resent.body.replace('9007199254740993', '"digits"')).variables).toEqual({ id: 'digits' })
  })

  it('keeps an explicit Accept: application/json (curl sends it; it changes the answer) and leaves */* to the tester', async () => {
    const command = `curl '${origin}/graphql' -H 'Accept: application/json' -H 'Content-Type: application/json' --data-raw '{"query":"{ hello }"}'`
    expect((await curlSends(command)).headers.accept).toBe('application/json')
    expect(imported(command).headers).toEqual([{ name: 'Accept', value: 'application/json', secret: false }])

    const json = `curl '${origin}/graphql' --json '{"query":"{ hello }"}'`
    expect((await curlSends(json)).headers.accept).toBe('application/json')
    expect(imported(json).headers).toEqual([{ name: 'Accept', value: 'application/json', secret: false }])

    const any = `curl '${origin}/graphql' -H 'Accept: */*' --data-raw '{"query":"{ hello }"}'`
    expect((await curlSends(any)).headers.accept).toBe('*/*')
    expect(imported(any).headers).toEqual([])
  })
})
