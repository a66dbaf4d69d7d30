/**
 * Hostile response bodies for the crash tests, served by both demo servers: a body of
 * any size generated while it is sent (never held in memory), and a gzip bomb (a few KB on the wire
 * that inflate to megabytes of NUL bytes).
 *
 *   /big?mb=100&type=json|text   100 MB of JSON (a GraphQL-shaped `{"data":{"products":[…]}}`) or text
 *   /big?…&hold=NAME             sends its first 512 KB, then waits for /big/release?hold=NAME (a
 *                                body caught mid-way, for the preview test)
 *   /gzip-bomb?mb=10[&type=json|text]   Content-Encoding: gzip, inflating to 10 MB of NUL bytes
 */
import type { ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { product } from './graphql-demo-schema.ts'

/** Largest `mb` either route accepts. */
export const MAX_LARGE_MB = 1024

/** A megabyte as `formatBytes` counts it (decimal), so "100 MB" reads 100 MB in the app. */
const MB = 1_000_000

/** `mb` from the query string, clamped to 0…{@link MAX_LARGE_MB}; `fallback` when absent or not a number. */
export function sizeParam(url: URL, fallback: number): number {
  const value = Number(url.searchParams.get('mb') ?? fallback)
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), MAX_LARGE_MB) : fallback
}

/**
 * Chunks of exactly `bytes` bytes of JSON (`type: 'json'`, a valid GraphQL response, padded with
 * spaces inside the last item's closing) or text lines, generated as they are read.
 */
export function* largeBodyChunks(bytes: number, type: 'json' | 'text'): Generator<Buffer> {
  const head = type === 'json' ? '{"data":{"products":[' : ''
  const tail = type === 'json' ? ']}}\n' : ''
  let sent = 0
  const emit = (text: string): Buffer => {
    const chunk = Buffer.from(text, 'utf8')
    sent += chunk.length
    return chunk
  }
  if (head.length + tail.length > bytes) {
    yield Buffer.alloc(bytes, 0x20)
    return
  }
  if (head) yield emit(head)
  let i = 0
  const budget = bytes - tail.length
  while (sent < budget) {
    const parts: string[] = []
    let length = 0
    // About 64 KB per chunk, never past the budget.
    while (length < 64 * 1024) {
      const item = type === 'json' ? `${i > 0 ? ',' : ''}${JSON.stringify(product(i))}` : `line ${i + 1}: ${product(i).description}\n`
      if (sent + length + Buffer.byteLength(item) > budget) break
      parts.push(item)
      length += Buffer.byteLength(item)
      i += 1
    }
    if (parts.length === 0) {
      // The next item does not fit: pad with spaces (insignificant in JSON).
      yield emit(' '.repeat(budget - sent))
      break
    }
    yield emit(parts.join(''))
  }
  if (tail) yield emit(tail)
}

/** Bytes a held body sends before it waits for its release. */
const HOLD_AFTER_BYTES = 512 * 1024

/**
 * Held responses by name. One name can hold several responses at once: the app asks the endpoint
 * for its schema as soon as it is typed, so the introspection request and the Send both wait on
 * the same name, in either order; a release lets all of them go.
 */
const holds = new Map<string, Set<() => void>>()

/**
 * Resolves when `/big/release?hold=NAME` is asked for, or after 60 s, so a forgotten hold never
 * keeps a response open for good.
 */
function released(name: string): Promise<void> {
  return new Promise((resolve) => {
    const release = () => {
      clearTimeout(timer)
      const waiting = holds.get(name)
      waiting?.delete(release)
      if (waiting?.size === 0) holds.delete(name)
      resolve()
    }
    const timer = setTimeout(release, 60_000)
    holds.set(name, (holds.get(name) ?? new Set()).add(release))
  })
}

/** `chunks`, pausing after `afterBytes` until `release` resolves. */
async function* heldAfter(chunks: Iterable<Buffer>, afterBytes: number, release: Promise<void>): AsyncGenerator<Buffer> {
  let sent = 0
  let held = false
  for (const chunk of chunks) {
    yield chunk
    sent += chunk.length
    if (!held && sent >= afterBytes) {
      held = true
      await release
    }
  }
}

/** Streams `mb` megabytes (MB) of JSON or text, with its Content-Length; with `hold`, pauses after 512 KB until released. */
export async function sendLargeBody(res: ServerResponse, mb: number, type: 'json' | 'text', hold?: string): Promise<void> {
  const bytes = Math.round(mb * MB)
  res.writeHead(200, {
    'content-type': type === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': String(bytes),
    'cache-control': 'no-store',
  })
  const chunks = largeBodyChunks(bytes, type)
  const source = hold ? heldAfter(chunks, HOLD_AFTER_BYTES, released(hold)) : chunks
  await pipeline(Readable.from(source), res).catch(() => res.destroy())
}

const bombs = new Map<number, Promise<Buffer>>()

/** The gzip of `bytes` NUL bytes, compressed once per size (1 GB of NULs is about 1 MB of gzip). */
export function gzipBomb(bytes: number): Promise<Buffer> {
  let bomb = bombs.get(bytes)
  if (!bomb) {
    bomb = (async () => {
      const zeros = Buffer.alloc(Math.min(bytes, MB))
      const source = Readable.from(
        (function* () {
          for (let left = bytes; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left)
        })(),
      )
      const chunks: Buffer[] = []
      await pipeline(source, createGzip({ level: 9 }), async (compressed: AsyncIterable<Buffer>) => {
        for await (const chunk of compressed) chunks.push(chunk)
      })
      return Buffer.concat(chunks)
    })()
    bombs.set(bytes, bomb)
  }
  return bomb
}

/** Sends a gzip bomb inflating to `mb` MB of NUL bytes, declared as JSON or text. */
export async function sendGzipBomb(res: ServerResponse, mb: number, type: 'json' | 'text'): Promise<void> {
  const body = await gzipBomb(Math.round(mb * MB))
  res.writeHead(200, {
    'content-type': type === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-encoding': 'gzip',
    'content-length': String(body.length),
    'cache-control': 'no-store',
  })
  res.end(body)
}

/**
 * Answers `/big` and `/gzip-bomb` (any method; a request body is drained first); returns false for
 * any other path.
 */
export function serveLargeBody(url: URL, req: { resume(): unknown }, res: ServerResponse): boolean {
  const type = url.searchParams.get('type') === 'json' ? 'json' : 'text'
  if (url.pathname === '/big') {
    req.resume()
    void sendLargeBody(res, sizeParam(url, 100), url.searchParams.get('type') === 'text' ? 'text' : 'json', url.searchParams.get('hold') ?? undefined)
    return true
  }
  if (url.pathname === '/big/release') {
    req.resume()
    const waiting = [...(holds.get(url.searchParams.get('hold') ?? '') ?? [])]
    for (const release of waiting) release()
    res.writeHead(waiting.length ? 204 : 404, { 'cache-control': 'no-store' }).end()
    return true
  }
  if (url.pathname === '/gzip-bomb') {
    req.resume()
    void sendGzipBomb(res, sizeParam(url, 10), type)
    return true
  }
  return false
}
