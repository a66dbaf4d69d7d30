/// <reference lib="webworker" />
/**
 * The signature doctor off the main thread: a diagnosis of a megabytes-long body hashes it several times and
 * would block the page for seconds. One request in, its diagnosis out; the page ends the worker to cancel.
 */
import { diagnoseWebhookSignature } from '@/features/webhooks/core'
import type { DoctorWorkerRequest, DoctorWorkerAnswer } from './doctor-runner'

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = async (event: MessageEvent<DoctorWorkerRequest>) => {
  const { id, input } = event.data
  try {
    const answer: DoctorWorkerAnswer = { id, diagnosis: await diagnoseWebhookSignature(input) }
    scope.postMessage(answer)
  } catch (error) {
    const answer: DoctorWorkerAnswer = { id, error: error instanceof Error ? error.message : String(error) }
    scope.postMessage(answer)
  }
}
