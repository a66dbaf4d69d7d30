/**
 * Public and internal types of the rate-limit header parser.
 *
 * Kept in one module so family parsers, advice and the UI share one vocabulary.
 */
import type { HeaderUses } from './header-uses.ts'

/** One header line as pasted (the last block of a multi-block paste). */
export interface PastedHeader {
  /** Header name exactly as pasted (case preserved). */
  name: string
  /** Raw value, trimmed of surrounding whitespace. */
  value: string
  /** 1-based line number in the pasted input (for JSON/HAR input: the line where the name appears). */
  line: number
}

/** A problem with the input, tied to a line and header where known. */
export interface ReportWarning {
  /** 1-based line of the offending header or input line, when known. */
  line?: number
  /** Header name as pasted, when the warning concerns one header. */
  header?: string
  /** Human-readable explanation. */
  message: string
  /** Stable machine code (e.g. `non-numeric`, `reset-guessed`) so the UI and tests need not match on prose. */
  code: WarningCode
}

/** Stable codes for every warning the parser emits. */
export type WarningCode =
  | 'empty-input'
  | 'no-headers'
  | 'no-rate-limit-headers'
  | 'ignored-line'
  | 'invalid-json'
  | 'har-entry-chosen'
  | 'multiple-blocks'
  | 'duplicate-header'
  | 'non-numeric'
  | 'negative'
  | 'unlimited'
  | 'limit-zero'
  | 'remaining-exceeds-limit'
  | 'used-exceeds-limit'
  | 'invalid-reset'
  | 'reset-passed'
  | 'reset-guessed'
  | 'reset-timezone-assumed'
  | 'clock-skew-corrected'
  | 'old-response'
  | 'invalid-date-header'
  | 'invalid-retry-after'
  | 'retry-after-passed'
  | 'malformed-structured-field'
  | 'unknown-policy'
  | 'unrecognised-header'
  | 'invalid-now'
  | 'internal-error'

/** Severity of an advice item. */
export type AdviceLevel = 'info' | 'warning' | 'error'

/** One row of a deterministic exponential-backoff schedule. */
export interface BackoffStep {
  /** 1-based retry attempt. */
  attempt: number
  /** Lower bound of the jittered delay, in milliseconds. */
  minMs: number
  /** Upper bound of the jittered delay, in milliseconds. */
  maxMs: number
}

/** One piece of client-practice advice chosen from the report's state. */
export interface Advice {
  level: AdviceLevel
  /** Stable code, e.g. `pause-until-reset`; good-practice items start with `practice.`. */
  code: string
  /** Fixed-format English message (times as ISO 8601 UTC so it is testable; the UI may re-render `at` locally). */
  message: string
  /**
   * `situation` items depend on the parsed state; `practice` items are always true and meant for a collapsed
   * "good practice" section.
   */
  group: 'situation' | 'practice'
  /** ISO 8601 instant the advice refers to (resume/retry time), when there is one. */
  at?: string
  /** Concrete backoff schedule for the `backoff` advice. */
  schedule?: BackoffStep[]
}

/** One detected limit (OpenAI requests and tokens are two). */
export interface Quota {
  /** Header family: 'github' | 'openai' | 'x' | 'shopify' | 'ietf' | 'anthropic' | 'discord' | 'reddit' | 'gitlab' | 'hubspot' | 'linear' | 'sentry' | 'zendesk' | 'jira' | 'generic'. */
  family: string
  /** What is limited: 'core', 'requests', 'tokens', an IETF policy name, … */
  label: string
  limit?: number
  remaining?: number
  used?: number
  /** used / limit × 100, exact; only when values are consistent (0..100). */
  usedPercent?: number
  /** remaining / limit × 100, exact; only when values are consistent (0..100). */
  remainingPercent?: number
  /** Absolute reset time (on the browser's clock, skew-corrected when a Date header allowed it). */
  resetAt?: Date
  /** Milliseconds from `now` until the reset; negative when the reset has passed. */
  resetInMs?: number
  /** Length of the quota window, in seconds, when stated. */
  windowSeconds?: number
  /** GitHub resource, Discord bucket, … */
  resource?: string
  /** Unit of the quota when not requests (IETF `qu`, e.g. 'content-bytes'), or 'tokens'. */
  unit?: string
  /** Field ('limit', 'remaining', 'used', 'reset', 'resource', 'window', 'policy', …) → header name as pasted. */
  sources: Record<string, string>
  /** Fields computed rather than read (e.g. 'used' = limit − remaining). */
  derived?: string[]
}

/** RFC 9457 problem details read from a pasted `application/problem+json` body. */
export interface RateLimitProblem {
  /** The problem type URI, as sent. */
  type?: string
  title?: string
  /** The status the body states. */
  status?: number
  /** A human-readable explanation of this occurrence (RFC 9457 `detail`), as sent. */
  detail?: string
  /** A URI reference naming this occurrence (RFC 9457 `instance`), as sent; shown as text, never followed. */
  instance?: string
  /** True when the type is one of the draft's, or the type or title names a rate limit, a quota, throttling or too many requests. */
  rateLimit: boolean
  /** The draft-ietf-httpapi-ratelimit-headers problem type the `type` URI names, if it names one (`problem-types.ts` describes each). */
  draftType?: RateLimitProblemTypeId
  /** The body's `violated-policies` (the draft's extension member): names of the policies whose quota was exceeded. */
  violatedPolicies?: string[]
  /** 1-based line where the body starts. */
  line: number
}

/** The problem types draft-ietf-httpapi-ratelimit-headers defines, by the fragment of their IANA type URI. */
export type RateLimitProblemTypeId = 'quota-exceeded' | 'temporary-reduced-capacity' | 'abnormal-usage-detected'

/** Result of {@link parseRateLimitHeaders}. */
export interface RateLimitReport {
  /** From a status line ("HTTP/2 429"), a `:status` pseudo-header or a HAR response. */
  status?: number
  /** Every header as pasted (last block of a multi-block paste). */
  headers: PastedHeader[]
  /** One entry per detected limit. */
  quotas: Quota[]
  /** Retry-After (or OpenAI's retry-after-ms); takes precedence over other resets for when to retry. */
  retryAfter?: { seconds: number; at: Date; header: string }
  advice: Advice[]
  warnings: ReportWarning[]
  /** The response's problem details, when the paste has an `application/problem+json` body. */
  problem?: RateLimitProblem
  /**
   * Which header fed which quota, computed in the worker with a large report (see `headerUsesOf`); absent from
   * a report made on the page, whose table works it out itself.
   */
  headerUses?: HeaderUses
}
