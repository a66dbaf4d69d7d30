/**
 * Shared parse state handed to every family parser: the header index, the clock and the warning sink.
 */
import type { PastedHeader, ReportWarning } from './types.ts'

/** A header after duplicates were combined (value joined with ", ", line of the first occurrence). */
export interface HeaderField extends PastedHeader {
  /** Lines of every occurrence; more than one when the header was duplicated. */
  lines: number[]
}

/**
 * Case-insensitive view of the pasted headers, combining duplicates the way fetch and Node do
 * (values joined with ", "), so families see what a real client would see.
 */
export class HeaderIndex {
  private readonly byName = new Map<string, HeaderField>()
  private readonly warned = new Set<string>()
  private keys: string[] | undefined

  /**
   * @param headers Headers as pasted.
   * @param warn Sink for the duplicate-header warning, emitted on first lookup so that only headers the parser
   *   actually reads are reported (duplicated `Vary` or `Set-Cookie` would just be noise).
   */
  constructor(
    headers: readonly PastedHeader[],
    private readonly warn: (w: ReportWarning) => void,
  ) {
    for (const h of headers) {
      const key = h.name.toLowerCase()
      const prev = this.byName.get(key)
      if (prev) {
        prev.value = `${prev.value}, ${h.value}`
        prev.lines.push(h.line)
      } else {
        this.byName.set(key, { name: h.name, value: h.value, line: h.line, lines: [h.line] })
      }
    }
  }

  /** True when a header of that (lower-case) name exists; never warns. */
  has(lowerName: string): boolean {
    return this.byName.has(lowerName)
  }

  /** The combined header of that (lower-case) name; warns once if it was duplicated. */
  get(lowerName: string): HeaderField | undefined {
    const field = this.byName.get(lowerName)
    if (field && field.lines.length > 1 && !this.warned.has(lowerName)) {
      this.warned.add(lowerName)
      this.warn({
        code: 'duplicate-header',
        line: field.line,
        header: field.name,
        message: `${field.name} appears ${field.lines.length} times (lines ${field.lines.join(', ')}); the values were combined as "${field.value}", as fetch does.`,
      })
    }
    return field
  }

  /** Lower-case names of all headers, in first-seen order (one array, made on first call: do not change it). */
  names(): readonly string[] {
    this.keys ??= [...this.byName.keys()]
    return this.keys
  }
}

/** State shared by the family parsers during one {@link parseRateLimitHeaders} call. */
export interface ParseContext {
  /** Reference time in epoch milliseconds (the `now` argument). */
  readonly nowMs: number
  /**
   * When the response was sent, on this computer's clock: the `Date` header when it is behind now (the paste's age),
   * else now. Relative values (seconds until reset, Retry-After seconds) count from here.
   */
  readonly responseAtMs: number
  /**
   * The server's clock minus this computer's, in ms: non-zero only when the `Date` header is ahead of now, which no
   * age of a paste explains. Absolute times (Unix times, dates) are moved back by it; a `Date` behind now is read as
   * the paste's age, never as skew, so an absolute reset stays the moment it names.
   */
  readonly clockOffsetMs: number
  readonly headers: HeaderIndex
  warn(w: ReportWarning): void
}
