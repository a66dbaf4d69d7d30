/**
 * Runs {@link buildRateLimitTimeline} on the main thread for small pastes and in a worker for large ones.
 */
import { buildRateLimitTimeline, type RateLimitTimeline, type RateLimitTimelineOptions } from '@/features/rate-limits/core'
import type { TimelineRequest, TimelineResponse } from './timeline.worker'

/**
 * Pastes at least this long (UTF-16 code units) are built in a worker: a HAR entry is about 1–2 kB, so this is
 * roughly 50 entries, which build in a few ms on the main thread.
 * @default 65536
 */
export const TIMELINE_WORKER_THRESHOLD = 64 * 1024

let worker: Worker | undefined
let nextId = 0
const waiting = new Map<number, { resolve: (t: RateLimitTimeline) => void; fallback: () => void }>()

function getWorker(): Worker {
  if (worker) return worker
  worker = new Worker(new URL('./timeline.worker.ts', import.meta.url), { type: 'module', name: 'rate-limit-timeline' })
  worker.onmessage = (event: MessageEvent<TimelineResponse>) => {
    const job = waiting.get(event.data.id)
    waiting.delete(event.data.id)
    job?.resolve(event.data.timeline)
  }
  worker.onerror = () => {
    // A worker that cannot load (e.g. a strict host) must not lose the result: build on the main thread instead.
    for (const job of waiting.values()) job.fallback()
    waiting.clear()
    worker?.terminate()
    worker = undefined
  }
  return worker
}

/** Builds the timeline, in a worker from `threshold` characters on (when workers exist). */
export function computeTimeline(text: string, options: RateLimitTimelineOptions, threshold = TIMELINE_WORKER_THRESHOLD): Promise<RateLimitTimeline> {
  if (text.length < threshold || typeof Worker === 'undefined') return Promise.resolve(buildRateLimitTimeline(text, options))
  return new Promise((resolve) => {
    const id = ++nextId
    waiting.set(id, { resolve, fallback: () => resolve(buildRateLimitTimeline(text, options)) })
    getWorker().postMessage({ id, text, options } satisfies TimelineRequest)
  })
}
