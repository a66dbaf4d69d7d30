/**
 * Runs the signature doctor: on the main thread for small requests, in a module worker for large ones. Each
 * run supersedes the one before: a run still in the worker is cancelled by ending the worker (its hashing
 * stops at once; the next run starts a new one), and its promise settles with `undefined`.
 */
import { diagnoseWebhookSignature, type DiagnoseSignatureInput, type SignatureDiagnosis } from '@/features/webhooks/core'

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

interface Running {
  id: number
  settle: (diagnosis: SignatureDiagnosis | undefined) => void
  fail: (error: Error) => void
  /** The same run on the main thread, when the worker cannot run at all. */
  fallback: () => void
}

let worker: Worker | undefined
let running: Running | undefined
let nextId = 0

function endWorker(): void {
  worker?.terminate()
  worker = undefined
}

function getWorker(): Worker {
  if (worker) return worker
  const created = new Worker(new URL('./webhooks-doctor.worker.ts', import.meta.url), { type: 'module', name: 'webhooks-doctor' })
  worker = created
  created.onmessage = (event: MessageEvent<DoctorWorkerAnswer>) => {
    const answer = event.data
    if (!running || answer.id !== running.id) return
    const run = running
    running = undefined
    if (answer.diagnosis) run.settle(answer.diagnosis)
    else run.fail(new Error(answer.error))
  }
  // A worker that cannot load (a host whose CSP forbids it) must not lose the verdict: the main thread runs it.
  const failed = () => {
    if (created !== worker) return
    endWorker()
    const run = running
    running = undefined
    run?.fallback()
  }
  created.onerror = failed
  created.onmessageerror = failed
  return created
}

/** Cancels the run in progress, if any (its promise settles with `undefined`). */
export function cancelDiagnosis(): void {
  if (!running) return
  const run = running
  running = undefined
  endWorker()
  run.settle(undefined)
}

/**
 * Diagnoses `input`, in the worker from `threshold` characters on (where workers exist), after cancelling any
 * run still in progress.
 * @returns the diagnosis, or `undefined` when a newer run (or {@link cancelDiagnosis}) superseded this one
 */
export function runDiagnosis(input: DiagnoseSignatureInput, threshold = DOCTOR_WORKER_THRESHOLD): Promise<SignatureDiagnosis | undefined> {
  cancelDiagnosis()
  if (typeof Worker === 'undefined' || requestSize(input) < threshold) return diagnoseWebhookSignature(input)
  return new Promise((resolve, reject) => {
    const id = ++nextId
    const fallback = () => void diagnoseWebhookSignature(input).then(resolve, reject)
    running = { id, settle: resolve, fail: reject, fallback }
    const request: DoctorWorkerRequest = { id, input }
    getWorker().postMessage(request)
  })
}
