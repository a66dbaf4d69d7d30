/**
 * The problem details (RFC 9457, `application/problem+json`) that a 429 or 503 may carry in its body, as pasted
 * in `curl -i` output. The RateLimit draft (draft-ietf-httpapi-ratelimit-headers, "Problem Types" since -09)
 * defines three problem types, recognised by their URIs; any other body is recognised as a rate-limit
 * problem by what its `type` or `title` names (a rate limit, a quota, throttling, too many requests), never by a
 * guessed URI.
 */
import { STATUS_LINE } from './input-text.ts'
import type { PastedHeader, RateLimitProblem, RateLimitProblemTypeId } from './types.ts'

/**
 * The type URIs of draft-ietf-httpapi-ratelimit-headers's problem types (section "Problem Types", added after
 * draft-08, registered in IANA's "HTTP Problem Types"): quota-exceeded, temporary-reduced-capacity,
 * abnormal-usage-detected. Their titles and meanings are in `problem-types.ts` (only the page's details need them).
 */
const DRAFT_TYPE = /^https:\/\/iana\.org\/assignments\/http-problem-types#(quota-exceeded|temporary-reduced-capacity|abnormal-usage-detected)$/

const PROBLEM_JSON = /^\s*application\/problem\+json\s*(?:;|$)/i
const NAMES_RATE_LIMIT = /rate[\s_-]?limit|quota|throttl|too[\s_-]?many[\s_-]?requests/i

/** The text after the blank line that ends the last response's header block, or undefined when there is none. */
function bodyOf(input: string): { text: string; line: number } | undefined {
  const lines = input.split(/\r\n|\r|\n/)
  let last = -1
  lines.forEach((l, i) => {
    if (STATUS_LINE.test(l.trim())) last = i
  })
  if (last < 0) return undefined
  let i = last + 1
  while (i < lines.length && (lines[i] ?? '').trim() !== '') i++
  const text = lines.slice(i + 1).join('\n').trim()
  return text ? { text, line: i + 2 } : undefined
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined)

/**
 * Reads the problem details of a pasted response: needs a `Content-Type: application/problem+json` header and a
 * JSON object after the header block. Never throws.
 *
 * @param input The pasted text (as given to the parser).
 * @param headers The headers the parser read from it.
 * @returns The problem, with `rateLimit` true when its type is one of the draft's or its type or title names a rate
 *   limit, and `draftType` the draft's problem type it names; undefined when the paste has no problem+json body.
 */
export function readRateLimitProblem(input: string, headers: readonly PastedHeader[]): RateLimitProblem | undefined {
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')
  if (!contentType || !PROBLEM_JSON.test(contentType.value)) return undefined
  const body = bodyOf(input)
  if (!body) return undefined
  let doc: unknown
  try {
    doc = JSON.parse(body.text)
  } catch {
    return undefined
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return undefined
  const o = doc as Record<string, unknown>
  const type = str(o.type)
  const title = str(o.title)
  const status = typeof o.status === 'number' && Number.isInteger(o.status) ? o.status : undefined
  const draft = DRAFT_TYPE.exec(type ?? '')?.[1] as RateLimitProblemTypeId | undefined
  const problem: RateLimitProblem = { line: body.line, rateLimit: draft !== undefined || NAMES_RATE_LIMIT.test(`${type ?? ''} ${title ?? ''}`) }
  if (type) problem.type = type
  if (title) problem.title = title
  if (status !== undefined) problem.status = status
  const detail = str(o.detail)
  if (detail) problem.detail = detail
  const instance = str(o.instance)
  if (instance) problem.instance = instance
  if (draft) problem.draftType = draft
  const violated = o['violated-policies']
  if (Array.isArray(violated)) {
    const names = violated.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    if (names.length > 0) problem.violatedPolicies = names
  }
  return problem
}
