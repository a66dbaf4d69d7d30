/**
 * The worker client against real threads: `node:worker_threads` workers running the small script
 * below, adapted to the DOM Worker's interface as a browser would report them (a script that
 * cannot be fetched or parsed fires a plain `error` Event, an uncaught exception an ErrorEvent).
 */
import { Worker as Thread } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { createWorkerClient, WorkerFailure, type WorkerClient, type WorkerLike } from './worker-client'

type Request = { id: number; type: 'echo' | 'parts' | 'crash' | 'hang' | 'abort' | 'ack' | 'spin'; value?: string }
type Message = { id: number; type: 'done' | 'part' | 'aborted' | 'acked'; value?: string }

/** The worker: answers each request by its id, as the app's workers do. */
const SCRIPT = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', (request) => {
  const post = (message) => parentPort.postMessage({ id: request.id, ...message })
  switch (request.type) {
    case 'echo': return post({ type: 'done', value: request.value })
    case 'parts':
      for (const value of request.value.split('')) post({ type: 'part', value })
      return
    case 'ack': return post({ type: 'acked' })
    case 'abort': return post({ type: 'aborted' })
    case 'crash': return setTimeout(() => { throw new Error('Out of memory') })
    case 'spin': for (;;) {}
    case 'hang': return
  }
})
`

/** A thread seen through the DOM Worker's interface. */
class ThreadWorker implements WorkerLike {
  static made: ThreadWorker[] = []
  onmessage: ((event: MessageEvent) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  onmessageerror: ((event: MessageEvent) => void) | null = null
  terminated = false
  readonly thread: Thread

  constructor(source: string, eval_ = true) {
    this.thread = new Thread(source, { eval: eval_ })
    ThreadWorker.made.push(this)
    this.thread.on('message', (data: unknown) => this.onmessage?.(new MessageEvent('message', { data })))
    this.thread.on('messageerror', () => this.onmessageerror?.(new MessageEvent('messageerror')))
    this.thread.on('error', (error: Error & { code?: string }) => {
      const notLoaded = error.code === 'MODULE_NOT_FOUND' || error.name === 'SyntaxError'
      const event = new Event('error', { cancelable: true })
      this.onerror?.((notLoaded ? event : Object.assign(event, { message: error.message })) as ErrorEvent)
    })
  }

  postMessage(message: unknown, transfer: Transferable[]): void {
    this.thread.postMessage(message, transfer as never)
  }

  terminate(): void {
    this.terminated = true
    void this.thread.terminate()
  }
}

let client: WorkerClient<Request, Message> | undefined

function threadClient(source = SCRIPT, eval_ = true): WorkerClient<Request, Message> {
  client = createWorkerClient<Request, Message>({ create: () => new ThreadWorker(source, eval_), label: 'test worker' })
  return client
}

/** A job whose first message settles it with the message's value. */
const job = (type: Request['type'], value?: string) => ({
  request: (id: number): Request => ({ id, type, ...(value === undefined ? {} : { value }) }),
  onMessage: (message: Message, control: { resolve: (value: string | undefined) => void }) => control.resolve(message.value),
})

afterEach(() => {
  client?.end()
  for (const worker of ThreadWorker.made) worker.terminate()
  ThreadWorker.made = []
})

describe('createWorkerClient', () => {
  it('matches answers to their jobs by id, in one worker', async () => {
    const workers = threadClient()
    const answers = await Promise.all(['a', 'b', 'c'].map((value) => workers.run(job('echo', value))))
    expect(answers).toEqual(['a', 'b', 'c'])
    expect(ThreadWorker.made).toHaveLength(1)
  })

  it('hands a job every message until it settles, and lets it post more (a stream and its acks)', async () => {
    const workers = threadClient()
    const seen: string[] = []
    const result = await workers.run<string[]>({
      request: (id) => ({ id, type: 'parts', value: 'xyz' }),
      onMessage(message, control) {
        if (message.type === 'part') {
          seen.push(message.value!)
          if (seen.length === 3) control.post({ id: control.id, type: 'ack' })
        }
        if (message.type === 'acked') control.resolve(seen)
      },
    })
    expect(result).toEqual(['x', 'y', 'z'])
  })

  it('a crash mid-job fails every job in flight with the worker’s message, and the next job gets a new worker', async () => {
    const workers = threadClient()
    const waiting = workers.run(job('hang'))
    const crashing = workers.run(job('crash'))
    await expect(crashing).rejects.toThrow(new WorkerFailure('crash', 'Out of memory'))
    await expect(waiting).rejects.toMatchObject({ kind: 'crash', message: 'Out of memory' })
    expect(ThreadWorker.made[0]?.terminated).toBe(true)
    await expect(workers.run(job('echo', 'again'))).resolves.toBe('again')
    expect(ThreadWorker.made).toHaveLength(2)
  })

  it('a failure can end the job another way (the same work on the page)', async () => {
    const workers = threadClient()
    const result = await workers.run({ ...job('crash'), onFailure: (failure) => `on the page after ${failure.kind}` })
    expect(result).toBe('on the page after crash')
  })

  it('a worker whose script does not load fails the job as such, and one that cannot be made at all too', async () => {
    const missing = threadClient('/nonexistent/worker.js', false)
    await expect(missing.run(job('echo', 'x'))).rejects.toMatchObject({ kind: 'load', message: 'The test worker could not start: its script did not load' })
    const unparsable = threadClient('this is not javascript {')
    await expect(unparsable.run(job('echo', 'x'))).rejects.toMatchObject({ kind: 'load' })
    // Node refuses a path that is neither absolute nor ./relative, as a browser refuses a worker its CSP forbids.
    const refused = threadClient('worker.js', false)
    expect(refused.warm()).toBe(false)
    await expect(refused.run(job('echo', 'x'))).rejects.toMatchObject({ kind: 'load', message: expect.stringMatching(/^The test worker could not start: The worker script .* must be an absolute path/) })
  })

  it('cancelling forgets the job (or posts its stop message); the worker goes on with the others', async () => {
    const workers = threadClient()
    const forgotten = workers.start(job('hang'))
    forgotten.cancel()
    await expect(forgotten.result).rejects.toMatchObject({ name: 'AbortError' })
    const seen: Message[] = []
    const controller = new AbortController()
    const stopped = workers.run({
      request: (id) => ({ id, type: 'hang' }),
      onMessage: (message) => void seen.push(message),
      signal: controller.signal,
      cancel: { post: (id) => ({ id, type: 'abort' }), result: () => 'stopped' },
    })
    controller.abort()
    await expect(stopped).resolves.toBe('stopped')
    // The worker's answer to the stop message reaches no job; the next job is answered.
    await expect(workers.run(job('echo', 'next'))).resolves.toBe('next')
    expect(seen).toEqual([])
    expect(ThreadWorker.made).toHaveLength(1)
    // An aborted signal cancels before anything is posted.
    await expect(workers.run({ ...job('echo', 'x'), signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('cancelling by ending the worker stops a job that never yields; the others fail as ended', async () => {
    const workers = threadClient()
    const other = workers.run(job('hang'))
    const spinning = workers.start({ ...job('spin'), cancel: { endWorker: true, result: () => 'cancelled' } })
    spinning.cancel()
    await expect(spinning.result).resolves.toBe('cancelled')
    await expect(other).rejects.toMatchObject({ kind: 'ended', message: 'The test worker was ended' })
    expect(ThreadWorker.made[0]?.terminated).toBe(true)
    await expect(workers.run(job('echo', 'fresh'))).resolves.toBe('fresh')
  })

  it('a job whose request cannot be posted fails alone', async () => {
    const workers = threadClient()
    const unsendable = workers.run({ ...job('echo'), request: (id) => ({ id, type: 'echo', value: (() => {}) as unknown as string }) })
    await expect(unsendable).rejects.toMatchObject({ kind: 'unsendable', message: expect.stringMatching(/^The job could not be sent to the test worker: /) })
    await expect(workers.run(job('echo', 'ok'))).resolves.toBe('ok')
    expect(ThreadWorker.made).toHaveLength(1)
  })

  it('a message that cannot be read fails every job in flight', async () => {
    const workers = threadClient()
    const waiting = workers.run(job('hang'))
    await workers.run(job('echo', 'started'))
    ThreadWorker.made[0]!.thread.emit('messageerror', new Error('could not deserialize'))
    await expect(waiting).rejects.toMatchObject({ kind: 'unreadable', message: 'A message from the test worker could not be read' })
  })
})
