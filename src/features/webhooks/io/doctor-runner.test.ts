/**
 * The doctor's runner: large requests go to a worker, each new run ends the worker of the run before (so
 * its hashing stops) and settles that run with `undefined`; a worker that cannot run falls back to the page.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SignatureDiagnosis } from '@/features/webhooks/core'
import { cancelDiagnosis, requestSize, runDiagnosis, type DoctorWorkerAnswer, type DoctorWorkerRequest } from './doctor-runner'

class FakeWorker {
  static made: FakeWorker[] = []
  /** The worker of the last request (a worker outlives a test when its run finished). */
  static last: FakeWorker | undefined
  posted: DoctorWorkerRequest[] = []
  terminated = false
  onmessage: ((event: { data: DoctorWorkerAnswer }) => void) | null = null
  onerror: (() => void) | null = null
  onmessageerror: (() => void) | null = null
  constructor() {
    FakeWorker.made.push(this)
  }
  postMessage(message: DoctorWorkerRequest): void {
    this.posted.push(message)
    FakeWorker.last = this
  }
  terminate(): void {
    this.terminated = true
  }
}

const valid: SignatureDiagnosis = { provider: 'github', verdict: 'valid', causes: [] }
const input = (body: string) => ({ request: { headers: { 'X-Hub-Signature-256': 'sha256=00', 'X-GitHub-Event': 'push' }, body }, secret: 's' })

beforeEach(() => {
  FakeWorker.made = []
  ;(globalThis as { Worker?: unknown }).Worker = FakeWorker
})
afterEach(() => {
  cancelDiagnosis()
  delete (globalThis as { Worker?: unknown }).Worker
})

describe('runDiagnosis', () => {
  it('runs a large request in the worker, and a newer run cancels it by ending that worker', async () => {
    const first = runDiagnosis(input('x'.repeat(100)), 10)
    expect(FakeWorker.made).toHaveLength(1)
    const second = runDiagnosis(input('y'.repeat(100)), 10)
    expect(FakeWorker.made[0]!.terminated).toBe(true)
    await expect(first).resolves.toBeUndefined()
    const worker = FakeWorker.made[1]!
    const request = worker.posted[0]!
    expect(request.input.request).toMatchObject({ body: 'y'.repeat(100) })
    worker.onmessage?.({ data: { id: request.id, diagnosis: valid } })
    await expect(second).resolves.toEqual(valid)
  })

  it('ignores an answer for a run that was superseded', async () => {
    const run = runDiagnosis(input('x'.repeat(100)), 10)
    const worker = FakeWorker.last!
    const id = worker.posted.at(-1)!.id
    worker.onmessage?.({ data: { id: id - 1, diagnosis: { ...valid, verdict: 'invalid' } } })
    worker.onmessage?.({ data: { id, diagnosis: valid } })
    await expect(run).resolves.toEqual(valid)
  })

  it('falls back to the page when the worker cannot run, and keeps small requests on the page', async () => {
    const run = runDiagnosis(input('x'.repeat(100)), 10)
    FakeWorker.last!.onerror?.()
    await expect(run).resolves.toMatchObject({ provider: 'github', verdict: 'invalid' })
    const workers = FakeWorker.made.length
    await expect(runDiagnosis(input('small'), 1000)).resolves.toMatchObject({ provider: 'github' })
    expect(FakeWorker.made).toHaveLength(workers)
  })

  it('measures the request by its body and headers', () => {
    expect(requestSize({ request: { headers: [['a', 'bc']], body: 'defg' }, secret: '' })).toBe(7)
    expect(requestSize({ request: 'raw text', secret: '' })).toBe(8)
  })
})
