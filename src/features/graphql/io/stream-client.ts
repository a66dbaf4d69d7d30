/**
 * The page's side of a stream read by the stream worker (`graphql-stream.worker.ts`): one worker
 * per stream, so Stop can always end it — the job is asked to close its connection, and the worker
 * is ended shortly after even if it does not answer (ending a worker cancels its fetches too).
 * Where there are no workers (node tests) the same job runs on the page.
 */
import { startStreamJob, type StreamJob, type StreamJobMessage, type StreamJobRequest } from './stream-job'

/** How long a stopped worker may take to close its connection before it is ended. */
const STOP_GRACE_MS = 1000

/**
 * Starts a stream job in a worker (or here, without workers); its messages go to `onMessage`.
 * Returns the job's `ack` and `stop`.
 */
export function startStreamOffThread(start: Extract<StreamJobRequest, { type: 'start' }>, onMessage: (message: StreamJobMessage) => void): StreamJob {
  if (typeof Worker === 'undefined') return startStreamJob(start, onMessage)
  const worker = new Worker(new URL('./graphql-stream.worker.ts', import.meta.url), { type: 'module', name: 'graphql-stream' })
  let stopped = false
  const end = () => {
    stopped = true
    worker.terminate()
  }
  worker.onmessage = (event: MessageEvent<StreamJobMessage>) => {
    if (stopped) return
    const message = event.data
    if (message.type !== 'events') end()
    onMessage(message)
  }
  worker.onerror = (event) => {
    event.preventDefault()
    if (stopped) return
    end()
    onMessage({ type: 'fail', message: `The stream worker stopped: ${event.message || 'it failed to load or run'}.` })
  }
  worker.onmessageerror = () => {
    if (stopped) return
    end()
    onMessage({ type: 'fail', message: 'A message from the stream worker could not be read.' })
  }
  worker.postMessage(start satisfies StreamJobRequest)
  return {
    ack: () => void (stopped || worker.postMessage({ type: 'ack' } satisfies StreamJobRequest)),
    stop() {
      if (stopped) return
      stopped = true
      worker.postMessage({ type: 'stop' } satisfies StreamJobRequest)
      setTimeout(() => worker.terminate(), STOP_GRACE_MS)
    },
  }
}
