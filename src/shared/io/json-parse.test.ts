import { afterEach, describe, expect, test, vi } from 'vitest'
import { parseJsonTree, WORKER_THRESHOLD } from './json-parse'
import { nodeJson } from '../core/json/json-tree'

// In node there is no Worker: these cover the main-thread path; the
// worker path runs in the browser (the benchmark script drives it with 5 and 10 MB bodies). Its
// failures are covered here with stand-in workers.
afterEach(() => {
  vi.unstubAllGlobals()
})

/** A worker that fails in one of the two ways a page hears of: `error` or `messageerror`. */
function failingWorker(kind: 'error' | 'messageerror') {
  return class FailingWorker {
    static made = 0
    onmessage: ((event: MessageEvent) => void) | null = null
    onerror: ((event: ErrorEvent) => void) | null = null
    onmessageerror: ((event: MessageEvent) => void) | null = null
    terminated = false
    constructor() {
      FailingWorker.made++
    }
    postMessage(): void {
      setTimeout(() => (kind === 'error' ? this.onerror?.({ message: 'blocked by CSP' } as ErrorEvent) : this.onmessageerror?.(new MessageEvent('messageerror'))))
    }
    terminate(): void {
      this.terminated = true
    }
  }
}

describe('parseJsonTree', () => {
  test('a worker that fails, or whose answer cannot be read, rejects the job and is replaced on the next one', async () => {
    const Unreadable = failingWorker('messageerror')
    vi.stubGlobal('Worker', Unreadable)
    await expect(parseJsonTree('[1]', { threshold: 0 })).rejects.toThrow('A message from the JSON worker could not be read')
    const Broken = failingWorker('error')
    vi.stubGlobal('Worker', Broken)
    await expect(parseJsonTree('[1]', { threshold: 0 })).rejects.toThrow('blocked by CSP')
    expect([Unreadable.made, Broken.made]).toEqual([1, 1])
  })

  test('the worker threshold is 256 kB', () => {
    expect(WORKER_THRESHOLD).toBe(262_144)
  })

  test('parseJsonTree flattens small JSON and rejects bad JSON with a SyntaxError', async () => {
    const model = await parseJsonTree('{"a":[1,"x"]}')
    expect(nodeJson(model, 0, 0)).toBe('{"a":[1,"x"]}')
    await expect(parseJsonTree('{"a":')).rejects.toThrow(SyntaxError)
  })
})
