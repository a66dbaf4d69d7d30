import { describe, expect, it, vi } from 'vitest'
import type { BuiltRequest } from './build'
import { createSendJobs, isScannableBody, RESPONSE_TREE_OPENING, TEXT_PART_CHARS, type SendJobMessage } from './send-job'
import type { ResponseOutcome } from './send'

const request: BuiltRequest = {
  url: 'https://api.example.com/graphql',
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' },
  body: '{"query":"{ me { name } }","variables":{}}',
}

const performance = { now: () => 0 }

/** Runs one job and collects what the worker would post, with what each message transfers. */
async function run(fetch: typeof globalThis.fetch, options = {}) {
  const posted: { message: SendJobMessage; transfer: Transferable[] }[] = []
  const answer = createSendJobs({ fetch, performance })
  await answer({ type: 'send', id: 7, request, options }, (message, transfer = []) => posted.push({ message, transfer }))
  return posted
}

const json = (body: string, contentType = 'application/graphql-response+json') => vi.fn(async () => new Response(body, { headers: { 'Content-Type': contentType } }))

describe('createSendJobs', () => {
  it('accepts, says the body has arrived, then gives the outcome and the tree with its first view, their buffers transferred', async () => {
    const fetch = json('{"data":{"me":{"name":"Zoë"}}}')
    const posted = await run(fetch, { secretHeaders: ['Authorization'] })
    expect(posted.map((p) => p.message.type)).toEqual(['accepted', 'received', 'done'])
    expect(fetch).toHaveBeenCalledWith(request.url, expect.objectContaining({ method: 'POST', body: request.body, credentials: 'same-origin' }))
    const done = posted[2]?.message
    if (done?.type !== 'done' || done.outcome.kind !== 'response') throw new Error('expected a response')
    expect(done.outcome.status).toBe(200)
    expect(done.outcome.bodyText).toBe('{"data":{"me":{"name":"Zoë"}}}')
    // Parsing is the page's (small body) or the tree's (large one): the outcome carries no object graph.
    expect(done.outcome.json).toBeUndefined()
    expect(posted[1]?.message).toEqual({ type: 'received', id: 7, sizeBytes: 31, durationMs: 0 })
    if (!done.scanned?.ok) throw new Error('expected a tree')
    expect(done.scanned.model.count).toBe(4)
    expect('text' in done.scanned.model).toBe(false)
    // The response tree's first view (data, me, name: open down to depth 3) is made here, not on the page.
    const view = done.scanned.model.firstView
    expect(view && { ...view, expanded: [...view.expanded], rows: [...view.rows] }).toEqual({ ...RESPONSE_TREE_OPENING, expanded: [1, 1, 1, 0], rows: [1, 2, 3] })
    expect(posted[2]?.transfer).toHaveLength(13)
    expect(posted[2]?.transfer).toEqual(expect.arrayContaining([view?.expanded.buffer, view?.rows.buffer]))
    expect(posted[2]?.transfer.every((buffer) => buffer instanceof ArrayBuffer)).toBe(true)
  })

  it('gives the parser’s message for a body declared JSON that is not', async () => {
    const posted = await run(json('{"data":'))
    const done = posted.at(-1)?.message
    expect(done?.type === 'done' && done.scanned).toEqual({ ok: false, message: expect.stringMatching(/JSON/) })
    expect(posted.at(-1)?.transfer).toEqual([])
  })

  it('does not scan a body that is not JSON, nor an empty one', async () => {
    for (const fetch of [json('<html>oops</html>', 'text/html'), json('   ')]) {
      const posted = await run(fetch)
      expect(posted.map((p) => p.message.type)).toEqual(['accepted', 'done'])
      const done = posted[1]?.message
      expect(done?.type === 'done' && done.scanned).toBeUndefined()
    }
  })

  it('posts the tree of a large JSON body’s start while it arrives, its columns transferred', async () => {
    const body = JSON.stringify({ data: { items: Array.from({ length: 9000 }, (_, i) => ({ id: i, name: `Item ${i} alpha` })) } })
    const posted = await run(json(body))
    expect(posted.map((p) => p.message.type)).toEqual(['accepted', 'body-preview', 'received', 'done'])
    const { message, transfer } = posted[1] ?? {}
    if (message?.type !== 'body-preview') throw new Error('expected a preview')
    // Still open where the start was cut: the root, data, items and the item cut in the middle.
    expect(message.preview.stillOpen).toBe(4)
    expect(message.preview.model.text.length).toBeLessThanOrEqual(64 * 1024 + 3)
    expect(message.preview.model.text).toContain('Item 0 alpha')
    expect(transfer).toHaveLength(11)
    // Text that is not JSON gets no preview.
    const text = await run(json('x'.repeat(300_000), 'text/plain'))
    expect(text.map((p) => p.message.type)).toEqual(['accepted', 'done'])
  })

  it('posts a long body text in parts before done, which then carries none', async () => {
    const text = `"${'é'.repeat(TEXT_PART_CHARS * 2)}"` // two million and two characters: three parts
    const posted = await run(json(text, 'application/json'))
    expect(posted.map((p) => p.message.type)).toEqual(['accepted', 'received', 'body-text', 'body-text', 'body-text', 'done'])
    const parts = posted.flatMap((p) => (p.message.type === 'body-text' ? [p.message] : []))
    expect(parts.map((p) => [p.part.length, p.last])).toEqual([[TEXT_PART_CHARS, false], [TEXT_PART_CHARS, false], [2, true]])
    expect(parts.map((p) => p.part).join('')).toBe(text)
    const done = posted.at(-1)?.message
    expect(done?.type === 'done' && done.outcome.kind === 'response' && [done.outcome.bodyText, done.outcome.sizeBytes]).toEqual(['', TEXT_PART_CHARS * 4 + 2])
    expect(done?.type === 'done' && done.scanned?.ok).toBe(true)
    // Text that is not JSON comes in parts too, with no tree.
    const plain = await run(json('x'.repeat(TEXT_PART_CHARS + 1), 'text/plain'))
    expect(plain.map((p) => p.message.type)).toEqual(['accepted', 'body-text', 'body-text', 'done'])
  })

  it('stops the job with its id on abort, and reports network errors with their curl', async () => {
    const answer = createSendJobs({ fetch: hangingFetch(), performance })
    const posted: SendJobMessage[] = []
    const sent = answer({ type: 'send', id: 1, request, options: {} }, (message) => posted.push(message))
    await answer({ type: 'abort', id: 2 }, () => {}) // another id: nothing happens
    await answer({ type: 'abort', id: 1 }, () => {})
    await sent
    expect(posted.at(-1)).toEqual({ type: 'done', id: 1, outcome: { kind: 'aborted', durationMs: 0 } })

    const failed = await run(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))), { secretHeaders: ['Authorization'], pageOrigin: 'https://app.example' })
    const done = failed.at(-1)?.message
    if (done?.type !== 'done' || done.outcome.kind !== 'network-error') throw new Error('expected a network error')
    // The same fetch refuses the probes too: no server answered.
    expect(done.outcome.likelyCause).toBe('unreachable')
    expect(done.outcome.curl).toContain('$AUTHORIZATION')
    expect(done.outcome.curl).not.toContain('s3cret')
  })

  it('keeps to its timeout', async () => {
    vi.useFakeTimers()
    try {
      const answer = createSendJobs({ fetch: hangingFetch(), performance })
      const posted: SendJobMessage[] = []
      const sent = answer({ type: 'send', id: 3, request, options: { timeoutMs: 50 } }, (message) => posted.push(message))
      await vi.advanceTimersByTimeAsync(50)
      await sent
      expect(posted.at(-1)).toEqual({ type: 'done', id: 3, outcome: { kind: 'timeout', durationMs: 0 } })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('isScannableBody', () => {
  const outcome = (over: Partial<ResponseOutcome>): ResponseOutcome => ({
    kind: 'response', status: 200, statusText: 'OK', mediaType: 'application/json', headers: [], bodyText: '{}', durationMs: 1, sizeBytes: 2, ...over,
  })

  it('scans JSON and undeclared bodies, not text, blank or truncated ones', () => {
    expect(isScannableBody(outcome({}))).toBe(true)
    expect(isScannableBody(outcome({ mediaType: 'application/problem+json' }))).toBe(true)
    expect(isScannableBody(outcome({ mediaType: '' }))).toBe(true)
    expect(isScannableBody(outcome({ mediaType: 'text/plain' }))).toBe(false)
    expect(isScannableBody(outcome({ bodyText: ' \n' }))).toBe(false)
    expect(isScannableBody(outcome({ bodyTruncated: true }))).toBe(false)
  })
})

/** A fetch that settles only by rejecting when its signal aborts. */
function hangingFetch() {
  return vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      }),
  ) as unknown as typeof globalThis.fetch
}
