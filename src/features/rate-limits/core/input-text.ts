/**
 * Text forms of pasted headers: `Name: value` lines (LF, CRLF or CR), `curl -i` / `curl -D -` output with one or
 * more status lines (the last block wins), `curl -v` (`< ` prefixed), documentation that prints the response
 * with `> ` (GitHub's docs: `> HTTP/2 200`, `> x-ratelimit-limit: 60`), DevTools copies with pseudo-headers and
 * DevTools' "name:" / value on the next line.
 */
import type { PastedHeader, ReportWarning } from './types.ts'

/** Headers, status and warnings extracted from the input. */
export interface ExtractedInput {
  headers: PastedHeader[]
  status?: number
  warnings: ReportWarning[]
}

/** Status line of any HTTP version: `HTTP/1.1 429 Too Many Requests`, `HTTP/2 200`, `HTTP/2.0 200 OK`. */
/** A status line (`HTTP/2 429`, `HTTP/1.1 200 OK`), the status captured. */
export const STATUS_LINE = /^HTTP\/\d(?:\.\d)?\s+(\d{3})(?:\s.*)?$/i
// RFC 9110 token characters; an optional leading ':' admits HTTP/2 pseudo-headers such as ':status'.
// The value's surrounding whitespace is trimmed after matching: `[ \t]*(.*)` backtracks quadratically.
const HEADER_LINE = /^(:?[!#$%&'*+.^\w`|~-]+)[ \t]*:(.*)$/
// DevTools table copies separate name and value with a tab.
const TAB_LINE = /^([!#$%&'*+.^\w`|~-]+)\t(.*)$/
/** At most this many individual "ignored line" warnings; the rest are summarised so a huge paste stays readable. */
const MAX_IGNORED_LINE_WARNINGS = 10

const INDENTED = /^[ \t]/

/** The header on a trimmed line, numbered `line` (1-based), or undefined when the line is not one. */
function headerOf(line: string, lineNo: number): PastedHeader | undefined {
  const m = HEADER_LINE.exec(line) ?? TAB_LINE.exec(line)
  return m ? { name: m[1] ?? '', value: (m[2] ?? '').trim(), line: lineNo } : undefined
}

// The command itself, as docs and terminals show it: `$ curl -I https://…`.
const COMMAND_LINE = /^(?:\$\s+)?curl\s/

/**
 * Strips `curl -v` markers: `< ` is a response line; info (`* `) lines and the command are dropped. `> ` lines are
 * the request in `curl -v` output, but the response itself in docs that quote it that way (GitHub's rate-limit
 * docs): they are read as the response when the paste has no `< ` line and a `> ` line is a status line.
 */
function cleaner(lines: readonly string[]): (raw: string) => string | undefined {
  let quotedResponse = false
  if (!lines.some((l) => l.startsWith('< ') || l.trimEnd() === '<')) {
    quotedResponse = lines.some((l) => l.startsWith('> ') && STATUS_LINE.test(l.slice(2).trim()))
  }
  return (raw) => {
    const line = raw.trimEnd() // not /\s+$/, which backtracks quadratically on long runs of spaces
    if (line.startsWith('< ') || line === '<') return line.slice(2)
    if (line.startsWith('> ') || line === '>') return quotedResponse ? line.slice(2) : undefined
    if (line.startsWith('* ') || line === '*' || COMMAND_LINE.test(line)) return undefined
    return line
  }
}

/**
 * Parses a textual header paste.
 * With status lines, only the block after the last one is used (proxies and redirects print several) and
 * parsing stops at the blank line before the body. Without status lines every header-shaped line counts.
 */
export function parseTextInput(input: string): ExtractedInput {
  const lines = input.split(/\r\n|\r|\n/)
  const warnings: ReportWarning[] = []
  const statusLines: number[] = []
  const clean = cleaner(lines)
  const cleaned: (string | undefined)[] = new Array<string | undefined>(lines.length)
  for (let i = 0; i < lines.length; i++) {
    const l = clean(lines[i] ?? '')
    cleaned[i] = l
    if (l !== undefined && STATUS_LINE.test(l.trim())) statusLines.push(i)
  }

  let start = 0
  let status: number | undefined
  const last = statusLines.at(-1)
  if (last !== undefined) {
    start = last + 1
    status = Number(STATUS_LINE.exec((cleaned[last] ?? '').trim())?.[1])
    if (statusLines.length > 1) {
      warnings.push({
        code: 'multiple-blocks',
        line: last + 1,
        message: `The paste holds ${statusLines.length} responses (e.g. a proxy's "Connection established" or a redirect); only the last, from line ${last + 1}, was read.`,
      })
    }
  }

  const headers: PastedHeader[] = []
  let ignored = 0
  for (let i = start; i < cleaned.length; i++) {
    const line = cleaned[i]
    if (line === undefined) continue
    const trimmed = line.trim()
    if (trimmed === '') {
      // After a status line the first blank line ends the header block; what follows is the body.
      if (last !== undefined && headers.length > 0) break
      continue
    }
    const h = headerOf(trimmed, i + 1)
    const prev = headers.at(-1)
    if (!h && prev && INDENTED.test(line)) {
      // Obsolete line folding (RFC 9112 §5.2): a continuation of the previous value. Indented lines that look
      // like headers are taken as headers, because pastes from docs and chats are often indented throughout.
      prev.value = `${prev.value} ${trimmed}`.trim()
      continue
    }
    if (h) {
      if (h.value === '') {
        const next = cleaned[i + 1]?.trim()
        if (next && !headerOf(next, 0) && !STATUS_LINE.test(next)) {
          // DevTools sometimes copies "name:" and the value on the next line.
          h.value = next
          i++
        }
      }
      headers.push(h)
      continue
    }
    ignored++
    if (ignored <= MAX_IGNORED_LINE_WARNINGS) {
      warnings.push({ code: 'ignored-line', line: i + 1, message: `Line ${i + 1} is not a header ("${excerpt(line)}"); ignored.` })
    }
  }
  if (ignored > MAX_IGNORED_LINE_WARNINGS) {
    warnings.push({
      code: 'ignored-line',
      message: `${ignored - MAX_IGNORED_LINE_WARNINGS} more lines that are not headers were ignored.`,
    })
  }
  for (const h of headers) {
    if (h.name.toLowerCase() === ':status' && status === undefined && /^\d{3}$/.test(h.value)) status = Number(h.value)
  }
  return { headers, status, warnings }
}

/** Shortens a line for a message. */
function excerpt(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
