/**
 * The page's side of a stream read by the stream worker (`graphql-stream.worker.ts`), on the shared
 * worker client: one client, so one worker, per stream, so that Stop can always end it — the job
 * is asked to close its connection, and the worker is ended shortly after even if it does not
 * answer (ending a worker cancels its fetches too). A worker that ends the stream (complete or a
 * failure) is ended at once; one that crashes, cannot start or sends an unreadable message fails
 * the stream in words. Where there are no workers (node tests) the same job runs on the page.
 */
import { createWorkerClient, type WorkerFailure, type WorkerJobControl } from '@/shared/io/worker-client'
import { startStreamJob, type StreamJob, type StreamJobMessage, type StreamJobRequest, type StreamWorkerMessage, type StreamWorkerRequest } from './stream-job'

/** How long a stopped worker may take to close its connection before it is ended. */
export const STOP_GRACE_MS = 1000

/** A failed worker's message for the stream's failure. */
function failureWords(failure: WorkerFailure): string {
  return failure.kind === 'crash' ? `The stream worker stopped: ${failure.message}.` : `${failure.message}.`
}

/**
 * Starts a stream job in a worker (or here, without workers); its messages go to `onMessage`.
 * Returns the job's `ack` and `stop`.
 */
export function startStreamOffThread(start: Extract<StreamJobRequest, { type: 'start' }>, onMessage: (message: StreamJobMessage) => void): StreamJob {
  if (typeof Worker === 'undefined') return startStreamJob(start, onMessage)
  const client = createWorkerClient<StreamWorkerRequest, StreamWorkerMessage>({
    create: () => new Worker(new URL('./graphql-stream.worker.ts', import.meta.url), { type: 'module', name: 'graphql-stream' }),
    label: 'stream worker',
  })
  // Acks go through the job's control, known from its first message (an ack answers a batch).
  let control: WorkerJobControl<StreamWorkerRequest, void> | undefined
  let ended = false
  const job = client.start<void>({
    request: (id) => ({ ...start, id }),
    onMessage(message, jobControl) {
      control = jobControl
      if (message.type !== 'events') {
        ended = true
        jobControl.resolve()
        client.end()
      }
      onMessage(message)
    },
    onFailure(failure) {
      ended = true
      onMessage({ type: 'fail', message: failureWords(failure) })
    },
    cancel: { post: (id) => ({ type: 'stop', id }), result: () => undefined },
  })
  return {
    ack: () => control?.post({ type: 'ack', id: job.id }),
    stop() {
      if (ended) return
      ended = true
      job.cancel()
      setTimeout(() => client.end(), STOP_GRACE_MS)
    },
  }
}
