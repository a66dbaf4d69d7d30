/**
 * The page's side of the tester's send: the request goes to a dedicated worker
 * (`graphql-send.worker.ts`, running the core's `createSendJobs`), which fetches, reads and scans
 * the body, so the page has no long task however large the response. Where workers do not exist
 * (node tests) or cannot load (a host whose CSP forbids them), the page sends itself, as before.
 */
import {
  networkErrorOutcome,
  previewOfBodyStart,
  sendGraphQLRequest,
  type BodyStart,
  type BuiltRequest,
  type GraphQLOutcome,
  type SendJobMessage,
  type SendJobOptions,
  type SendJobRequest,
} from '@/features/graphql/core/request'
import { readBody, withScannedBody } from './graphql-body'
import type { JsonPreview } from '@/shared/core/json/json-prefix'
import type { JsonTreeModel } from '@/shared/core/json/json-tree'

/** Options of {@link sendRequest}: the core's send options, plus what stays on the page. */
export interface SendRequestOptions extends SendJobOptions {
  /** Cancels the request: it resolves `aborted` at once. @default undefined */
  signal?: AbortSignal
  /** The tree of a large JSON body's start, while the rest arrives (core `previewOfBodyStart`). @default undefined */
  onBodyPreview?: (preview: JsonPreview) => void
  /** A JSON body has arrived and is being scanned into its tree (a 30 MB one takes a while). @default undefined */
  onReceived?: (received: { sizeBytes: number; durationMs: number }) => void
}

/** The outcome (with `json` set as the core would) and, for a JSON body, its tree. */
export interface SentRequest {
  outcome: GraphQLOutcome
  model?: JsonTreeModel
}

interface Job {
  options: SendRequestOptions
  resolve: (sent: SentRequest) => void
  /** The worker has taken the job: from then on it may have been sent, so it is never re-sent. */
  accepted: boolean
  /** The body text's parts so far (a long one comes in parts, see core `TEXT_PART_CHARS`). */
  parts: string[]
  /** The parts joined, once the last has come. */
  text?: string
  /** The same job on the page, when the worker could not take it. */
  sendHere: () => void
  /** The worker stopped after taking the job. */
  fail: (message: string) => void
}

let worker: Worker | undefined
let nextId = 0
const jobs = new Map<number, Job>()

function getWorker(): Worker {
  if (worker) return worker
  const created = new Worker(new URL('./graphql-send.worker.ts', import.meta.url), { type: 'module', name: 'graphql-send' })
  worker = created
  worker.onmessage = (event: MessageEvent<SendJobMessage>) => {
    const message = event.data
    const job = jobs.get(message.id)
    if (!job) return
    switch (message.type) {
      case 'accepted':
        job.accepted = true
        return
      case 'body-preview':
        return job.options.onBodyPreview?.(message.preview)
      case 'received':
        return job.options.onReceived?.({ sizeBytes: message.sizeBytes, durationMs: message.durationMs })
      case 'body-text':
        job.parts.push(message.part)
        // Joined in the last part's own task, apart from the render that `done` starts.
        if (message.last) {
          job.text = job.parts.join('')
          job.parts = []
        }
        return
      case 'done': {
        jobs.delete(message.id)
        const { outcome } = message
        if (outcome.kind !== 'response') return job.resolve({ outcome })
        return job.resolve(withScannedBody(job.text === undefined ? outcome : { ...outcome, bodyText: job.text }, message.scanned))
      }
    }
  }
  worker.onerror = (event) => {
    event.preventDefault()
    stopWorker(created, event.message || 'The request worker stopped')
  }
  // A message that cannot be read (deserializing it failed) names no job: without this the job it
  // belonged to would wait forever, its Cancel the only way out.
  worker.onmessageerror = () => stopWorker(created, 'A message from the request worker could not be read')
  return worker
}

