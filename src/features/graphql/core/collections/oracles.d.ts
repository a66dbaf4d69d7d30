/**
 * Types for the test oracles that ship none: Bruno's converters (`@usebruno/converters`, exact
 * version in package.json), typed as far as the tests read them; and Postman's SDK, whose types
 * ship in the package (`types/index.d.ts`) without package.json naming them.
 */
// An ambient `declare module` file cannot be imported: a reference is the only way to include it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../../node_modules/postman-collection/types/index.d.ts" />
declare module '@usebruno/converters' {
  /** An item of a Bruno collection (a folder, or a request with its body). */
  export interface BrunoItem {
    name: string
    type: string
    seq?: number
    items?: BrunoItem[]
    request?: {
      url: string
      method: string
      headers: { name: string; value: string; enabled: boolean }[]
      body: { mode: string; graphql?: { query: string; variables: string } | null }
      docs?: string
    }
    root?: { docs?: string }
  }
  /** A Bruno collection. */
  export interface BrunoCollection {
    name: string
    items: BrunoItem[]
  }
  /** Bruno's Insomnia importer (v4 JSON object or v5 YAML text). */
  export function insomniaToBruno(collection: unknown): BrunoCollection
  /** Bruno's Postman importer. */
  export function postmanToBruno(collection: unknown): Promise<BrunoCollection>
  /** A Bruno collection as a bundled OpenCollection document (`items` inline). */
  export function brunoToOpenCollection(collection: BrunoCollection): unknown
  /** A bundled OpenCollection document as a Bruno collection. */
  export function openCollectionToBruno(document: unknown): BrunoCollection
}

declare module 'har-schema' {
  /** The HAR 1.2 JSON schemas (draft-06), keyed by name (`har`, `log`, `entry`…), each with its `$id`. */
  const schemas: Record<string, object>
  export default schemas
}
