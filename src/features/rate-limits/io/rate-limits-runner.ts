/**
 * Runs the rate-limit jobs (core `runRateLimitJob`): on the main thread for small pastes, in a module worker
 * for large ones, with the input's size reported while the worker reads it.
 */
import { ResultAssembler, resultOf, runRateLimitJob, type InputSize, type RateLimitJob, type RateLimitJobResult, type RateLimitWorkerMessage, type RateLimitWorkerRequest } from '@/features/rate-limits/core'
import { createWorkerClient } from '@/shared/io/worker-client'

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

const client = createWorkerClient<RateLimitWorkerRequest, RateLimitWorkerMessage>({
  create: () => new Worker(new URL('./rate-limits.worker.ts', import.meta.url), { type: 'module', name: 'rate-limits' }),
  label: 'rate-limit worker',
})

/**
 * Starts the worker before the first large paste, so that paste does not wait for it: made at the
 * paste, the worker's start and its chunk's load came before the parse (the page calls this once its
 * sections are in, as the GraphQL page does its send worker). Where workers do not exist it does
 * nothing; a worker that fails to start is replaced at the next job, which then runs on the page if
 * that fails too.
 */
export function startRateLimitWorker(): void {
  if (typeof Worker !== 'undefined') client.warm()
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
  // A large result comes in parts, each read by the page in a task of its own; they are joined at the end.
  const parts = new ResultAssembler()
  return client.run({
    request: (id) => ({ id, job }),
    onMessage(message, running) {
      if (message.type === 'size') return options.onSize?.(message.size)
      if (message.type === 'part') return parts.add(message)
      if (message.type === 'error') running.reject(new Error(message.message))
      else running.resolve(parts.join(resultOf(message)) as RateLimitJobResult<J['kind']>)
    },
    // A worker that cannot load (e.g. a host whose CSP forbids it) or whose answer cannot be read
    // must not lose the result: the main thread does the job.
    onFailure: () => runRateLimitJob(job),
  })
}