/**
 * Ends every job of a worker that failed: one it had taken may have been sent, so it ends with a
 * network error saying `message`; one it had not is sent from the page. The next send starts a
 * new worker; a late event of a worker already replaced changes nothing.
 */
function stopWorker(failed: Worker, message: string): void {
  if (failed !== worker) return
  for (const job of jobs.values()) {
    if (job.accepted) job.fail(message)
    else job.sendHere()
  }
  jobs.clear()
  worker?.terminate()
  worker = undefined
}

/**
 * Starts the send worker before the first Send, so that Send does not wait for it: created at the
 * click, the worker's start and its chunk's load put the request on the wire 40–60 ms later than
 * a worker already running (a trace of the peer bench's 5 MB response). The page calls
 * this once its sections are in. Where workers do not exist it does nothing; a worker that fails
 * to start is replaced at the next Send, which then goes from the page if that fails too.
 */
export function startSendWorker(): void {
  if (typeof Worker === 'undefined') return
  try {
    getWorker()
  } catch {
    // The first Send tries again, and sends from the page when it cannot.
  }
}

/** Sends on the page itself: the core's send, then the body read (in the JSON worker when large). */
async function sendHere(request: BuiltRequest, options: SendRequestOptions): Promise<SentRequest> {
  const { signal, onBodyPreview, onReceived, ...jobOptions } = options
  const onBodyStart = onBodyPreview && ((start: BodyStart) => {
    const preview = previewOfBodyStart(start)
    if (preview) onBodyPreview(preview)
  })
  const outcome = await sendGraphQLRequest(request, { ...jobOptions, ...(signal ? { signal } : {}), ...(onBodyStart ? { onBodyStart } : {}), parseJson: false })
  if (outcome.kind !== 'response') return { outcome }
  onReceived?.({ sizeBytes: outcome.sizeBytes, durationMs: outcome.durationMs })
  return readBody(outcome)
}

/**
 * Sends `request` (in the send worker where there is one) and reads its body. Never rejects: like
 * `sendGraphQLRequest`, every ending is an outcome.
 */
export function sendRequest(request: BuiltRequest, options: SendRequestOptions = {}): Promise<SentRequest> {
  if (typeof Worker === 'undefined') return sendHere(request, options)
  const { signal, onBodyPreview: _preview, onReceived: _received, ...jobOptions } = options
  const started = performance.now()
  return new Promise<SentRequest>((resolve) => {
    if (signal?.aborted) return resolve({ outcome: { kind: 'aborted', durationMs: 0 } })
    const id = ++nextId
    let target: Worker
    try {
      target = getWorker()
    } catch {
      return resolve(sendHere(request, options))
    }
    // Cancel answers at once; the worker stops the fetch, and its late `done` finds no job.
    signal?.addEventListener(
      'abort',
      () => {
        if (!jobs.delete(id)) return
        target.postMessage({ type: 'abort', id } satisfies SendJobRequest)
        resolve({ outcome: { kind: 'aborted', durationMs: performance.now() - started } })
      },
      { once: true },
    )
    jobs.set(id, {
      options,
      resolve,
      accepted: false,
      parts: [],
      sendHere: () => resolve(sendHere(request, options)),
      fail: (message) => resolve({ outcome: networkErrorOutcome(request, new Error(message), jobOptions, true, performance.now() - started) }),
    })
    try {
      // Plain copies: a request or list from reactive state is a Proxy, which postMessage cannot clone.
      const plain: BuiltRequest = { url: request.url, method: request.method, headers: { ...request.headers }, body: request.body }
      const plainOptions: SendJobOptions = { ...jobOptions, ...(jobOptions.secretHeaders ? { secretHeaders: [...jobOptions.secretHeaders] } : {}) }
      target.postMessage({ type: 'send', id, request: plain, options: plainOptions } satisfies SendJobRequest)
    } catch {
      jobs.delete(id)
      resolve(sendHere(request, options))
    }
  })
}
