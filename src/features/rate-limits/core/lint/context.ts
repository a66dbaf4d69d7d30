/**
 * What every lint rule reads: the parser's report of the paste, the headers by name, and the reference time.
 */
import { parseHttpDate } from '../dates.ts'
import { parseRateLimitHeaders } from '../parse.ts'
import type { PastedHeader, RateLimitReport } from '../types.ts'
import type { RateLimitLintOptions } from './types.ts'

/** Shared, read-only state of one lint run. */
export interface LintContext {
  readonly report: RateLimitReport
  /** The response status: `options.status` when given, else the pasted status line. */
  readonly status?: number
  /** The response's `Date` (epoch ms) when it is a valid HTTP-date, else `now`: what resets are judged against. */
  readonly refMs: number
  /** 1-based line of the (last) status line in a text paste, when there is one. */
  readonly statusLine?: number
  /** True when {@link refMs} came from the `Date` header. */
  readonly fromDateHeader: boolean
  /** Every occurrence of a header, by lower-case name, in paste order. */
  all(lowerName: string): PastedHeader[]
  /** The first occurrence of a header, by lower-case name. */
  first(lowerName: string): PastedHeader | undefined
  /** Lower-case names sent more than once with different values (their combined value misleads other rules). */
  readonly conflicting: ReadonlySet<string>
}

/** `Name: value` as a header line. */
export function headerLine(header: { name: string }, value: string | number): string {
  return `${header.name}: ${value}`
}

/** Builds the context; the parser never throws, so neither does this. */
export function lintContext(input: string, options: RateLimitLintOptions): LintContext {
  const now = options.now instanceof Date && Number.isFinite(options.now.getTime()) ? options.now : new Date()
  let report = parseRateLimitHeaders(input, now)
  // The server's headers are judged against its own Date (when it sent them), not against when they were pasted:
  // an hour-old capture is not a server bug.
  const sent = report.headers.find((h) => h.name.toLowerCase() === 'date')
  const sentMs = sent ? parseHttpDate(sent.value, now.getTime()) : undefined
  if (sentMs !== undefined && sentMs !== now.getTime()) report = parseRateLimitHeaders(input, new Date(sentMs))
  const byName = new Map<string, PastedHeader[]>()
  for (const h of report.headers) {
    const key = h.name.toLowerCase()
    const list = byName.get(key)
    if (list) list.push(h)
    else byName.set(key, [h])
  }
  const conflicting = new Set<string>()
  for (const [name, list] of byName) if (new Set(list.map((h) => h.value)).size > 1) conflicting.add(name)
  const date = byName.get('date')?.[0]
  const dateMs = date ? parseHttpDate(date.value, now.getTime()) : undefined
  const status = Number.isInteger(options.status) ? options.status : report.status
  let statusLine: number | undefined
  input.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (/^(?:< )?HTTP\/\d(?:\.\d)?\s+\d{3}\b/i.test(line.trim())) statusLine = i + 1
  })
  return {
    report,
    status,
    statusLine,
    refMs: dateMs ?? now.getTime(),
    fromDateHeader: dateMs !== undefined,
    all: (name) => byName.get(name) ?? [],
    first: (name) => byName.get(name)?.[0],
    conflicting,
  }
}
