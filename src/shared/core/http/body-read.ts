/**
 * Reading a response body chunk by chunk with a size guard: `response.text()` of a
 * 100 MB body (or of a 10 KB gzip bomb inflating to gigabytes) hands the page one huge string
 * decoded in one long task, and everything after it (parsing, rendering) goes on from there. Here
 * each chunk is decoded as it arrives (short tasks), text is kept only up to a limit, and beyond it
 * the bytes are kept as they came (a Blob, for download) and never decoded; past a hard limit
 * reading stops.
 */

import { createYielder, yieldToEventLoop } from '../yield'

/**
 * Largest body kept as text (and so parsed into the JSON tree): 32 MB. A 5–10 MB GraphQL response
 * (the sizes people inspect) is well inside; above it, the tree model and the parsed value would
 * take hundreds of MB and seconds of worker time for a body nobody reads in a browser pane, so the
 * page shows its size, its start, and a download instead.
 * @default 32_000_000
 */
export const BODY_TEXT_LIMIT_BYTES = 32_000_000

/**
 * Most bytes read at all: 256 MB. Past it the page stops reading (a gzip bomb can inflate without
 * end) and says the body was cut.
 * @default 256_000_000
 */
export const BODY_READ_LIMIT_BYTES = 256_000_000

/** Characters of a body kept as text once it is over the text limit: its start, for the raw view. */
export const BODY_HEAD_CHARS = 200_000

/** Bytes gathered before they are folded into the download Blob (4 MB: a copy of a few ms). */
const BLOB_FOLD_BYTES = 4_000_000

/** Options of {@link readBodyChunks}. */
export interface BodyReadOptions {
  /** Bodies up to this many bytes are decoded whole. @default BODY_TEXT_LIMIT_BYTES */
  textLimitBytes?: number
  /** Reading stops after this many bytes. @default BODY_READ_LIMIT_BYTES */
  readLimitBytes?: number
  /** Characters kept of a body over `textLimitBytes`. @default BODY_HEAD_CHARS */
  headChars?: number
  /** The Content-Type header, for the charset. @default '' (UTF-8) */
  contentType?: string
  /** Told the bytes received so far after each chunk. */
  onProgress?: (receivedBytes: number) => void
  /**
   * Called once with the text decoded so far when it first reaches `startChars` characters: the
   * start of a large body, to show while the rest arrives (a 5 MB response takes a few hundred ms
   * more). Not called for a shorter body. @default undefined
   */
  onStart?: (text: string) => void
  /** Characters decoded before `onStart` is called. @default BODY_START_CHARS */
  startChars?: number
}

/**
 * Characters of a body decoded before `onStart` gets its start: 256 K, where the tree model is built
 * in a worker (`WORKER_THRESHOLD`), so a body parsed at once on the page never gets a preview too.
 * Far more than a first screen of rows needs.
 * @default 262_144
 */
export const BODY_START_CHARS = 256 * 1024

/** What {@link readBodyChunks} read. */
export interface BodyRead {
  /** The whole body as text, or (when `truncated`) its first `headChars` characters. */
  text: string
  /** Bytes received (after content-encoding), at most `readLimitBytes`. */
  sizeBytes: number
  /** The body was longer than `textLimitBytes`: `text` is only its start. */
  truncated: boolean
  /** Reading stopped at `readLimitBytes`: the body is larger still. */
  cut: boolean
  /** The bytes read, for download; set when `truncated`. */
  blob?: Blob
}

/** The charset named in a Content-Type header, when any. */
export function charsetOf(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]
}

function decoderFor(contentType: string): TextDecoder {
  try {
    return new TextDecoder(charsetOf(contentType) ?? 'utf-8')
  } catch {
    return new TextDecoder('utf-8')
  }
}

/**
 * Reads `body` (a fetch Response's `body`; `null` for none) to the end or to the read limit.
 * Rejects with the stream's error (a broken connection, or the fetch signal's abort).
 */
export async function readBodyChunks(body: ReadableStream<Uint8Array> | null, options: BodyReadOptions = {}): Promise<BodyRead> {
  const textLimit = options.textLimitBytes ?? BODY_TEXT_LIMIT_BYTES
  const readLimit = Math.max(options.readLimitBytes ?? BODY_READ_LIMIT_BYTES, textLimit)
  const headChars = options.headChars ?? BODY_HEAD_CHARS
  const startChars = options.startChars ?? BODY_START_CHARS
  let onStart = options.onStart
  let decodedChars = 0
  if (!body) return { text: '', sizeBytes: 0, truncated: false, cut: false }
  const decoder = decoderFor(options.contentType ?? '')
  const reader = body.getReader()
  // A network that delivers faster than the page reads queues chunks: each read() then resolves at
  // once, and without yielding a 5 MB body was read in one 190 ms task (measured).
  const maybeYield = createYielder()
  // The bytes, folded into a Blob every BLOB_FOLD_BYTES: one `new Blob` over 100 MB of chunks at the
  // end copied them in one long task (184 ms measured); folding spreads the copying over the read.
  const blobParts: Blob[] = []
  let chunks: Uint8Array[] = []
  let pendingBytes = 0
  let parts: string[] = []
  let size = 0
  let truncated = false
  let cut = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      let chunk = value
      if (size + chunk.byteLength > readLimit) {
        chunk = chunk.subarray(0, readLimit - size)
        cut = true
      }
      size += chunk.byteLength
      chunks.push(chunk)
      pendingBytes += chunk.byteLength
      if (pendingBytes >= BLOB_FOLD_BYTES) {
        blobParts.push(new Blob(chunks as BlobPart[]))
        chunks = []
        pendingBytes = 0
      }
      if (!truncated) {
        if (size > textLimit) {
          // Over the limit: keep the start only, and stop decoding.
          truncated = true
          let head = ''
          for (const part of parts) {
            head += part
            if (head.length >= headChars) break
          }
          // A UTF-8 character is at most 4 bytes: enough of this chunk for the rest of the head.
          if (head.length < headChars) head += decoder.decode(chunk.subarray(0, (headChars - head.length) * 4))
          parts = [cutText(head, headChars)]
        } else {
          const part = decoder.decode(chunk, { stream: true })
          parts.push(part)
          decodedChars += part.length
          if (onStart && decodedChars >= startChars) {
            // Joined once here, and kept joined: the final join then copies it only once more.
            parts = [parts.join('')]
            const call = onStart
            onStart = undefined
            call(parts[0] ?? '')
            // Let the page show what it made of the start before reading on.
            await yieldToEventLoop()
          }
        }
      }
      options.onProgress?.(size)
      if (cut) {
        await reader.cancel().catch(() => {})
        break
      }
      await maybeYield()
    }
  } finally {
    reader.releaseLock()
  }
  if (!truncated) {
    parts.push(decoder.decode())
    return { text: parts.join(''), sizeBytes: size, truncated: false, cut }
  }
  return { text: parts[0] ?? '', sizeBytes: size, truncated: true, cut, blob: new Blob([...blobParts, ...(chunks as BlobPart[])]) }
}

/** The first `chars` characters of `text`, never ending in half a surrogate pair. */
function cutText(text: string, chars: number): string {
  if (text.length <= chars) return text
  const end = /[\ud800-\udbff]/.test(text.charAt(chars - 1)) ? chars - 1 : chars
  return text.slice(0, end)
}
