/**
 * Runs the rate-limit jobs (core `runRateLimitJob`): on the main thread for small pastes, in a module worker
 * for large ones, with the input's size reported while the worker reads it.
 */
import { resultOf, runRateLimitJob, type InputSize, type RateLimitJob, type RateLimitJobResult, type RateLimitWorkerMessage } from '@/features/rate-limits/core'

/**
 * Pastes at least this long (UTF-16 code units) are handled in a worker: about 50 HAR entries or 2,000 header
 * lines, which take a few ms on the main thread — less than the round trip to a worker.
 * @default 65536
 */
export const WORKER_THRESHOLD = 64 * 1024

/** Whether a job on `text` goes to the worker: from `threshold` characters on, where workers exist (not in Node). */
export function runsInWorker(text: string, threshold: number = WORKER_THRESHOLD): boolean {
  return text.length >= threshold && typeof Worker !== 'undefined'
}

/** Options of {@link runJob}. */
export interface RunJobOptions {
  /** Size from which the worker is used. @default WORKER_THRESHOLD */
  threshold?: number
  /** Called once the worker has measured the input (never for main-thread jobs). */
  onSize?: (size: InputSize) => void
}

interface Waiting {
  resolve: (result: RateLimitJobResult) => void
  reject: (error: Error) => void
  onSize?: (size: InputSize) => void
  /** The same job on the main thread, when the worker cannot run at all. */
  fallback: () => void
}

let worker: Worker | undefined
let nextId = 0
const waiting = new Map<number, Waiting>()

function getWorker(): Worker {
  if (worker) return worker
  const created = new Worker(new URL('./rate-limits.worker.ts', import.meta.url), { type: 'module', name: 'rate-limits' })
  worker = created
  worker.onmessage = (event: MessageEvent<RateLimitWorkerMessage>) => {
    const message = event.data
    const job = waiting.get(message.id)
    if (!job) return
    if (message.type === 'size') return job.onSize?.(message.size)
    waiting.delete(message.id)
    if (message.type === 'error') job.reject(new Error(message.message))
    else job.resolve(resultOf(message))
  }
  worker.onerror = () => stopWorker(created)
  // A message that cannot be read names no job: redo them all here rather than leave one waiting.
  worker.onmessageerror = () => stopWorker(created)
  return worker
}

/**
 * A worker that cannot load (e.g. a host whose CSP forbids it) or whose answer cannot be read must
 * not lose the result: the main thread does the jobs. The next job starts a new worker; a late
 * event of a worker already replaced changes nothing.
 */
function stopWorker(failed: Worker): void {
  if (failed !== worker) return
  for (const job of waiting.values()) job.fallback()
  waiting.clear()
  worker?.terminate()
  worker = undefined
}

/**
 * Runs `job`, in a worker from `threshold` characters on (when workers exist). Resolves with the job's result;
 * rejects only if the core throws (it is built and property-tested not to).
 */
export function runJob<J extends RateLimitJob>(job: J, options: RunJobOptions = {}): Promise<RateLimitJobResult<J['kind']>> {
  if (!runsInWorker(job.text, options.threshold)) {
    try {
      return Promise.resolve(runRateLimitJob(job))
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
  }
  return new Promise((resolve, reject) => {
    const id = ++nextId
    const done = resolve as (result: RateLimitJobResult) => void
    waiting.set(id, { resolve: done, reject, onSize: options.onSize, fallback: () => done(runRateLimitJob(job)) })
    getWorker().postMessage({ id, job })
  })
}
