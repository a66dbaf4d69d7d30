/**
 * Vocabulary of the rate-limit header linter: what an API author's server emits, checked against RFC 9110,
 * the IETF RateLimit drafts, the Fetch standard's CORS rules and the vendors' documented conventions.
 */
import type { PastedHeader } from '../types.ts'

/** Stable codes of every lint finding (one per kind of problem; the UI and tests never match on prose). */
export type RateLimitLintCode =
  /** Status 429 (from the status line or `options.status`) and no Retry-After. */
  | 'retry-after-missing'
  /** Retry-After is neither delay-seconds nor an HTTP-date. */
  | 'retry-after-invalid'
  /** Retry-After and the exhausted quota's reset differ by more than 1 s. */
  | 'retry-after-disagrees'
  /** A reset whose form (delay or Unix time) a client cannot tell from its name, or that contradicts its name. */
  | 'reset-ambiguous'
  /** A reset that is a Unix time in milliseconds where seconds are expected. */
  | 'reset-milliseconds'
  /** An absolute reset before the response's Date (or now). */
  | 'reset-in-past'
  | 'remaining-exceeds-limit'
  /** used + remaining ≠ limit when all three are sent. */
  | 'used-remaining-mismatch'
  /** A count that is negative, fractional or not a number. */
  | 'not-a-number'
  /** One rate-limit header twice with different values. */
  | 'duplicate-header'
  /** RateLimit / RateLimit-Policy not a valid RFC 9651 structured field (with the offset where parsing stopped). */
  | 'ietf-syntax'
  /** RateLimit without a matching RateLimit-Policy, or a policy without q. */
  | 'ietf-policy-missing'
  /** Fields of different draft generations that disagree. */
  | 'ietf-mixed-drafts'
  /** A parameter or field proposed for the draft (the working group's open PR #166) but not in its latest version. */
  | 'ietf-not-yet-standard'
  /** A CORS response (Access-Control-Allow-Origin) that does not expose the rate-limit headers. */
  | 'not-exposed-to-browsers'
  /** Problem details (RFC 9457) whose `status` is not the response's. */
  | 'problem-status-mismatch'
  /** One of the RateLimit draft's problem types sent with another status than the one it is registered for. */
  | 'problem-type-status'
  /** A 429's rate-limit problem details with a type of its own (or none) where the draft registers one. */
  | 'problem-type-unregistered'

/** Every lint code, in the order the UI explains them. */
export const RATE_LIMIT_LINT_CODES: readonly RateLimitLintCode[] = [
  'retry-after-missing',
  'retry-after-invalid',
  'retry-after-disagrees',
  'reset-ambiguous',
  'reset-milliseconds',
  'reset-in-past',
  'remaining-exceeds-limit',
  'used-remaining-mismatch',
  'not-a-number',
  'duplicate-header',
  'ietf-syntax',
  'ietf-policy-missing',
  'ietf-mixed-drafts',
  'ietf-not-yet-standard',
  'not-exposed-to-browsers',
  'problem-status-mismatch',
  'problem-type-status',
  'problem-type-unregistered',
]

/** How bad a finding is: `error` breaks clients, `warning` misleads some, `info` is worth knowing. */
export type RateLimitLintSeverity = 'error' | 'warning' | 'info'

/** One problem found in a server's rate-limit headers. */
export interface RateLimitLintFinding {
  code: RateLimitLintCode
  severity: RateLimitLintSeverity
  /** The header name as pasted. */
  header?: string
  /** 1-based line in the input, when it came from text (approximate for JSON/HAR input). */
  line?: number
  /** What is wrong, in words. */
  message: string
  /** The corrected header line(s), or what to add. */
  fix?: string
  /** The spec section or vendor doc it rests on. */
  reference?: string
}

/** Options of {@link lintRateLimitHeaders}. */
export interface RateLimitLintOptions {
  /** Reference time when the paste has no `Date` header. @default new Date() */
  now?: Date
  /** The response status when the paste has no status line (a 429 asks for Retry-After). @default undefined */
  status?: number
}

/**
 * A change to the pasted headers that applies a finding's fix (internal: the public finding only carries the
 * text of the fix). `replace` swaps one header line, `remove` drops it, `add` appends a line to the block.
 */
export type LintEdit =
  | { kind: 'replace'; target: PastedHeader; line: string }
  | { kind: 'remove'; target: PastedHeader }
  | { kind: 'add'; line: string }

/** A finding with the edits that apply its fix, when the fix is concrete header lines. */
export interface DraftFinding extends RateLimitLintFinding {
  edits?: LintEdit[]
}
