/**
 * The rate-limit tool's three jobs on a paste — read the quotas, check the headers, build the timeline — as
 * plain data in and plain data out, so they can run in a worker (a 10,000-entry HAR; a
 * 50,000-line or 10 MB paste) and, the same way, on the main thread for small pastes. Every value here survives
 * structured cloning (strings, numbers, Dates, arrays, plain objects).
 */
import { parseRateLimitHeaders } from './parse.ts'
import { correctRateLimitHeaders, lintRateLimitHeaders, type CorrectedHeaders, type RateLimitLintFinding } from './lint/index.ts'
import { buildRateLimitTimeline, type RateLimitTimeline } from './timeline/index.ts'
import { packedBuffers, packTimeline, unpackTimeline, type PackedTimeline } from './timeline/pack.ts'
import { countOf, formatBytes } from '@/shared/core/format'
import type { RateLimitReport } from './types.ts'
import { PART_ITEMS, splitResult, type ResultPart } from './result-parts.ts'
import { headerUsesOf } from './header-uses.ts'

/** One job: what to compute from `text`, and the moment resets are measured against. */
export type RateLimitJob =
  | { kind: 'report'; text: string; at: Date }
  | { kind: 'lint'; text: string; at: Date }
  | { kind: 'timeline'; text: string; at: Date; timeZone: string }

/** The linter's answer: the findings and the headers with every fix applied. */
export interface RateLimitLintResult {
  findings: RateLimitLintFinding[]
  corrected: CorrectedHeaders
}

/** What each job kind gives. */
export interface RateLimitJobResults {
  report: RateLimitReport
  lint: RateLimitLintResult
  timeline: RateLimitTimeline
}

/** The result of `job`: the report, the lint result or the timeline. */
export type RateLimitJobResult<K extends RateLimitJob['kind'] = RateLimitJob['kind']> = RateLimitJobResults[K]

/** Runs a job (the same code in the worker and on the main thread). Never throws: the core functions do not. */
export function runRateLimitJob<J extends RateLimitJob>(job: J): RateLimitJobResult<J['kind']>
export function runRateLimitJob(job: RateLimitJob): RateLimitJobResult {
  switch (job.kind) {
    case 'report':
      return parseRateLimitHeaders(job.text, job.at)
    case 'lint':
      return { findings: lintRateLimitHeaders(job.text, { now: job.at }), corrected: correctRateLimitHeaders(job.text, { now: job.at }) }
    case 'timeline':
      return buildRateLimitTimeline(job.text, { now: job.at, timeZone: job.timeZone })
  }
}

/** How big a paste is, in the words the "Reading…" status uses. */
export interface InputSize {
  /** UTF-16 code units (≈ bytes for header text). */
  chars: number
  /** Lines (a text without a line break is one line). */
  lines: number
  /** HAR entries, when the text looks like a HAR (counted by their `"startedDateTime"` keys). */
  harEntries?: number
}

const HAR_ENTRY_KEY = '"startedDateTime"'

/** Counts `needle` in `text` with `indexOf` (no regex state, no array of matches: 18 MB in a few ms). */
function occurrences(text: string, needle: string): number {
  let n = 0
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n++
  return n
}

/** Measures a paste for the status line (the worker does this first, then reports it while it parses). */
export function measureInput(text: string): InputSize {
  const size: InputSize = { chars: text.length, lines: text === '' ? 0 : occurrences(text, '\n') + 1 }
  if (/^\s*\{/.test(text) && text.includes('"entries"')) size.harEntries = occurrences(text, HAR_ENTRY_KEY)
  return size
}

/**
 * The status shown (and announced) while a large paste is read: "Reading 10,000 entries…",
 * "Reading 50,000 lines…", or, before the worker has measured it, "Reading 18.3 MB…".
 */
export function readingStatus(size: InputSize | { chars: number }): string {
  if ('harEntries' in size && size.harEntries !== undefined) return `Reading ${countOf(size.harEntries, 'entry', 'entries')}…`
  if ('lines' in size) return `Reading ${countOf(size.lines, 'line')}…`
  return `Reading ${formatBytes(size.chars)}…`
}

/** A request to the worker. */
export interface RateLimitWorkerRequest {
  id: number
  job: RateLimitJob
}

/**
 * The worker's messages: first the size of the input (for the status line), then the result — a timeline packed
 * into transferred typed arrays (see `packTimeline`), any other result as it is, its long arrays sent ahead in
 * `part` messages (see `splitResult`; the `result` message has them empty) — or an error.
 */
export type RateLimitWorkerMessage =
  | { id: number; type: 'size'; size: InputSize }
  | ({ id: number; type: 'part' } & ResultPart)
  | { id: number; type: 'result'; result: RateLimitJobResult }
  | { id: number; type: 'timeline'; packed: PackedTimeline }
  | { id: number; type: 'error'; message: string }

/** The result a `result` or `timeline` message carries (a packed timeline unpacked). */
export function resultOf(message: Extract<RateLimitWorkerMessage, { type: 'result' | 'timeline' }>): RateLimitJobResult {
  return message.type === 'timeline' ? unpackTimeline(message.packed) : message.result
}

/**
 * What the worker does with one request, as a pure function of it: `post` receives the size, then the result
 * (with the buffers to transfer; a report's headers and quotas, when many, in parts as soon as each is read)
 * (or, should anything throw after all — a core bug, a result that cannot be cloned — the error's message, so
 * the page is never left waiting).
 */
export function answerRequest(request: RateLimitWorkerRequest, post: (message: RateLimitWorkerMessage, transfer?: ArrayBuffer[]) => void): void {
  const { id, job } = request
  try {
    post({ id, type: 'size', size: measureInput(job.text) })
    if (job.kind === 'timeline') {
      const packed = packTimeline(runRateLimitJob(job))
      post({ id, type: 'timeline', packed }, packedBuffers(packed))
    } else {
      // A report's many headers, then its many quotas, go to the page as soon as they are read, in parts,
      // so the page reads them while the rest is worked out here (the two threads in parallel).
      const sent: Partial<Record<'headers' | 'quotas', []>> = {}
      const sendEarly = (key: 'headers' | 'quotas') => (items: readonly unknown[]) => {
        if (items.length <= PART_ITEMS) return
        for (const part of splitResult({ [key]: items }).parts) post({ id, type: 'part', ...part })
        sent[key] = []
      }
      const result = job.kind === 'report' ? parseRateLimitHeaders(job.text, job.at, { onHeaders: sendEarly('headers'), onQuotas: sendEarly('quotas') }) : runRateLimitJob(job)
      // A report's header table reads which header fed which quota from here instead of indexing every name
      // on the page (about 100 ms at CPU ×2 for 50,000 headers).
      if (job.kind === 'report' && 'quotas' in result) result.headerUses = headerUsesOf(result.headers, result.quotas, result.retryAfter?.header)
      const { parts, rest } = splitResult({ ...result, ...sent })
      for (const part of parts) post({ id, type: 'part', ...part })
      post({ id, type: 'result', result: rest }, 'headerUses' in rest && rest.headerUses ? [rest.headerUses.first.buffer as ArrayBuffer] : [])
    }
  } catch (error) {
    post({ id, type: 'error', message: error instanceof Error ? error.message : String(error) })
  }
}
