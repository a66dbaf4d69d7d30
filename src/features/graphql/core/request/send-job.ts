/**
 * The tester's send as a job for a dedicated worker. Fetching a 5 MB body on the page
 * cost it 50–250 ms tasks of Chromium's own (moving the body's bytes from the network into the
 * page), which no yielding in our code avoids: a bare `fetch` + reader on the page has them too,
 * the same fetch in a worker leaves the page none. So the worker fetches, reads, checks and scans
 * the JSON; the page gets the outcome, the body's text (one string, copied) and the tree's columns
 * (transferred). This is the worker's side of the protocol, framework-free, so node tests drive it
 * with a fake fetch; the page's side is the tester store's `sendRequest`.
 */
import { previewJsonTree, type JsonPreview } from '../../../../shared/core/json/json-prefix'
import { modelBuffers } from '../../../../shared/core/json/json-tree'
import { openTree, type TreeOpening } from '../../../../shared/core/json/json-tree-view'
import { scanJson, type ScannedJson } from '../../../../shared/core/json/json-tree-scan'
import type { BuiltRequest } from './build'
import { isJsonMediaType, sendGraphQLRequest, type BodyStart, type GraphQLOutcome, type ResponseOutcome, type SendOptions } from './send'
import type { PerformanceLike } from './timing'

/** The send options that cross to the worker (plain data: no signal, no callbacks). */
export type SendJobOptions = Pick<SendOptions, 'timeoutMs' | 'online' | 'pageOrigin' | 'secretHeaders' | 'credentials'>

/** A message to the worker: send a request, or abort the one with this `id`. */
export type SendJobRequest = { type: 'send'; id: number; request: BuiltRequest; options: SendJobOptions } | { type: 'abort'; id: number }

/**
 * The worker's messages about job `id`, in this order:
 * - `accepted` at once (before anything is sent: until then the page may send the job itself);
 * - `body-preview` while a large JSON body arrives: the tree of its start (see `SendOptions.onBodyStart`
 *   and {@link previewOfBodyStart}), at most once;
 * - `received` when a body to scan has arrived, before the scan (the page shows it is formatting);
 * - `body-text` parts, for a body text longer than {@link TEXT_PART_CHARS}, the last one `last`;
 * - `done` with the outcome (`parseJson` off: no `json`; `bodyText` '' when it came in parts) and,
 *   for a JSON body, its tree.
 */
export type SendJobMessage =
  | { type: 'accepted'; id: number }
  | { type: 'body-preview'; id: number; preview: JsonPreview }
  | { type: 'received'; id: number; sizeBytes: number; durationMs: number }
  | { type: 'body-text'; id: number; part: string; last: boolean }
  | { type: 'done'; id: number; outcome: GraphQLOutcome; scanned?: ScannedJson }

/**
 * Longest body text posted in one message: 1 M characters. The page reads a message's string in
 * one go, at 5–15 ms per million characters on this 2-core machine, and a 10 MB one took 50–570 ms
 * (measured); in parts, each is its own short task.
 * @default 1_048_576
 */
export const TEXT_PART_CHARS = 1024 * 1024

/**
 * How the response's tree first opens (ResponsePanel). The job makes that view with the tree
 * (`firstView`), so the page shows a large body without walking it: 15–20 ms of the arrival's task
 * under 4× CPU throttling, cold code on 136,000 nodes (docs/performance.md).
 */
export const RESPONSE_TREE_OPENING: Readonly<TreeOpening> = { expandDepth: 3, openFirst: true }

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

/** The tree of the start of a large body still arriving, when it is (or may be) JSON and starts as an object or array. */
export function previewOfBodyStart(start: BodyStart): JsonPreview | undefined {
  return isJsonMediaType(start.mediaType) || start.mediaType === '' ? previewJsonTree(start.text) : undefined
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
        // The preview is made here too: the page only renders it.
        onBodyStart: (start) => {
          const preview = previewOfBodyStart(start)
          if (preview) post({ type: 'body-preview', id, preview }, modelBuffers(preview.model))
        },
      })
      if (outcome.kind !== 'response') return post({ type: 'done', id, outcome })
      const scannable = isScannableBody(outcome)
      if (scannable) post({ type: 'received', id, sizeBytes: outcome.sizeBytes, durationMs: outcome.durationMs })
      const scanned = scannable ? scanJson(outcome.bodyText) : undefined
      if (scanned?.ok) scanned.model.firstView = openTree(scanned.model, RESPONSE_TREE_OPENING)
      const text = outcome.bodyText
      if (text.length > TEXT_PART_CHARS) {
        for (let start = 0; start < text.length; start += TEXT_PART_CHARS) {
          post({ type: 'body-text', id, part: text.slice(start, start + TEXT_PART_CHARS), last: start + TEXT_PART_CHARS >= text.length })
        }
      }
      const sent = text.length > TEXT_PART_CHARS ? { ...outcome, bodyText: '' } : outcome
      post({ type: 'done', id, outcome: sent, ...(scanned ? { scanned } : {}) }, scanned?.ok ? modelBuffers(scanned.model) : [])
    } finally {
      controllers.delete(id)
    }
  }
}
