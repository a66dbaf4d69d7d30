/// <reference lib="webworker" />
/**
 * The tester's sends off the main thread: the core's `createSendJobs` fetches, reads,
 * checks and scans the body here, so a 5 MB, 30 MB or 100 MB response costs the page no long task.
 */
import { createSendJobs, type SendJobRequest } from '@/features/graphql/core/request/send-job'

const scope = self as unknown as DedicatedWorkerGlobalScope

// Resource Timing keeps 250 entries per global: without room, later sends would lose their phases.
// Clearing in this event is the spec's way to make room (the entry that did not fit is then added).
scope.performance.addEventListener('resourcetimingbufferfull', () => scope.performance.clearResourceTimings())

const answer = createSendJobs()

scope.onmessage = (event: MessageEvent<SendJobRequest>) => void answer(event.data, (message, transfer = []) => scope.postMessage(message, transfer))
