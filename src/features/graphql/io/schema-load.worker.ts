/// <reference lib="webworker" />
/**
 * The schema worker: introspection, JSON parsing, graphql-js's schema build and checks, the docs
 * description and the IndexedDB cache, off the main thread (the jobs: schema-jobs.ts).
 */
import { createSchemaJobs, type SchemaJobRequest } from './schema-jobs'
import { openSchemaCache } from './schema-cache'

const scope = self as unknown as DedicatedWorkerGlobalScope

let cache
try {
  cache = openSchemaCache(scope.indexedDB)
} catch {
  cache = undefined // storage refused: no cache
}
const run = createSchemaJobs({ cache, offPage: true })

scope.onmessage = (event: MessageEvent<SchemaJobRequest>) => void run(event.data, (message) => scope.postMessage(message))
