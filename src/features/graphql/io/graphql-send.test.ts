import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reactive } from 'vue'
import { createSendJobs, TEXT_PART_CHARS, type BuiltRequest, type SendJobMessage, type SendJobRequest } from '@/features/graphql/core/request'

const request: BuiltRequest = {
  url: 'https://api.example.com/graphql',
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer s3cret' },
  body: '{"query":"{ me { name } }","variables":{}}',
}

/**
 * A stand-in for the send worker: it runs the core's job runner in-process, and clones every
 * message both ways as postMessage does (so what cannot cross to a real worker fails here too).
 */
class FakeSendWorker {
  static instances: FakeSendWorker[] = []
  /**
   * `load-error`: fails like a worker whose script cannot load; `crash-after-accept`: dies mid-job;
   * `unreadable-after-accept`: its next message cannot be deserialized (`messageerror`).
   */
  static mode: 'ok' | 'load-error' | 'crash-after-accept' | 'unreadable-after-accept' = 'ok'
  static fetch: typeof fetch
  onmessage: ((event: MessageEvent<SendJobMessage>) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  onmessageerror: ((event: MessageEvent) => void) | null = null
  received: SendJobRequest[] = []
  terminated = false
  private answer = createSendJobs({ fetch: (...args) => FakeSendWorker.fetch(...args), performance: { now: () => 0 } })

  constructor() {
    FakeSendWorker.instances.push(this)
  }

  postMessage(data: SendJobRequest): void {
    const message = structuredClone(data)
    this.received.push(message)
    const fail = (text: string) => void setTimeout(() => this.onerror?.({ message: text, preventDefault: () => {} } as ErrorEvent))
    if (FakeSendWorker.mode === 'load-error') return fail('')
    void this.answer(message, (out, transfer = []) => {
      if (this.terminated) return
      if (FakeSendWorker.mode === 'crash-after-accept' && out.type !== 'accepted') return fail('Out of memory')
      if (FakeSendWorker.mode === 'unreadable-after-accept' && out.type !== 'accepted') {
        return void setTimeout(() => this.onmessageerror?.(new MessageEvent('messageerror')))
      }
      const copy = structuredClone(out, { transfer })
      setTimeout(() => this.onmessage?.({ data: copy } as MessageEvent<SendJobMessage>))
    })
  }

  terminate(): void {
    this.terminated = true
  }
}

const jsonResponse = (body: string) => async () => new Response(body, { headers: { 'Content-Type': 'application/json' } })

beforeEach(() => {
  vi.resetModules() // a fresh module: its worker is made anew for each test
  FakeSendWorker.instances = []
  FakeSendWorker.mode = 'ok'
  FakeSendWorker.fetch = vi.fn(jsonResponse('{"data":{"me":{"name":"Zoë"}}}'))
  vi.stubGlobal('Worker', FakeSendWorker)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

async function load() {
  return (await import('./graphql-send')).sendRequest
}

describe('sendRequest', () => {
  it('sends in the worker, with plain copies of reactive input, and reads the tree it scanned', async () => {
    const sendRequest = await load()
    const onReceived = vi.fn()
    const sent = await sendRequest(reactive({ ...request }), { secretHeaders: reactive(['Authorization']), onReceived })
    expect(FakeSendWorker.instances).toHaveLength(1)
    expect(FakeSendWorker.instances[0]?.received[0]).toMatchObject({ type: 'send', request: { url: request.url, body: request.body }, options: { secretHeaders: ['Authorization'] } })
    expect(sent.outcome).toMatchObject({ kind: 'response', status: 200, json: { data: { me: { name: 'Zoë' } } } })
    expect(sent.model?.count).toBe(4)
    expect(sent.model?.text).toBe('{"data":{"me":{"name":"Zoë"}}}')
    expect(onReceived).toHaveBeenCalledWith({ sizeBytes: 31, durationMs: 0 })
    // One worker for every send.
    await sendRequest(request)
    expect(FakeSendWorker.instances).toHaveLength(1)
  })

  it('puts a long body text back together from its parts', async () => {
    const body = JSON.stringify({ data: { items: Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `Ünïcode ${i}` })) } })
    expect(body.length).toBeGreaterThan(TEXT_PART_CHARS)
    FakeSendWorker.fetch = vi.fn(jsonResponse(body))
    const sent = await (await load())(request)
    expect(sent.outcome.kind === 'response' && sent.outcome.bodyText === body).toBe(true)
    expect(sent.model?.text === body).toBe(true)
    // A large body's json is only its shape (the tree has the rest).
    expect(sent.outcome).toMatchObject({ json: { data: {} } })
  })

  it('sets jsonError for a body declared JSON that is not', async () => {
    FakeSendWorker.fetch = vi.fn(jsonResponse('{"data":'))
    const sent = await (await load())(request)
    expect(sent.outcome).toMatchObject({ kind: 'response', jsonError: expect.stringMatching(/JSON/) })
    expect(sent.model).toBeUndefined()
  })

  it('answers Cancel at once and tells the worker to stop', async () => {
    FakeSendWorker.fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    )
    const sendRequest = await load()
    const controller = new AbortController()
    const sent = sendRequest(request, { signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve))
    controller.abort()
    expect((await sent).outcome.kind).toBe('aborted')
    expect(FakeSendWorker.instances[0]?.received.map((m) => m.type)).toEqual(['send', 'abort'])
    // An already-cancelled signal sends nothing.
    expect((await sendRequest(request, { signal: AbortSignal.abort() })).outcome).toEqual({ kind: 'aborted', durationMs: 0 })
    expect(FakeSendWorker.instances[0]?.received).toHaveLength(2)
  })

