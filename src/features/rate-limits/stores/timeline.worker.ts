/// <reference lib="webworker" />
/**
 * Builds the rate-limit timeline off the main thread: a 10,000-entry HAR takes seconds to parse, which would
 * freeze the page. Dates survive structured cloning, so the timeline travels back as is.
 */
import { buildRateLimitTimeline, type RateLimitTimeline, type RateLimitTimelineOptions } from '@/features/rate-limits/core'

/** A request from `computeTimeline`. */
export interface TimelineRequest {
  id: number
  text: string
  options: RateLimitTimelineOptions
}

/** The worker's answer (the builder never throws, so there is no error case). */
export interface TimelineResponse {
  id: number
  timeline: RateLimitTimeline
}

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = (event: MessageEvent<TimelineRequest>) => {
  const { id, text, options } = event.data
  scope.postMessage({ id, timeline: buildRateLimitTimeline(text, options) } satisfies TimelineResponse)
}
