/// <reference lib="webworker" />
/**
 * Streams off the main thread: one worker per running stream reads, frames, parses and summarises
 * its events (see `startStreamJob`), so a flood, a burst or a huge event costs the page no long
 * task; the page renders the batches and acknowledges each, and Stop reaches the job between reads.
 */
import { startStreamJob, type StreamJob, type StreamJobRequest } from './stream-job'

const scope = self as unknown as DedicatedWorkerGlobalScope
let job: StreamJob | undefined

scope.onmessage = (event: MessageEvent<StreamJobRequest>) => {
  const message = event.data
  if (message.type === 'start') job ??= startStreamJob(message, (out) => scope.postMessage(out))
  else if (message.type === 'ack') job?.ack()
  else job?.stop()
}
