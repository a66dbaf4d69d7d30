/**
 * curl export and import against the real curl: every exported command is run by bash and the
 * curl on this machine against a local server that records what arrived (as
 * curl-import-real-curl.test.ts does), which must be exactly what the tester's request builder
 * sends; the command then imports back to the same request. A command written by Postman's own
 * code generator (its "Code → cURL", fixtures/README.md) imports through the tester's curl import.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildGraphQLRequest } from '../request/build'
import { requestArbitrary } from './arbitraries'
import { exportCurl, importCurl } from './curl'
import { graphqlFieldsOfJsonBody, type GraphQLFields } from './json-body'
import type { CollectionImport, CollectionRequest } from './model'

const run = promisify(execFile)

let server: Server
let origin = ''
let arrived: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = []

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

function imported(command: string): CollectionImport {
  const result = importCurl(command)
  if ('ok' in result) throw new Error(result.message)
  return result
}

describe('curl', () => {
  it('each exported command, run by the real curl, sends what the tester sends, and imports back to the same request', async () => {
    // The endpoint template is resolved; credential references stay as typed (curl sends them as is).
    const values = new Map([['baseUrl', `${origin}/base`]])
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (request: CollectionRequest) => {
        const collection = { name: 'C', notes: '', items: [{ ...request, endpoint: request.endpoint.replace(/^https?:\/\/[^/]+/, origin) }] }
        const { output, losses } = exportCurl(collection, { values })
        const item = collection.items[0]!
        const resolve = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values.get(name) ?? whole)
        let built: ReturnType<typeof buildGraphQLRequest>
        try {
          built = buildGraphQLRequest({
            endpoint: resolve(item.endpoint),
            query: item.query,
            variables: item.variables,
            headers: Object.fromEntries(item.headers.map((h) => [h.name, resolve(h.value)])),
            ...(item.operationName ? { operationName: item.operationName } : {}),
          })
        } catch (error) {
          // The tester would not send it either (a required variable is missing…): listed, no command.
          expect(output).toEqual([])
          expect(losses.at(-1)).toEqual({ at: request.name, what: `The whole request: ${(error as Error).message}` })
          return
        }
        expect(output).toHaveLength(1)
        // What the builder sends: only the variables the operation declares.
        const sentFields = graphqlFieldsOfJsonBody(built.body) as GraphQLFields
        const given = Object.keys(item.variables ? (JSON.parse(item.variables) as object) : {})
        const unsent = given.filter((key) => !sentFields.variables.includes(`"${key}"`))
        const references = [...new Set(request.headers.flatMap((h) => h.value.match(/\{\{\w+\}\}/g) ?? []))]
        expect(losses).toEqual([
          ...(references.length ? [{ at: request.name, what: `The references ${references.join(', ')}: curl does not substitute them (give their values, or edit the command)` }] : []),
          ...(unsent.length ? [{ at: request.name, what: `The variables the operation does not declare (${unsent.join(', ')}): the tester does not send them` }] : []),
          { at: request.name, what: `The name${request.notes ? ', the notes' : ''} (a command has none)` },
        ])
        arrived = []
        await run('/bin/bash', ['-c', `${output[0]!.command} -o /dev/null`])
        expect(arrived).toHaveLength(1)
        const sent = arrived[0]!
        expect(sent.method).toBe('POST')
        expect(`${origin}${sent.url}`).toBe(built.url)
        expect(sent.body).toBe(built.body)
        for (const [name, value] of Object.entries(built.headers)) expect(sent.headers[name.toLowerCase()]).toBe(value)
        // Back: the same request, as a command carries it (no name or notes; references resolved).
        const back = imported(output[0]!.command)
        expect(back.collection.items).toEqual([
          {
            kind: 'request',
            name: built.operationName ?? 'Untitled request',
            endpoint: built.url,
            query: item.query,
            variables: sentFields.variables,
            operationName: built.operationName ?? '',
            // The builder's own Content-Type and Accept are the tester's defaults, left to it on import.
            // curl import leaves Accept-Language to the browser, and says so.
            headers: item.headers.filter((h) => h.name !== 'Accept-Language'),
            notes: '',
          },
        ])
        const browserSets = item.headers.some((h) => h.name === 'Accept-Language')
        expect(back.losses).toEqual(browserSets ? [{ at: back.collection.items[0]!.name, what: 'Left out headers the browser sets itself: Accept-Language.' }] : [])
      }),
      { numRuns: 25 },
    )
  })

  it('lists what a command cannot be: unresolved references, and a template endpoint', () => {
    const request = { kind: 'request' as const, name: 'Q', endpoint: '{{baseUrl}}/graphql', query: '{ a }', variables: '', operationName: '', headers: [{ name: 'X-Tenant', value: '{{tenant}}' }], notes: '' }
    const { output, losses } = exportCurl({ name: 'C', notes: '', items: [{ kind: 'folder', name: 'F', notes: '', items: [request] }] })
    expect(output).toEqual([])
    expect(losses.map((loss) => loss.at)).toEqual(['F / Q', 'F / Q'])
    expect(losses[0]!.what).toBe('The references {{baseUrl}}, {{tenant}}: curl does not substitute them (give their values, or edit the command)')
    expect(losses[1]!.what).toMatch(/^The whole request: /)
  })

  it('reads a command written by Postman’s code generator: the token becomes a reference', () => {
    const command = readFileSync(new URL('./fixtures/postman-copy-as-curl.sh', import.meta.url), 'utf8')
    const { collection, losses } = imported(command)
    expect(collection.items).toMatchSnapshot()
    expect(JSON.stringify(collection)).not.toContain('ghp_')
    expect(losses).toMatchSnapshot()
  })
})
