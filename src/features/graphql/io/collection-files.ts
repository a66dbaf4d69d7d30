/**
 * The page's client of the collection-files worker (import, export, folder reads and writes): a
 * failed worker fails its jobs and is replaced on the next call.
 */
import { createWorkerClient } from '@/shared/io/worker-client'
import type { CollectionFilesMessage, CollectionFilesRequest, CollectionFilesResults } from './collection-files.worker'

const client = createWorkerClient<CollectionFilesRequest, CollectionFilesMessage>({
  create: () => new Worker(new URL('./collection-files.worker.ts', import.meta.url), { type: 'module', name: 'collection-files' }),
  label: 'collection files worker',
})

type Job = CollectionFilesRequest extends infer R ? (R extends { type: infer T } ? Omit<R, 'id'> & { type: T } : never) : never

/** Runs `job` in the worker; rejects with the worker's message when it failed. */
export function collectionFilesJob<J extends Job>(job: J): Promise<CollectionFilesResults[J['type']]> {
  return client.run<CollectionFilesResults[J['type']]>({
    request: (id) => ({ ...job, id }) as CollectionFilesRequest,
    onMessage: (answer, running) => {
      if (answer.ok) running.resolve(answer.value as CollectionFilesResults[J['type']])
      else running.reject(new Error(answer.message))
    },
  })
}
