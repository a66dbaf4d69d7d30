/**
 * OpenCollection (Bruno's YAML layout) export and import. Oracle: Bruno's own converters
 * (`@usebruno/converters`): `openCollectionToBruno` reads our files (assembled into the bundled
 * form it takes, each file's object unchanged) as the same requests and folders, and what Bruno
 * itself writes (`brunoToOpenCollection` of Bruno's reading of our Insomnia export) imports to the
 * same collection. The real sample is Bruno's OpenCollection of the Insomnia app export in
 * fixtures/ (see fixtures/README.md).
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { brunoToOpenCollection, insomniaToBruno, openCollectionToBruno, type BrunoItem } from '@usebruno/converters'
import { parse, stringify } from 'yaml'
import { describe, expect, it, vi } from 'vitest'
import { carried, collectionArbitrary, hasDistinctSiblingNames } from './arbitraries'
import { exportInsomniaV4 } from './insomnia'
import type { Collection, CollectionImport, CollectionItem } from './model'
import { exportOpenCollection, fileNameFor, importOpenCollection } from './opencollection'

const yaml = { parse, stringify }

function imported(files: Record<string, string>): CollectionImport {
  const result = importOpenCollection(files, yaml)
  if ('ok' in result) throw new Error(result.message)
  return result
}

/** The paths of the requests that name an operation: exactly what the export must list. */
function namedOperations(items: readonly CollectionItem[], parent = ''): string[] {
  return items.flatMap((item) => {
    const path = parent ? `${parent} / ${item.name}` : item.name
    return item.kind === 'folder' ? namedOperations(item.items, path) : item.operationName ? [path] : []
  })
}

/** Our files as the bundled document Bruno's reader takes: each file's object as written. */
function bundled(files: Record<string, string>): unknown {
  const items = (directory: string): unknown[] => {
    const names = Object.keys(files).filter((p) => p.startsWith(directory) && p !== 'opencollection.yml')
    const requests = names.filter((p) => !p.slice(directory.length).includes('/') && p.endsWith('.yml') && !p.endsWith('folder.yml')).map((p) => parse(files[p]!))
    const folders = [...new Set(names.map((p) => p.slice(directory.length)).filter((p) => p.includes('/')).map((p) => p.slice(0, p.indexOf('/'))))]
      .map((child) => ({ ...parse(files[`${directory}${child}/folder.yml`]!), items: items(`${directory}${child}/`) }))
    return [...requests, ...folders]
  }
  return { ...parse(files['opencollection.yml']!), items: items(''), bundled: true }
}

function sameAsBruno(items: readonly CollectionItem[], bruno: readonly BrunoItem[]): void {
  for (const item of items) {
    const match = bruno.find((b) => b.name === item.name && (item.kind === 'folder' ? b.type === 'folder' : b.type === 'graphql-request'))
    expect(match, item.name).toBeDefined()
    if (item.kind === 'folder') {
      sameAsBruno(item.items, match!.items ?? [])
      expect(match!.root?.docs ?? '').toBe(item.notes)
      continue
    }
    const request = match!.request!
    expect([request.method, request.url, request.body.graphql, request.docs ?? '']).toEqual(['POST', item.endpoint, { query: item.query, variables: item.variables }, item.notes])
    expect(request.headers.map((h) => [h.name, h.value, h.enabled])).toEqual(item.headers.map((h) => [h.name, h.value, true]))
  }
  // Bruno orders by seq: ours is the order of the items.
  expect([...bruno].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).map((b) => b.name)).toEqual(items.map((i) => i.name))
}

const withoutOperationNames = (collection: Collection) => carried(collection, () => ({ operationName: '' }))

describe('OpenCollection', () => {
  it('round trip: import(export(x)) = x without operation names, and the losses name exactly those', () => {
    fc.assert(
      fc.property(collectionArbitrary, (collection) => {
        const { output, losses } = exportOpenCollection(collection, yaml)
        expect(losses.map((loss) => loss.at)).toEqual(namedOperations(collection.items))
        expect(imported(output)).toEqual({ collection: withoutOperationNames(collection), losses: [] })
      }),
      // YAML parsing dominates: 100 runs take ~1.5 s.
      { numRuns: 100 },
    )
  })

  it('the .graphql file beside a request is its query (where an editor changes it)', () => {
    const { output } = exportOpenCollection({ name: 'C', notes: '', items: [{ kind: 'request', name: 'Q', endpoint: '{{baseUrl}}', query: '{ a }', variables: '', operationName: '', headers: [], notes: '' }] }, yaml)
    expect(Object.keys(output).sort()).toEqual(['Q.graphql', 'Q.yml', 'opencollection.yml'])
    const edited = imported({ ...output, 'Q.graphql': '{ a b }' })
    expect(edited.collection.items[0]).toMatchObject({ query: '{ a b }' })
  })

  it('file names: unsafe characters replaced, collisions numbered in any case', () => {
    const taken = new Set(['folder'])
    expect(['a/b', 'A-B', 'Folder', 'x: y?', 'end. ', ''].map((name) => fileNameFor(name, taken))).toEqual(['a-b', 'A-B (2)', 'Folder (2)', 'x- y-', 'end', 'untitled'])
  })

  it('Bruno reads our files as the same folders and requests, in the same order', () => {
    fc.assert(
      fc.property(collectionArbitrary.filter((c) => hasDistinctSiblingNames(c.items)), (collection) => {
        const bruno = openCollectionToBruno(bundled(exportOpenCollection(collection, yaml).output))
        expect(bruno.name).toBe(collection.name)
        sameAsBruno(collection.items, bruno.items)
      }),
      { numRuns: 60 },
    )
  })

  it('what Bruno writes (its OpenCollection of our Insomnia export) imports to the same collection', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    // Bruno 0.23's Insomnia v4 reader lists each request of a folder twice (checked by hand:
    // A/R comes back as A/[R, R]); names are distinct among siblings here, so repeats are dropped.
    const once = (items: CollectionItem[]): CollectionItem[] =>
      items.filter((item, i) => items.findIndex((other) => other.name === item.name && other.kind === item.kind) === i).map((item) => (item.kind === 'folder' ? { ...item, items: once(item.items) } : item))
    fc.assert(
      fc.property(collectionArbitrary.filter((c) => hasDistinctSiblingNames(c.items)), (collection) => {
        const written = stringify(brunoToOpenCollection(insomniaToBruno(JSON.parse(exportInsomniaV4(collection).output))))
        const back = imported({ 'opencollection.yml': written })
        // Bruno's Insomnia reader keeps no notes nor operation names, reads variables through
        // JSON.parse (a 64-bit integer loses digits) and lists folders before requests.
        const asParsed = (variables: string) => (variables ? JSON.stringify(JSON.parse(variables), null, 2) : '')
        const expected = carried(collection, (r) => ({ operationName: '', notes: '', variables: asParsed(r.variables) }))
        const byKind = (items: CollectionItem[]): CollectionItem[] => [
          ...items.filter((i) => i.kind === 'folder').map((f) => ({ ...f, notes: '', items: byKind(f.items) })),
          ...items.filter((i) => i.kind === 'request'),
        ]
        expect(once(back.collection.items)).toEqual(byKind(expected.items))
      }),
      { numRuns: 40 },
    )
  })

  it('reads a real sample: Bruno’s OpenCollection of the Insomnia app export', () => {
    const { collection, losses } = imported({ 'spacelift/opencollection.yml': readFileSync(new URL('./fixtures/opencollection-bundled.yml', import.meta.url), 'utf8') })
    expect(collection).toMatchSnapshot()
    expect(losses).toMatchSnapshot()
  })
})
