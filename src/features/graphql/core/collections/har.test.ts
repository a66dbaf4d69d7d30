/**
 * HAR 1.2 export and import. Oracles: every export validates against the HAR 1.2 JSON schemas of
 * `har-schema` (the schemas the `har-validator` package checks HARs with), with Ajv; and a HAR
 * that Chromium itself recorded (Playwright's `recordHar`, fixtures/chromium.har, see
 * fixtures/README.md) imports to its GraphQL requests.
 */
import { readFileSync } from 'node:fs'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json'
import fc from 'fast-check'
import harSchemas from 'har-schema'
import { describe, expect, it } from 'vitest'
import { collectionArbitrary } from './arbitraries'
import { exportHar, importHar } from './har'
import { requestsOf, type CollectionImport, type CollectionItem } from './model'

function imported(text: string): CollectionImport {
  const result = importHar(text)
  if ('ok' in result) throw new Error(result.message)
  return result
}

const ajv = new Ajv({ strict: false, allErrors: true })
addFormats(ajv)
ajv.addMetaSchema(draft06)
for (const schema of Object.values(harSchemas)) ajv.addSchema(schema)
const validHar = ajv.getSchema('har.json#')!

/** The folders and their notes: what HAR cannot carry. */
function folderPaths(items: readonly CollectionItem[], parent = ''): string[] {
  return items.flatMap((item) => (item.kind === 'folder' ? [parent ? `${parent} / ${item.name}` : item.name, ...folderPaths(item.items, parent ? `${parent} / ${item.name}` : item.name)] : []))
}

describe('HAR 1.2', () => {
  it('round trip: import(export(x)) = x’s requests in order, flat; the losses name the folders and the collection’s notes', () => {
    fc.assert(
      fc.property(collectionArbitrary, (collection) => {
        const { output, losses } = exportHar(collection, new Date(0))
        const templates = [...requestsOf(collection.items)].filter(({ request }) => request.endpoint.includes('{{')).map(({ path }) => path)
        expect(losses.map((loss) => loss.at)).toEqual([...(collection.notes ? [''] : []), ...folderPaths(collection.items), ...templates])
        const back = imported(output)
        expect(back.losses).toEqual([])
        expect(back.collection).toEqual({ name: collection.name, notes: '', items: [...requestsOf(collection.items)].map(({ request }) => request) })
      }),
      { numRuns: 150 },
    )
  })

  it('every export whose endpoints are URLs is a valid HAR 1.2 (har-schema)', () => {
    const urls = (items: readonly CollectionItem[]) => [...requestsOf(items)].every(({ request }) => !request.endpoint.includes('{{'))
    fc.assert(
      fc.property(collectionArbitrary.filter((c) => urls(c.items)), (collection) => {
        const har = JSON.parse(exportHar(collection).output)
        expect(validHar(har), JSON.stringify(validHar.errors)).toBe(true)
      }),
      { numRuns: 60 },
    )
  })

  it('the schema check is real: a HAR without an entry’s request fails it', () => {
    const har = JSON.parse(exportHar({ name: 'C', notes: '', items: [{ kind: 'request', name: 'Q', endpoint: 'https://a.test/graphql', query: '{ a }', variables: '', operationName: '', headers: [], notes: '' }] }).output)
    delete har.log.entries[0].request
    expect(validHar(har)).toBe(false)
  })

  it('reads a HAR that Chromium recorded: the POST and the GET GraphQL requests, the page’s document and script counted, browser headers and the token left out', () => {
    const source = readFileSync(new URL('./fixtures/chromium.har', import.meta.url), 'utf8')
    expect(validHar(JSON.parse(source))).toBe(true)
    const { collection, losses } = imported(source)
    expect(collection.items).toEqual([
      {
        kind: 'request',
        name: 'Viewer',
        endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/),
        query: 'query Viewer { viewer { login } }',
        // Chromium recorded the body as sent: the 64-bit id keeps its digits.
        variables: '{\n  "first": 10,\n  "id": 9007199254740993\n}',
        operationName: 'Viewer',
        headers: [
          { name: 'Authorization', value: 'Bearer {{AUTHORIZATION}}' },
          { name: 'X-Request-Id', value: 'r-42' },
        ],
        notes: '',
      },
      { kind: 'request', name: 'Untitled request', endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/), query: '{ viewer { login } }', variables: '', operationName: '', headers: [], notes: '' },
    ])
    expect(JSON.stringify(collection)).not.toContain('ghp_')
    expect(losses.map((loss) => loss.what)).toEqual([
      'Headers the browser sets itself: Accept-Encoding, Accept-Language, Connection, Content-Length, Host and 9 more',
      'The secret value of Authorization (not stored: set {{AUTHORIZATION}} in an environment)',
      'Headers the browser sets itself: Accept-Encoding, Accept-Language, Connection, Host, Referer and 7 more',
      '2 requests that are not GraphQL: GET http://127.0.0.1:44781/ and GET http://127.0.0.1:44781/app.js',
    ])
  })
})
