/**
 * fast-check generators of collections, for the round-trip property tests of every format (tests
 * only: nothing in the app imports this file). Values stay in what a collection holds after
 * {@link withoutSecrets}: header values are plain or references, never a credential; variables
 * are '' or JSON laid out as the editor shows them; queries are valid GraphQL documents, so the
 * curl export can build them.
 */
import fc from 'fast-check'
import { isSecretHeader } from '../../../../shared/core/redact'
import { normalizedVariables } from './json-body'
import type { Collection, CollectionFolder, CollectionItem, CollectionRequest } from './model'

const words = ['Users', 'list', 'by ID', 'Viewer', "O'Brien", 'R&D', '(v2)', 'search, paged', 'Ünïcode', '2024', 'a-b', 'Get']

/** A display name: one to three words with spaces and common punctuation; not blank, trimmed. */
export const nameArbitrary = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' '))

const fieldName = fc.constantFrom('id', 'first', 'after', 'login', 'ids', 'input')
const jsonValue = fc.oneof(
  fc.integer(),
  fc.constant(9007199254740993n).map((n) => n.toString()),
  fc.string({ maxLength: 8 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 3 }),
)

/** Variables text: '' or a JSON object as the editor lays it out (a 64-bit integer keeps its digits). */
export const variablesArbitrary = fc.oneof(
  fc.constant(''),
  fc.dictionary(fieldName, jsonValue, { minKeys: 1, maxKeys: 3 }).map((object) => {
    // A stringified bigint is written as a bare number, so its digits are not JavaScript's.
    const text = JSON.stringify(object).replace(/"(9007199254740993)"/g, '$1')
    return normalizedVariables(text)
  }),
)

const operations = [
  { query: 'query Viewer { viewer { login } }', operationName: '' },
  { query: 'query User($login: String!) {\n  user(login: $login) {\n    id\n    name\n  }\n}\n', operationName: '' },
  { query: '{ a }', operationName: '' },
  { query: 'query A { a }\nquery B { b }', operationName: 'B' },
  { query: 'mutation Add($input: AddInput!) { add(input: $input) { id } }', operationName: '' },
  { query: '# "quoted" \\ and ünïcode ✓\nquery Q { q(s: "x\\ny") }', operationName: '' },
]

/** An endpoint: a URL or a `{{baseUrl}}` template. */
export const endpointArbitrary = fc.oneof(
  fc.constantFrom('https://api.example.com/graphql', 'http://localhost:4000/graphql', 'https://a.test/v1/graphql?tenant=acme'),
  fc.constantFrom('{{baseUrl}}/graphql', '{{baseUrl}}'),
)

const headerArbitrary = fc
  .record({
    name: fc.constantFrom('X-Request-Id', 'X-Tenant', 'Accept-Language', 'Authorization', 'X-Api-Key', 'Apollo-Require-Preflight'),
    value: fc.constantFrom('abc-123', 'acme', 'true', 'Bearer {{TOKEN}}', '{{X_API_KEY}}', 'en', 'x y.z'),
  })
  .filter((h) => !isSecretHeader(h.name, [], h.value) || /^(?:Bearer )?\{\{\w+\}\}$/.test(h.value))

/** Notes: '' or a few lines of text. */
export const notesArbitrary = fc.oneof(fc.constant(''), fc.constantFrom('Lists the viewer.', 'Two lines:\n- one\n- two', 'Uses {{baseUrl}}.'))

/** A request that a collection can hold. */
export const requestArbitrary: fc.Arbitrary<CollectionRequest> = fc.record({
  kind: fc.constant('request' as const),
  name: nameArbitrary,
  endpoint: endpointArbitrary,
  operation: fc.constantFrom(...operations),
  variables: variablesArbitrary,
  headers: fc.uniqueArray(headerArbitrary, { maxLength: 3, selector: (h) => h.name.toLowerCase() }),
  notes: notesArbitrary,
}).map(({ operation, ...rest }) => ({ ...rest, query: operation.query, operationName: operation.operationName }))

/** Items nested at most `depth` folders deep. */
function itemsArbitrary(depth: number): fc.Arbitrary<CollectionItem[]> {
  const folder: fc.Arbitrary<CollectionFolder> = fc.record({
    kind: fc.constant('folder' as const),
    name: nameArbitrary,
    notes: notesArbitrary,
    items: depth > 0 ? fc.constant(null).chain(() => itemsArbitrary(depth - 1)) : fc.constant([]),
  })
  return fc.array(depth > 0 ? fc.oneof({ weight: 3, arbitrary: requestArbitrary }, { weight: 1, arbitrary: folder }) : requestArbitrary, { maxLength: 4 })
}

/** A collection up to two folders deep. */
export const collectionArbitrary: fc.Arbitrary<Collection> = fc.record({ name: nameArbitrary, notes: notesArbitrary, items: itemsArbitrary(2) })

/** The collection without the fields a format cannot carry (to compare a round trip with). */
export function carried(collection: Collection, drop: (request: CollectionRequest) => Partial<CollectionRequest>): Collection {
  const map = (items: CollectionItem[]): CollectionItem[] =>
    items.map((item) => (item.kind === 'folder' ? { ...item, items: map(item.items) } : { ...item, ...drop(item) }))
  return { ...collection, items: map(collection.items) }
}

/** Whether no two items of a folder share a name (Bruno renames such items on import). */
export function hasDistinctSiblingNames(items: readonly CollectionItem[]): boolean {
  const names = items.map((item) => item.name)
  return new Set(names).size === names.length && items.every((item) => item.kind === 'request' || hasDistinctSiblingNames(item.items))
}
