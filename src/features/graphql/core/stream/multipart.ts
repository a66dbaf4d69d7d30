/**
 * An incremental reader of `multipart/mixed` bodies (RFC 2046 §5.1), the framing GraphQL servers use
 * for `@defer`/`@stream` over HTTP (the incremental delivery RFC, `deferSpec=20220824`): each part
 * is one JSON payload, sent as soon as it is ready. Bytes are fed as they arrive, split anywhere —
 * inside the boundary, a header or a multi-byte character — and whole parts come out.
 *
 * Hand-written rather than `meros` because the stream view needs each part's arrival byte offset
 * and size, and the framing is 100 lines; the property tests split every sample at every byte.
 */

/** One part of the body: its headers (names lower-cased) and its body text. */
export interface MultipartPart {
  /** Part headers, names in lower case (`content-type` …). */
  headers: Record<string, string>
  /** The part's body, decoded as UTF-8. */
  body: string
  /** Size of the part's body in bytes. */
  size: number
}

/** What {@link createMultipartReader} returns. */
export interface MultipartReader {
  /** Feeds the next bytes; returns the parts completed by them, in order. */
  push(chunk: Uint8Array): MultipartPart[]
  /**
   * The body ended. Returns a last part a server left unterminated (no closing delimiter), and
   * whether the closing `--boundary--` was seen.
   */
  end(): { parts: MultipartPart[]; closed: boolean }
}

/**
 * The boundary of a `multipart/mixed` Content-Type, or undefined when it is not one.
 * @example boundaryOf('multipart/mixed; boundary="-"; deferSpec=20220824') // '-'
 */
export function boundaryOf(contentType: string | null | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/mixed\s*(?:;|$)/i.test(contentType)) return undefined
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(contentType)
  const boundary = match?.[1] ?? match?.[2]
  // RFC 2046: 1–70 characters.
  return boundary && boundary.length <= 70 ? boundary : undefined
}

const encoder = new TextEncoder()

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]
  outer: for (let i = haystack.indexOf(first ?? 0, from); i !== -1 && i <= haystack.length - needle.length; i = haystack.indexOf(first ?? 0, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}

function parsePart(bytes: Uint8Array): MultipartPart {
  const decoder = new TextDecoder()
  // Headers end at the first blank line; a part may have none (then it starts with CRLF).
  const text = decoder.decode(bytes)
  let headerText = ''
  let body = text
  if (text.startsWith('\r\n')) body = text.slice(2)
  else {
    const blank = text.indexOf('\r\n\r\n')
    if (blank !== -1) {
      headerText = text.slice(0, blank)
      body = text.slice(blank + 4)
    }
  }
  const headers: Record<string, string> = {}
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body, size: encoder.encode(body).length }
}

/**
 * Creates a reader for a body whose Content-Type carried `boundary` (see {@link boundaryOf}).
 * The preamble before the first delimiter and the epilogue after the last are ignored.
 */
export function createMultipartReader(boundary: string): MultipartReader {
  // Every delimiter but a body's very first is CRLF + "--" + boundary; the first may start the body.
  const delimiter = encoder.encode(`\r\n--${boundary}`)
  let buffer: Uint8Array = new Uint8Array(0)
  let started = false
  let closed = false
  // How far the current buffer was searched for the next delimiter: a large part arriving in
  // many small chunks is scanned once, not once per chunk.
  let scanned = 0

  function drain(): MultipartPart[] {
    const parts: MultipartPart[] = []
    while (!closed) {
      if (!started) {
        // Pretend a CRLF precedes the body so a delimiter at offset 0 is found like any other.
        const at = indexOf(concat(encoder.encode('\r\n'), buffer), delimiter, 0)
        if (at === -1) {
          // Keep only what could still be the start of the delimiter.
          buffer = buffer.slice(Math.max(0, buffer.length - delimiter.length))
          return parts
        }
        buffer = buffer.slice(at - 2 + delimiter.length)
        started = true
        continue
      }
      // After a delimiter: "--" closes, otherwise optional whitespace then CRLF opens a part.
      if (buffer.length < 2) return parts
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
        closed = true
        buffer = new Uint8Array(0)
        return parts
      }
      const lineEnd = indexOf(buffer, encoder.encode('\r\n'), 0)
      if (lineEnd === -1) return parts
      const next = indexOf(buffer, delimiter, Math.max(lineEnd + 2, scanned - delimiter.length + 1))
      if (next === -1) {
        scanned = buffer.length
        return parts
      }
      parts.push(parsePart(buffer.slice(lineEnd + 2, next)))
      buffer = buffer.slice(next + delimiter.length)
      scanned = 0
    }
    return parts
  }

  return {
    push(chunk) {
      if (closed || chunk.length === 0) return []
      buffer = concat(buffer, chunk)
      return drain()
    },
    end() {
      if (closed || !started) return { parts: [], closed }
      const lineEnd = indexOf(buffer, encoder.encode('\r\n'), 0)
      const rest = lineEnd === -1 ? new Uint8Array(0) : buffer.slice(lineEnd + 2)
      buffer = new Uint8Array(0)
      const text = new TextDecoder().decode(rest)
      return { parts: text.trim() ? [parsePart(rest)] : [], closed: false }
    },
  }
}