  it('sends from the page when the worker cannot load (it had not taken the job)', async () => {
    FakeSendWorker.mode = 'load-error'
    const pageFetch = vi.fn(jsonResponse('{"data":{"fromPage":true}}'))
    vi.stubGlobal('fetch', pageFetch)
    const sent = await (await load())(request)
    expect(pageFetch).toHaveBeenCalledTimes(1)
    expect(sent.outcome).toMatchObject({ kind: 'response', json: { data: { fromPage: true } } })
    expect(FakeSendWorker.instances[0]?.terminated).toBe(true)
  })

  it('never sends twice: a worker that dies after taking the job gives a network error', async () => {
    FakeSendWorker.mode = 'crash-after-accept'
    const pageFetch = vi.fn(jsonResponse('{}'))
    vi.stubGlobal('fetch', pageFetch)
    const sent = await (await load())(request, { secretHeaders: ['Authorization'] })
    expect(pageFetch).not.toHaveBeenCalled()
    expect(sent.outcome).toMatchObject({ kind: 'network-error', message: 'Out of memory', afterResponse: true, likelyCause: 'unknown' })
    expect(sent.outcome.kind === 'network-error' && sent.outcome.curl).not.toContain('s3cret')
  })

  it('a message from the worker that cannot be read ends the job with a network error, and the next send gets a new worker', async () => {
    FakeSendWorker.mode = 'unreadable-after-accept'
    const pageFetch = vi.fn(jsonResponse('{}'))
    vi.stubGlobal('fetch', pageFetch)
    const sendRequest = await load()
    const sent = await sendRequest(request)
    expect(pageFetch).not.toHaveBeenCalled()
    expect(sent.outcome).toMatchObject({ kind: 'network-error', message: 'A message from the request worker could not be read', afterResponse: true })
    expect(FakeSendWorker.instances[0]?.terminated).toBe(true)
    FakeSendWorker.mode = 'ok'
    expect((await sendRequest(request)).outcome).toMatchObject({ kind: 'response', json: { data: { me: { name: 'Zoë' } } } })
    expect(FakeSendWorker.instances).toHaveLength(2)
  })

  it('sends from the page where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined)
    const pageFetch = vi.fn(jsonResponse('[1,2]'))
    vi.stubGlobal('fetch', pageFetch)
    const sent = await (await load())(request)
    expect(sent.outcome).toMatchObject({ kind: 'response', json: [1, 2] })
    expect(sent.model?.count).toBe(3)
  })
})

describe('startSendWorker', () => {
  it('starts the worker before the first send, which then uses it', async () => {
    const { startSendWorker, sendRequest } = await import('./graphql-send')
    startSendWorker()
    expect(FakeSendWorker.instances).toHaveLength(1)
    expect(FakeSendWorker.instances[0]?.received).toEqual([])
    startSendWorker()
    expect((await sendRequest(request)).outcome).toMatchObject({ kind: 'response', status: 200 })
    expect(FakeSendWorker.instances).toHaveLength(1)
    expect(FakeSendWorker.instances[0]?.received.map((m) => m.type)).toEqual(['send'])
  })

  it('a started worker that fails before any send is replaced by the next send', async () => {
    const { startSendWorker, sendRequest } = await import('./graphql-send')
    startSendWorker()
    FakeSendWorker.instances[0]?.onerror?.({ message: 'Failed to load the worker script', preventDefault: () => {} } as ErrorEvent)
    expect(FakeSendWorker.instances[0]?.terminated).toBe(true)
    expect((await sendRequest(request)).outcome).toMatchObject({ kind: 'response', json: { data: { me: { name: 'Zoë' } } } })
    expect(FakeSendWorker.instances).toHaveLength(2)
  })

  it('does nothing where there are no workers, or where one may not be started', async () => {
    vi.stubGlobal('Worker', undefined)
    const withoutWorkers = (await import('./graphql-send')).startSendWorker
    expect(() => withoutWorkers()).not.toThrow()
    vi.resetModules()
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Refused by the CSP', 'SecurityError')
        }
      },
    )
    const { startSendWorker, sendRequest } = await import('./graphql-send')
    expect(() => startSendWorker()).not.toThrow()
    const pageFetch = vi.fn(jsonResponse('{"data":{"fromPage":true}}'))
    vi.stubGlobal('fetch', pageFetch)
    expect((await sendRequest(request)).outcome).toMatchObject({ kind: 'response', json: { data: { fromPage: true } } })
    expect(pageFetch).toHaveBeenCalledTimes(1)
  })
})
