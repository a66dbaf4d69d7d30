/**
 * Postman v2.1 export and import. Oracle: Postman's own SDK (`postman-collection`, exact version
 * in package.json) loads every export and reads back the same names, folders, URLs, headers,
 * GraphQL bodies and descriptions; our importer reads the SDK's own re-serialization back to the
 * same collection. (Postman's v2.1 JSON schema is published at schema.getpostman.com but in no npm
 * package we could find, so it is not checked here.)
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { Collection as PostmanCollection, ItemGroup, type Item } from 'postman-collection'
import { describe, expect, it } from 'vitest'
import { carried, collectionArbitrary } from './arbitraries'
import type { CollectionImport, CollectionItem } from './model'
import { exportPostman, importPostman } from './postman'

function imported(text: string): CollectionImport {
  const result = importPostman(text)
  if ('ok' in result) throw new Error(result.message)
  return result
}

describe('Postman v2.1', () => {
  it('round trip: import(export(x)) = x without operation names, and the losses name exactly those', () => {
    fc.assert(
      fc.property(collectionArbitrary, (collection) => {
        const { output, losses } = exportPostman(collection)
        const back = imported(output)
        expect(back.collection).toEqual(carried(collection, () => ({ operationName: '' })))
        expect(back.losses).toEqual([])
        const named: string[] = []
        const walk = (items: CollectionItem[], parent: string) => {
          for (const item of items) {
            const path = parent ? `${parent} / ${item.name}` : item.name
            if (item.kind === 'folder') walk(item.items, path)
            else if (item.operationName) named.push(path)
          }
        }
        walk(collection.items, '')
        expect(losses.map((loss) => loss.at)).toEqual(named)
      }),
      { numRuns: 150 },
    )
  })

  it('every export loads in Postman’s SDK, reads back the same, and the SDK’s own JSON imports to the same collection', () => {
    fc.assert(
      fc.property(collectionArbitrary, (collection) => {
        const { output } = exportPostman(collection)
        const sdk = new PostmanCollection(JSON.parse(output))
        expect(sdk.name).toBe(collection.name)
        const compare = (items: CollectionItem[], members: (Item | ItemGroup)[]) => {
          expect(members.map((m) => m.name)).toEqual(items.map((i) => i.name))
          items.forEach((item, i) => {
            const member = members[i]!
            if (item.kind === 'folder') {
              expect(ItemGroup.isItemGroup(member)).toBe(true)
              compare(item.items, (member as ItemGroup).items.all())
              return
            }
            const request = (member as Item).request
            expect(request.method).toBe('POST')
            expect(request.url.toString()).toBe(item.endpoint)
            expect(request.headers.all().map((h: { key: string; value: string }) => [h.key, h.value])).toEqual(item.headers.map((h) => [h.name, h.value]))
            const body = request.body!.toJSON() as { mode: string; graphql: { query: string; variables: string } }
            expect(body.mode).toBe('graphql')
            expect(body.graphql).toEqual({ query: item.query, variables: item.variables })
            // The SDK reads a request's description but does not type it.
            expect((request as unknown as { description?: { toString(): string } }).description?.toString() ?? '').toBe(item.notes)
          })
        }
        compare(collection.items, sdk.items.all())
        const again = imported(JSON.stringify(sdk.toJSON()))
        expect(again.collection).toEqual(carried(collection, () => ({ operationName: '' })))
      }),
      { numRuns: 60 },
    )
  })
})

describe('Postman v2.1 samples', () => {
  it('reads a collection written by Postman’s own GraphQL importer (graphql-to-postman): folders, GraphQL bodies, the {{url}} variable listed', () => {
    const source = readFileSync(new URL('./fixtures/postman-graphql-to-postman.json', import.meta.url), 'utf8')
    const { collection, losses } = imported(source)
    expect(collection).toMatchSnapshot()
    expect(losses).toMatchSnapshot()
  })

  it('carries a bearer auth helper as its Authorization header (inherited from the collection) and lists the others and scripts', () => {
    const source = JSON.stringify({
      info: { name: 'C', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}', type: 'string' }] },
      event: [{ listen: 'prerequest', script: { exec: ['pm.environment.set("a", 1)'], type: 'text/javascript' } }],
      item: [
        { name: 'Inherits', request: { method: 'POST', url: 'https://a.test/graphql', body: { mode: 'graphql', graphql: { query: '{ a }' } } } },
        { name: 'Own', request: { method: 'POST', auth: { type: 'apikey', apikey: [] }, url: 'https://a.test/graphql', body: { mode: 'raw', raw: '{"query":"{ b }","variables":{"id":9007199254740993}}' } } },
        { name: 'REST', request: { method: 'GET', url: 'https://a.test/users' } },
      ],
    })
    const { collection, losses } = imported(source)
    expect(collection.items.map((item) => item.kind === 'request' && [item.name, item.headers, item.variables])).toEqual([
      ['Inherits', [{ name: 'Authorization', value: 'Bearer {{token}}' }], ''],
      ['Own', [], '{\n  "id": 9007199254740993\n}'],
    ])
    expect(losses).toEqual([
      { at: '', what: 'The pre-request script' },
      { at: 'Own', what: 'The auth helper (apikey): add its header by hand, with its secret in an environment' },
      { at: 'REST', what: 'Not a GraphQL request (it has no body): left out' },
    ])
  })
})
