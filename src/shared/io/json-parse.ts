/**
 * Parsing a JSON body into the tree model off the main thread when it is large (a worker client:
 * a failed worker fails its jobs and is replaced on the next call).
 */
import type { JsonTreeModel } from '@/shared/core/json/json-tree'
import { scanJsonTree } from '@/shared/core/json/json-tree-scan'
import type { ParseJsonRequest, ParseJsonResponse } from './parse-json.worker'
import { createWorkerClient } from './worker-client'

/**
 * Bodies at least this long (in UTF-16 code units, ≈ bytes for JSON) are parsed in a worker: below
 * it, parsing on the main thread takes a few ms and beats the round trip to a worker.
 * @default 262144 (256 kB)
 */
export const WORKER_THRESHOLD = 256 * 1024

const client = createWorkerClient<ParseJsonRequest, ParseJsonResponse>({
  create: () => new Worker(new URL('./parse-json.worker.ts', import.meta.url), { type: 'module', name: 'parse-json' }),
  label: 'JSON worker',
})

/** Options of {@link parseJsonTree}. */
export interface ParseJsonOptions {
  /** Size from which the worker is used. @default WORKER_THRESHOLD (262144) */
  threshold?: number
  /** Abandons the wait (the worker finishes its job, the result is dropped). */
  signal?: AbortSignal
}

/**
 * Parses JSON text into a tree model: on the main thread below `threshold`, in a worker above it.
 * Rejects with a SyntaxError when the text is not JSON, with an AbortError when `signal` aborts.
 */
export function parseJsonTree(text: string, options: ParseJsonOptions = {}): Promise<JsonTreeModel> {
  const threshold = options.threshold ?? WORKER_THRESHOLD
  if (text.length < threshold || typeof Worker === 'undefined') {
    try {
      JSON.parse(text)
      return Promise.resolve(scanJsonTree(text))
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }
  return client.run<JsonTreeModel>({
    request: (id) => ({ id, text }),
    onMessage: (answer, job) => {
      if (answer.ok) job.resolve({ ...answer.model, text })
      else job.reject(new SyntaxError(answer.message))
    },
    signal: options.signal,
  })
}
