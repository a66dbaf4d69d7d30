/**
 * Insomnia v4 (JSON) and v5 (YAML) export and import. Oracle: Bruno's own Insomnia importer
 * (`insomniaToBruno` from `@usebruno/converters`, which reads both versions as Insomnia writes
 * them; Kong publishes no importer package for Insomnia's own format). A real v4 export written by
 * the Insomnia app is read from the fixture folder (see fixtures/README.md for its source).
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { insomniaToBruno, type BrunoItem } from '@usebruno/converters'
import { parse, stringify } from 'yaml'
import { describe, expect, it, vi } from 'vitest'
import { collectionArbitrary, hasDistinctSiblingNames } from './arbitraries'
import { exportInsomniaV4, exportInsomniaV5, importInsomnia } from './insomnia'
import type { CollectionImport, CollectionItem } from './model'

const yaml = { parse, stringify }

function imported(text: string): CollectionImport {
  const result = importInsomnia(text, yaml)
  if ('ok' in result) throw new Error(result.message)
  return result
}

/** Checks each of our requests against the request Bruno read at the same place. */
function sameAsBruno(items: readonly CollectionItem[], bruno: readonly BrunoItem[]): void {
  for (const item of items) {
    const match = bruno.find((b) => b.name === item.name && (item.kind === 'folder' ? b.type === 'folder' : b.type === 'graphql-request'))
    expect(match, item.name).toBeDefined()
    if (item.kind === 'folder') {
      sameAsBruno(item.items, match!.items ?? [])
      continue
    }
    const request = match!.request!
    expect(request.method).toBe('POST')
    expect(request.url).toBe(item.endpoint)
    expect(request.headers.map((h) => [h.name, h.value, h.enabled])).toEqual(item.headers.map((h) => [h.name, h.value, true]))
    expect(request.body.graphql!.query).toBe(item.query)
    const variables = request.body.graphql!.variables
    expect(variables === undefined ? undefined : JSON.parse(variables)).toEqual(item.variables ? JSON.parse(item.variables) : undefined)
  }
}

describe('Insomnia', () => {
  it('v4 round trip: import(export(x)) = x, nothing lost', () => {
    fc.assert(
      fc.property(collectionArbitrary, (collection) => {
        const exported = exportInsomniaV4(collection, new Date(0))
        expect(exported.losses).toEqual([])
        expect(imported(exported.output)).toEqual({ collection, losses: [] })
      }),
      { numRuns: 150 },
    )
  })

  it('v5 round trip through YAML: import(export(x)) = x, nothing lost', () => {
    fc.assert(
      fc.property(collectionArbitrary, (collection) => {
        const exported = exportInsomniaV5(collection, yaml)
        expect(exported.losses).toEqual([])
        expect(imported(exported.output)).toEqual({ collection, losses: [] })
      }),
      { numRuns: 60 },
    )
  })

  it('Bruno’s Insomnia importer reads our v4 and v5 exports as the same requests', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fc.assert(
      // Bruno renames items that share a name with a sibling, so those are not compared.
      fc.property(collectionArbitrary.filter((c) => hasDistinctSiblingNames(c.items)), (collection) => {
        const v4 = insomniaToBruno(JSON.parse(exportInsomniaV4(collection).output))
        sameAsBruno(collection.items, v4.items)
        const v5 = insomniaToBruno(exportInsomniaV5(collection, yaml).output)
        expect(v5.name).toBe(collection.name)
        sameAsBruno(collection.items, v5.items)
      }),
      { numRuns: 40 },
    )
  })

  it('lists what it cannot carry: variables that are not JSON', () => {
    const collection = {
      name: 'C',
      notes: '',
      items: [{ kind: 'request' as const, name: 'R', endpoint: 'https://a.test/graphql', query: '{ a }', variables: '{"first": {{limit}}}', operationName: '', headers: [], notes: '' }],
    }
    expect(exportInsomniaV4(collection).losses).toEqual([{ at: 'R', what: 'The variables (not JSON; Insomnia keeps GraphQL variables as JSON)' }])
  })

  it('reads a v4 export written by the Insomnia app: GraphQL requests kept, the rest listed', () => {
    const source = readFileSync(new URL('./fixtures/insomnia-v4.json', import.meta.url), 'utf8')
    const { collection, losses } = imported(source)
    expect(collection).toMatchSnapshot()
    expect(losses).toMatchSnapshot()
  })
})
