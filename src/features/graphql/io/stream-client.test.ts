/**
 * The stream client with a worker: a stand-in Worker that runs the real worker script
 * (`graphql-stream.worker.ts`, its `self` a stand-in scope) and copies every message both ways as
 * postMessage does; the stream is a real SSE body read by the real job.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StreamJobMessage, StreamWorkerMessage, StreamWorkerRequest } from './stream-job'

class FakeStreamWorker {
  static instances: FakeStreamWorker[] = []
  /** Throws from the constructor, as a browser does for a worker its Content-Security-Policy refuses. */
  static refuse = false
  onmessage: ((event: MessageEvent<StreamWorkerMessage>) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  onmessageerror: ((event: MessageEvent) => void) | null = null
  received: StreamWorkerRequest[] = []
  terminated = false
  private scope = {
    onmessage: null as ((event: MessageEvent<StreamWorkerRequest>) => void) | null,
    postMessage: (data: StreamWorkerMessage) => {
      if (this.terminated) return
      const copy = structuredClone(data)
      setTimeout(() => this.onmessage?.({ data: copy } as MessageEvent<StreamWorkerMessage>))
    },
  }
  /** The worker script, run (asynchronously: the stand-in `self` stays until it has). */
  loaded: Promise<unknown>

  constructor() {
    if (FakeStreamWorker.refuse) throw new Error('Refused to create a worker by the Content-Security-Policy')
    FakeStreamWorker.instances.push(this)
    vi.stubGlobal('self', this.scope)
    vi.resetModules() // the worker script runs anew, for this worker's scope
    this.loaded = import('./graphql-stream.worker')
  }

  postMessage(data: StreamWorkerRequest): void {
    const message = structuredClone(data)
    this.received.push(message)
    void this.loaded.then(() => void (this.terminated || this.scope.onmessage?.({ data: message } as MessageEvent<StreamWorkerRequest>)))
  }

  terminate(): void {
    this.terminated = true
  }

  /** Dies as a worker does on an uncaught error. */
  crash(message: string): void {
    this.onerror?.(Object.assign(new Event('error', { cancelable: true }), { message }) as ErrorEvent)
  }
}

const encoder = new TextEncoder()
const next = (n: number) => encoder.encode(`event: next\ndata: {"data":{"n":${n}}}\n\n`)

/** An SSE answer of `chunks`, closed after them unless `open`; records the request's signal. */
function serve(chunks: Uint8Array[], open = false): { signal: () => AbortSignal | undefined } {
  let signal: AbortSignal | undefined
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    signal = init.signal ?? undefined
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk)
        if (!open) controller.close()
      },
    })
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
  }))
  return { signal: () => signal }
}

const start = {
  type: 'start',
  transport: 'sse',
  request: { url: 'http://127.0.0.1:9/graphql', method: 'POST', headers: {}, body: '{"query":"subscription { n }"}' },
} as const

/** Starts a stream; its messages are kept, and each batch acknowledged as the page does. */
async function stream() {
  const { startStreamOffThread } = await import('./stream-client')
  const seen: StreamJobMessage[] = []
  const job = startStreamOffThread(start, (message) => {
    seen.push(message)
    if (message.type === 'events') job.ack()
  })
  return { job, seen }
}

beforeEach(() => {
  FakeStreamWorker.instances = []
  FakeStreamWorker.refuse = false
  vi.stubGlobal('Worker', FakeStreamWorker)
})

afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(FakeStreamWorker.instances.map((worker) => worker.loaded))
  vi.unstubAllGlobals()
})

describe('startStreamOffThread with a worker', () => {
  it('runs the stream in the worker, every message naming its job both ways, and ends the worker with the stream', async () => {
    serve([next(1), next(2), encoder.encode('event: complete\ndata:\n\n')])
    const { seen } = await stream()
    await vi.waitFor(() => expect(seen.at(-1)).toMatchObject({ type: 'complete' }))
    expect(seen.flatMap((message) => (message.type === 'events' ? message.events.map((event) => event.text) : []))).toEqual(['{"data":{"n":1}}', '{"data":{"n":2}}'])
    const [worker] = FakeStreamWorker.instances
    const id = worker!.received[0]!.id
    expect(id).toEqual(expect.any(Number))
    expect(worker!.received.map((message) => [message.type, message.id])).toEqual([['start', id], ...worker!.received.slice(1).map(() => ['ack', id])])
    expect(worker!.received.length).toBeGreaterThan(1)
    expect(worker!.terminated).toBe(true)
  })

  it('Stop asks the job to close its connection, and ends the worker once the grace is over', async () => {
    const server = serve([next(1)], true)
    const { job, seen } = await stream()
    await vi.waitFor(() => expect(seen).toHaveLength(1))
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    job.stop()
    const [worker] = FakeStreamWorker.instances
    expect(worker!.received.at(-1)).toEqual({ type: 'stop', id: expect.any(Number) })
    expect(worker!.received.at(-1)?.id).toBe(worker!.received[0]!.id)
    const signal = server.signal()!
    if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve))
    expect(worker!.terminated).toBe(false)
    const { STOP_GRACE_MS } = await import('./stream-client')
    vi.advanceTimersByTime(STOP_GRACE_MS)
    expect(worker!.terminated).toBe(true)
    job.ack()
    expect(worker!.received.at(-1)?.type).toBe('stop')
    expect(seen).toHaveLength(1)
  })

  it('a worker that crashes mid-stream fails the stream with its message, and the next stream gets a new worker', async () => {
    serve([next(1)], true)
    const first = await stream()
    await vi.waitFor(() => expect(first.seen).toHaveLength(1))
    FakeStreamWorker.instances[0]!.crash('Out of memory')
    expect(first.seen.at(-1)).toEqual({ type: 'fail', message: 'The stream worker stopped: Out of memory.' })
    expect(FakeStreamWorker.instances[0]!.terminated).toBe(true)
    first.job.stop() // nothing left to stop
    expect(FakeStreamWorker.instances[0]!.received.map((message) => message.type)).not.toContain('stop')

    serve([next(2), encoder.encode('event: complete\ndata:\n\n')])
    const second = await stream()
    await vi.waitFor(() => expect(second.seen.at(-1)).toMatchObject({ type: 'complete' }))
    expect(FakeStreamWorker.instances).toHaveLength(2)
  })

  it('a worker that cannot start fails the stream in words rather than throwing', async () => {
    FakeStreamWorker.refuse = true
    const refused = await stream()
    expect(refused.seen).toEqual([{ type: 'fail', message: 'The stream worker could not start: Refused to create a worker by the Content-Security-Policy.' }])

    FakeStreamWorker.refuse = false
    serve([next(1)], true)
    const unloaded = await stream()
    FakeStreamWorker.instances[0]!.onerror?.(new Event('error', { cancelable: true }) as ErrorEvent)
    expect(unloaded.seen).toEqual([{ type: 'fail', message: 'The stream worker could not start: its script did not load.' }])
  })
})
