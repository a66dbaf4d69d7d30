/**
 * An incremental reader of a Server-Sent Events body (the HTML standard's event stream format), as
 * GraphQL over SSE uses it: bytes are fed as they arrive, split anywhere, and whole events come out.
 * Lines end with CRLF, LF or CR; `:` starts a comment (a server's keep-alive); `data` lines join
 * with a newline; a blank line ends an event. Only `event` and `data` are kept (`id` and `retry`
 * serve reconnection, which a GraphQL subscription does not do).
 *
 * Hand-written rather than graphql-sse's parser because that one copies its whole buffer for every
 * chunk and keeps a line that never ends without limit: this one reads with a moving offset and
 * refuses an event past `maxEventBytes`.
 */
import { ByteQueue } from './byte-queue'

/** One event of the stream. */
export interface SseMessage {
  /** Its `event` field ('' when it had none). */
  event: string
  /** Its `data` lines joined with a newline. */
  data: string
  /** Its size on the wire in bytes (its data lines' bytes). */
  size: number
}

/** Options of {@link createSseReader}. */
export interface SseReaderOptions {
  /** The largest event (its data and the line being read) kept, in bytes. @default Infinity */
  maxEventBytes?: number
}

/** Thrown by a reader's `push` when an event, or one line of it, grows past `maxEventBytes`. */
export class SseEventTooLargeError extends Error {
  /** The limit that was passed, in bytes. */
  readonly limitBytes: number

  constructor(limitBytes: number) {
    super(`An event grew past ${limitBytes} bytes.`)
    this.name = 'SseEventTooLargeError'
    this.limitBytes = limitBytes
  }
}

/** What {@link createSseReader} returns. */
export interface SseReader {
  /** Feeds the next bytes; returns the events completed by them, in order. */
  push(chunk: Uint8Array): SseMessage[]
}

const LF = 0x0a
const CR = 0x0d
const COLON = 0x3a
const SPACE = 0x20

/** Creates a reader of one event stream. */
export function createSseReader(options: SseReaderOptions = {}): SseReader {
  const maxEventBytes = options.maxEventBytes ?? Number.POSITIVE_INFINITY
  const decoder = new TextDecoder()
  const queue = new ByteQueue()
  // A CR ended the last line: an LF right after it belongs to that line end.
  let afterCr = false
  // How far the unfinished line was searched for its end (absolute), so it is scanned once.
  let scanned = -1
  let event = ''
  let data: string[] = []
  let dataBytes = 0

  function line(bytes: Uint8Array, from: number, to: number, out: SseMessage[]): void {
    if (from === to) {
      if (data.length || event) out.push({ event, data: data.join('\n'), size: dataBytes })
      event = ''
      data = []
      dataBytes = 0
      return
    }
    if (bytes[from] === COLON) return
    let colon = from
    while (colon < to && bytes[colon] !== COLON) colon++
    const field = decoder.decode(bytes.subarray(from, colon))
    let valueFrom = Math.min(colon + 1, to)
    if (valueFrom < to && bytes[valueFrom] === SPACE) valueFrom++
    if (field === 'data') {
      data.push(decoder.decode(bytes.subarray(valueFrom, to)))
      dataBytes += to - valueFrom + (data.length > 1 ? 1 : 0)
    } else if (field === 'event') event = decoder.decode(bytes.subarray(valueFrom, to))
  }

  return {
    push(chunk) {
      const out: SseMessage[] = []
      if (chunk.length === 0) return out
      const moved = queue.append(chunk)
      if (scanned >= 0) scanned -= moved
      const bytes = queue.bytes
      let from = queue.start
      if (afterCr && from < bytes.length) {
        if (bytes[from] === LF) from++
        afterCr = false
      }
      let i = Math.max(from, scanned)
      for (; i < bytes.length; i++) {
        const byte = bytes[i]
        if (byte !== LF && byte !== CR) continue
        line(bytes, from, i, out)
        if (dataBytes > maxEventBytes) throw new SseEventTooLargeError(maxEventBytes)
        if (byte === CR) {
          if (i + 1 < bytes.length) {
            if (bytes[i + 1] === LF) i++
          } else afterCr = true
        }
        from = i + 1
      }
      queue.start = from
      scanned = bytes.length
      if (dataBytes + queue.size > maxEventBytes) throw new SseEventTooLargeError(maxEventBytes)
      return out
    },
  }
}
