/**
 * Parsing a JSON body into the tree model off the main thread when it is large: one module worker,
 * jobs by id, a failed worker fails its jobs and is replaced on the next call.
 */
import type { JsonTreeModel } from '@/shared/core/json/json-tree'
import { scanJsonTree } from '@/shared/core/json/json-tree-scan'
import type { ParseJsonRequest, ParseJsonResponse } from './parse-json.worker'

/**
 * Bodies at least this long (in UTF-16 code units, ≈ bytes for JSON) are parsed in a worker: below
 * it, parsing on the main thread takes a few ms and beats the round trip to a worker.
 * @default 262144 (256 kB)
 */
export const WORKER_THRESHOLD = 256 * 1024

let worker: Worker | undefined
let nextId = 0
const pending = new Map<number, { text: string; resolve: (model: JsonTreeModel) => void; reject: (error: Error) => void }>()

function getWorker(): Worker {
  if (worker) return worker
  const created = new Worker(new URL('./parse-json.worker.ts', import.meta.url), { type: 'module', name: 'parse-json' })
  worker = created
  worker.onmessage = (event: MessageEvent<ParseJsonResponse>) => {
    const job = pending.get(event.data.id)
    pending.delete(event.data.id)
    if (!job) return
    if (event.data.ok) job.resolve({ ...event.data.model, text: job.text })
    else job.reject(new SyntaxError(event.data.message))
  }
  worker.onerror = (event) => stopWorker(created, event.message || 'The JSON worker failed')
  // A message that cannot be read names no job: fail them all rather than leave one waiting forever.
  worker.onmessageerror = () => stopWorker(created, 'A message from the JSON worker could not be read')
  return worker
}

/**
 * A worker that fails to load (or crashes) fails every job waiting on it; the next call starts a
 * new one. A late event of a worker already replaced changes nothing.
 */
function stopWorker(failed: Worker, message: string): void {
  if (failed !== worker) return
  for (const job of pending.values()) job.reject(new Error(message))
  pending.clear()
  worker?.terminate()
  worker = undefined
}

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
  return new Promise<JsonTreeModel>((resolve, reject) => {
    const id = ++nextId
    const { signal } = options
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'))
    signal?.addEventListener('abort', () => {
      pending.delete(id)
      reject(new DOMException('Aborted', 'AbortError'))
    }, { once: true })
    pending.set(id, { text, resolve, reject })
    getWorker().postMessage({ id, text } satisfies ParseJsonRequest)
  })
}
