/**
 * Runs the signature doctor: on the main thread for small requests, in a module worker for large ones. Each
 * run supersedes the one before: a run still in the worker is cancelled by ending the worker (its hashing
 * stops at once; the next run starts a new one), and its promise settles with `undefined`.
 */
import { diagnoseWebhookSignature, type DiagnoseSignatureInput, type SignatureDiagnosis } from '@/features/webhooks/core'
import { createWorkerClient, type WorkerJob } from '@/shared/io/worker-client'

/** A request to the doctor's worker. */
export interface DoctorWorkerRequest {
  id: number
  input: DiagnoseSignatureInput
}

/** The worker's answer: the diagnosis, or why it failed. */
export type DoctorWorkerAnswer = { id: number; diagnosis: SignatureDiagnosis; error?: undefined } | { id: number; error: string; diagnosis?: undefined }

/**
 * Requests whose body and headers hold at least this many characters are diagnosed in the worker: below it the
 * check takes a few ms, less than starting a worker.
 * @default 65536
 */
export const DOCTOR_WORKER_THRESHOLD = 64 * 1024

/** How many characters the request holds (body and header values). */
export function requestSize(input: DiagnoseSignatureInput): number {
  if (typeof input.request === 'string') return input.request.length
  const headers = Array.isArray(input.request.headers) ? input.request.headers : Object.entries(input.request.headers)
  return input.request.body.length + headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0)
}

const client = createWorkerClient<DoctorWorkerRequest, DoctorWorkerAnswer>({
  create: () => new Worker(new URL('./webhooks-doctor.worker.ts', import.meta.url), { type: 'module', name: 'webhooks-doctor' }),
  label: 'signature doctor worker',
})

/** The run in the worker, until it settles. */
let running: WorkerJob<SignatureDiagnosis | undefined> | undefined

/** Cancels the run in progress, if any (its promise settles with `undefined`). */
export function cancelDiagnosis(): void {
  running?.cancel()
  running = undefined
}

/**
 * Diagnoses `input`, in the worker from `threshold` characters on (where workers exist), after cancelling any
 * run still in progress.
 * @returns the diagnosis, or `undefined` when a newer run (or {@link cancelDiagnosis}) superseded this one
 */
export function runDiagnosis(input: DiagnoseSignatureInput, threshold = DOCTOR_WORKER_THRESHOLD): Promise<SignatureDiagnosis | undefined> {
  cancelDiagnosis()
  if (typeof Worker === 'undefined' || requestSize(input) < threshold) return diagnoseWebhookSignature(input)
  const job = client.start<SignatureDiagnosis | undefined>({
    request: (id) => ({ id, input }),
    onMessage: (answer, run) => (answer.diagnosis ? run.resolve(answer.diagnosis) : run.reject(new Error(answer.error))),
    // A worker that cannot load (a host whose CSP forbids it) must not lose the verdict: the main thread runs it.
    onFailure: () => diagnoseWebhookSignature(input),
    // Ending the worker stops its hashing at once; the next run starts a new one.
    cancel: { endWorker: true, result: () => undefined },
  })
  running = job
  const forget = () => {
    if (running === job) running = undefined
  }
  void job.result.then(forget, forget)
  return job.result
}
