/**
 * The page's side of the tester's send: the request goes to a dedicated worker
 * (`graphql-send.worker.ts`, running the core's `createSendJobs`), which fetches, reads and scans
 * the body, so the page has no long task however large the response. Where workers do not exist
 * (node tests) or cannot load (a host whose CSP forbids them), the page sends itself.
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
import { createWorkerClient } from '@/shared/io/worker-client'

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

const client = createWorkerClient<SendJobRequest, SendJobMessage>({
  create: () => new Worker(new URL('./graphql-send.worker.ts', import.meta.url), { type: 'module', name: 'graphql-send' }),
  label: 'request worker',
})

/**
 * Starts the send worker before the first Send, so that Send does not wait for it: created at the
 * click, the worker's start and its chunk's load put the request on the wire 40–60 ms later than
 * a worker already running (a trace of the peer bench's 5 MB response). The page calls
 * this once its sections are in. Where workers do not exist it does nothing; a worker that fails
 * to start is replaced at the next Send, which then goes from the page if that fails too.
 */
export function startSendWorker(): void {
  if (typeof Worker !== 'undefined') client.warm()
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
  if (signal?.aborted) return Promise.resolve({ outcome: { kind: 'aborted', durationMs: 0 } })
  // The worker has taken the job once it says `accepted`: from then on the request may have been
  // sent, so a failure of the worker ends it with a network error rather than sending it again.
  let accepted = false
  let parts: string[] = []
  let text: string | undefined
  return client.run<SentRequest>({
    request: (id) => {
      // Plain copies: a request or list from reactive state is a Proxy, which postMessage cannot clone.
      const plain: BuiltRequest = { url: request.url, method: request.method, headers: { ...request.headers }, body: request.body }
      const plainOptions: SendJobOptions = { ...jobOptions, ...(jobOptions.secretHeaders ? { secretHeaders: [...jobOptions.secretHeaders] } : {}) }
      return { type: 'send', id, request: plain, options: plainOptions }
    },
    onMessage(message, job) {
      switch (message.type) {
        case 'accepted':
          accepted = true
          return
        case 'body-preview':
          return options.onBodyPreview?.(message.preview)
        case 'received':
          return options.onReceived?.({ sizeBytes: message.sizeBytes, durationMs: message.durationMs })
        case 'body-text':
          // A long text comes in parts (core `TEXT_PART_CHARS`), joined in the last part's own task,
          // apart from the render that `done` starts.
          parts.push(message.part)
          if (message.last) {
            text = parts.join('')
            parts = []
          }
          return
        case 'done': {
          const { outcome } = message
          if (outcome.kind !== 'response') return job.resolve({ outcome })
          return job.resolve(withScannedBody(text === undefined ? outcome : { ...outcome, bodyText: text }, message.scanned))
        }
      }
    },
    onFailure: (failure) =>
      accepted ? { outcome: networkErrorOutcome(request, new Error(failure.message), jobOptions, true, performance.now() - started) } : sendHere(request, options),
    // Cancel answers at once; the worker stops the fetch, and its late `done` finds no job.
    signal,
    cancel: { post: (id) => ({ type: 'abort', id }), result: () => ({ outcome: { kind: 'aborted', durationMs: performance.now() - started } }) },
  })
}
