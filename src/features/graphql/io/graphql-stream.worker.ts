/// <reference lib="webworker" />
/**
 * Streams off the main thread: the stream worker reads, frames, parses and summarises a stream's
 * events (see `startStreamJob`), so a flood, a burst or a huge event costs the page no long task;
 * the page renders the batches and acknowledges each, and Stop reaches the job between reads.
 * Every message names its job by `id` (the page's worker client matches them).
 */
import { startStreamJob, type StreamJob, type StreamWorkerMessage, type StreamWorkerRequest } from './stream-job'
import { STOP_HOLD_MS } from './stream-job-ws'

const scope = self as unknown as DedicatedWorkerGlobalScope
const jobs = new Map<number, StreamJob>()

scope.onmessage = (event: MessageEvent<StreamWorkerRequest>) => {
  const message = event.data
  const { id } = message
  if (message.type === 'start') {
    if (jobs.has(id)) return
    let ended = false
    const job = startStreamJob(
      message,
      (out) => {
        if (out.type !== 'events') {
          ended = true
          jobs.delete(id)
        }
        scope.postMessage({ ...out, id } satisfies StreamWorkerMessage)
      },
      // This thread is the worker's: a WebSocket job may hold it after its close (STOP_HOLD_MS).
      { holdAfterEndMs: STOP_HOLD_MS },
    )
    if (!ended) jobs.set(id, job)
  } else if (message.type === 'ack') jobs.get(id)?.ack()
  else {
    jobs.get(id)?.stop()
    jobs.delete(id)
  }
}
