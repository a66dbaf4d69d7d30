/**
 * An incremental reader of `multipart/mixed` bodies (RFC 2046 §5.1), the framing GraphQL servers use
 * for `@defer`/`@stream` over HTTP (the incremental delivery RFC, `deferSpec=20220824`): each part
 * is one JSON payload, sent as soon as it is ready. Bytes are fed as they arrive, split anywhere —
 * inside the boundary, a header or a multi-byte character — and whole parts come out.
 *
 * Hand-written rather than `meros` because the stream view needs each part's arrival byte offset
 * and size, and the framing is 100 lines; the property tests split every sample at every byte.
 */

import { ByteQueue, indexOfBytes } from './byte-queue'

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
const CRLF = encoder.encode('\r\n')

function parsePart(bytes: Uint8Array): MultipartPart {
  const decoder = new TextDecoder()
  // Headers end at the first blank line; a part may have none (then it starts with CRLF).
  const text = decoder.decode(bytes)
  let headerText = ''
  let body = text
  let headerBytes = 0
  if (text.startsWith('\r\n')) {
    body = text.slice(2)
    headerBytes = 2
  } else {
    const blank = text.indexOf('\r\n\r\n')
    if (blank !== -1) {
      headerText = text.slice(0, blank)
      body = text.slice(blank + 4)
      headerBytes = encoder.encode(headerText).length + 4
    }
  }
  const headers: Record<string, string> = {}
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body, size: bytes.length - headerBytes }
}

/** Options of {@link createMultipartReader}. */
export interface MultipartReaderOptions {
  /**
   * The largest part (headers and body) the reader keeps, in bytes; also how far it reads into a
   * body without finding the first delimiter. Past it, `push` throws {@link MultipartPartTooLargeError}.
   * @default Infinity
   */
  maxPartBytes?: number
}

/** Thrown by a reader's `push` when a part (or the preamble) grows past `maxPartBytes`. */
export class MultipartPartTooLargeError extends Error {
  /** The limit that was passed, in bytes. */
  readonly limitBytes: number
  /** Whether no delimiter was found at all (the body may not be multipart). */
  readonly beforeFirstPart: boolean

  constructor(limitBytes: number, beforeFirstPart: boolean) {
    super(beforeFirstPart ? `No part delimiter in the first ${limitBytes} bytes.` : `A part grew past ${limitBytes} bytes.`)
    this.name = 'MultipartPartTooLargeError'
    this.limitBytes = limitBytes
    this.beforeFirstPart = beforeFirstPart
  }
}

/**
 * Creates a reader for a body whose Content-Type carried `boundary` (see {@link boundaryOf}).
 * The preamble before the first delimiter and the epilogue after the last are ignored.
 */
export function createMultipartReader(boundary: string, options: MultipartReaderOptions = {}): MultipartReader {
  const maxPartBytes = options.maxPartBytes ?? Number.POSITIVE_INFINITY
  // Every delimiter but a body's very first is CRLF + "--" + boundary; the first may start the body.
  const delimiter = encoder.encode(`\r\n--${boundary}`)
  const firstDelimiter = delimiter.subarray(2)
  const queue = new ByteQueue()
  let started = false
  let closed = false
  let preambleBytes = 0
  // Absolute offsets up to which the current part was searched for its header line's end and for
  // the next delimiter: a large part arriving in many small chunks is scanned once, not per chunk.
  let lineScanned = -1
  let scanned = -1

  function drain(): MultipartPart[] {
    const parts: MultipartPart[] = []
    while (!closed) {
      const bytes = queue.bytes
      if (!started) {
        // A delimiter at the very start of the body has no CRLF before it.
        const at = queue.start === 0 && preambleBytes === 0 && indexOfBytes(bytes, firstDelimiter, 0) === 0 ? -2 : indexOfBytes(bytes, delimiter, queue.start)
        if (at === -1) {
          // Keep only what could still be the start of the delimiter.
          const keep = Math.min(queue.size, delimiter.length - 1)
          preambleBytes += queue.size - keep
          queue.start = bytes.length - keep
          if (preambleBytes > maxPartBytes) throw new MultipartPartTooLargeError(maxPartBytes, true)
          return parts
        }
        queue.start = at + delimiter.length
        started = true
        continue
      }
      // After a delimiter: "--" closes, otherwise optional whitespace then CRLF opens a part.
      const from = queue.start
      if (bytes.length - from < 2) return parts
      if (bytes[from] === 0x2d && bytes[from + 1] === 0x2d) {
        closed = true
        queue.clear()
        return parts
      }
      const lineEnd = indexOfBytes(bytes, CRLF, Math.max(from, lineScanned - 1))
      if (lineEnd === -1) {
        lineScanned = bytes.length
        if (queue.size > maxPartBytes) throw new MultipartPartTooLargeError(maxPartBytes, false)
        return parts
      }
      const next = indexOfBytes(bytes, delimiter, Math.max(lineEnd + 2, scanned - delimiter.length + 1))
      if (next === -1) {
        scanned = bytes.length
        if (queue.size > maxPartBytes) throw new MultipartPartTooLargeError(maxPartBytes, false)
        return parts
      }
      if (next - from > maxPartBytes) throw new MultipartPartTooLargeError(maxPartBytes, false)
      parts.push(parsePart(bytes.subarray(lineEnd + 2, next)))
      queue.start = next + delimiter.length
      scanned = -1
      lineScanned = -1
    }
    return parts
  }

  return {
    push(chunk) {
      if (closed || chunk.length === 0) return []
      const moved = queue.append(chunk)
      if (scanned >= 0) scanned -= moved
      if (lineScanned >= 0) lineScanned -= moved
      return drain()
    },
    end() {
      if (closed || !started) return { parts: [], closed }
      const bytes = queue.bytes
      const lineEnd = indexOfBytes(bytes, CRLF, queue.start)
      const rest = lineEnd === -1 ? new Uint8Array(0) : bytes.slice(lineEnd + 2)
      queue.clear()
      const text = new TextDecoder().decode(rest)
      return { parts: text.trim() ? [parsePart(rest)] : [], closed: false }
    },
  }
}
