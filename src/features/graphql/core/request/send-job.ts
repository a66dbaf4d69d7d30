/**
 * The tester's send as a job for a dedicated worker (issue 16.2). Fetching a 5 MB body on the page
 * cost it 50–250 ms tasks of Chromium's own (moving the body's bytes from the network into the
 * page), which no yielding in our code avoids: a bare `fetch` + reader on the page has them too,
 * the same fetch in a worker leaves the page none. So the worker fetches, reads, checks and scans
 * the JSON; the page gets the outcome, the body's text (one string, copied) and the tree's columns
 * (transferred). This is the worker's side of the protocol, framework-free, so node tests drive it
 * with a fake fetch; the page's side is the tester store's `sendRequest`.
 */
import { modelBuffers, type JsonTreeModel } from '../../../../shared/core/json/json-tree'
import { scanJsonTree } from '../../../../shared/core/json/json-tree-scan'
import type { BuiltRequest } from './build'
import { isJsonMediaType, sendGraphQLRequest, type BodyStart, type GraphQLOutcome, type ResponseOutcome, type SendOptions } from './send'
import type { PerformanceLike } from './timing'

/** The send options that cross to the worker (plain data: no signal, no callbacks). */
export type SendJobOptions = Pick<SendOptions, 'timeoutMs' | 'online' | 'pageOrigin' | 'secretHeaders' | 'credentials'>

/** A message to the worker: send a request, or abort the one with this `id`. */
export type SendJobRequest = { type: 'send'; id: number; request: BuiltRequest; options: SendJobOptions } | { type: 'abort'; id: number }

/** A JSON body's tree, scanned where the body was read; `ok: false` when it is not JSON. */
export type ScannedBody = { ok: true; model: Omit<JsonTreeModel, 'text'> } | { ok: false; message: string }

/**
 * The worker's messages about job `id`, in this order:
 * - `accepted` at once (before anything is sent: until then the page may send the job itself);
 * - `body-start` while a large body arrives (see `SendOptions.onBodyStart`), at most once;
 * - `received` when a body to scan has arrived, before the scan (the page shows it is formatting);
 * - `done` with the outcome (`parseJson` off: no `json`) and, for a JSON body, its tree.
 */
export type SendJobMessage =
  | { type: 'accepted'; id: number }
  | { type: 'body-start'; id: number; start: BodyStart }
  | { type: 'received'; id: number; sizeBytes: number; durationMs: number }
  | { type: 'done'; id: number; outcome: GraphQLOutcome; scanned?: ScannedBody }

/** Posts a message to the page, transferring `transfer`. */
export type PostSendJobMessage = (message: SendJobMessage, transfer?: Transferable[]) => void

/** What {@link createSendJobs} sends with. */
export interface SendJobEnvironment {
  /** @default globalThis.fetch */
  fetch?: typeof fetch
  /** @default globalThis.performance */
  performance?: PerformanceLike
}

/**
 * Whether a response's body is scanned as JSON: not cut by the size guard, declared JSON (or
 * undeclared: a body that then fails to parse is just text), and not blank. The same rule as the
 * page's `readBody`.
 */
export function isScannableBody(outcome: ResponseOutcome): boolean {
  return !outcome.bodyTruncated && (isJsonMediaType(outcome.mediaType) || outcome.mediaType === '') && outcome.bodyText.trim() !== ''
}

/** Checks `text` with `JSON.parse` (for the browser's own message when it is not JSON) and scans its tree. */
export function scanBody(text: string): ScannedBody {
  try {
    JSON.parse(text)
    const { text: _text, ...model } = scanJsonTree(text)
    return { ok: true, model }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * The worker's job runner: `answer(message, post)` handles one message from the page. A `send`
 * runs `sendGraphQLRequest` and reports through `post` as {@link SendJobMessage} says; an `abort`
 * stops the job with that id (its `done` then says `aborted`, unless it had already finished).
 */
export function createSendJobs(environment: SendJobEnvironment = {}): (message: SendJobRequest, post: PostSendJobMessage) => Promise<void> {
  const controllers = new Map<number, AbortController>()
  return async function answer(message, post) {
    if (message.type === 'abort') {
      controllers.get(message.id)?.abort()
      return
    }
    const { id } = message
    const controller = new AbortController()
    controllers.set(id, controller)
    post({ type: 'accepted', id })
    try {
      const outcome = await sendGraphQLRequest(message.request, {
        ...message.options,
        ...environment,
        signal: controller.signal,
        parseJson: false,
        onBodyStart: (start) => post({ type: 'body-start', id, start }),
      })
      if (outcome.kind !== 'response' || !isScannableBody(outcome)) return post({ type: 'done', id, outcome })
      post({ type: 'received', id, sizeBytes: outcome.sizeBytes, durationMs: outcome.durationMs })
      const scanned = scanBody(outcome.bodyText)
      post({ type: 'done', id, outcome, scanned }, scanned.ok ? modelBuffers(scanned.model) : [])
    } finally {
      controllers.delete(id)
    }
  }
}
