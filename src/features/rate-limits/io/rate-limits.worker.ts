/// <reference lib="webworker" />
/**
 * The rate-limit jobs off the main thread: parsing a 10,000-entry HAR or a 50,000-line paste takes from a few
 * hundred ms to seconds, which would freeze the page. The protocol is the core's
 * `answerRequest`: the input's size first (for the "Reading 10,000 entries…" status), then the result (a timeline
 * packed into typed arrays, transferred).
 */
import { answerRequest, type RateLimitWorkerRequest } from '@/features/rate-limits/core'

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = (event: MessageEvent<RateLimitWorkerRequest>) => answerRequest(event.data, (message, transfer = []) => scope.postMessage(message, transfer))
