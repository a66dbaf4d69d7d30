/**
 * Send against a handler that never answers (the demo receiver's /never): it gives up after the
 * time limit, or when cancelled, and says so; the next Send works again.
 */
import type { Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useWebhookStore } from '@/features/webhooks/stores/webhooks'
import { SEND_TIMEOUT_MS } from '@/features/webhooks/io/webhooks-delivery'
import { startWebhookReceiver } from '../../../../demo/webhook-receiver'
import { installMemoryLocalStorage } from '../../../shared/testing/memory-storage'

const storage = installMemoryLocalStorage()
const CONTEXT = { origin: 'http://127.0.0.1:4173', online: true }
let receiver: { origin: string; server: Server }

beforeAll(async () => {
  receiver = await startWebhookReceiver(0)
})
afterAll(() => {
  receiver.server.closeAllConnections()
  return new Promise<void>((resolve) => receiver.server.close(() => resolve()))
})
beforeEach(() => storage.clear())

function load() {
  setActivePinia(createPinia())
  return useWebhookStore()
}

describe('Send: time limit and Cancel', () => {
  it('waits 10 s by default (GitHub’s own delivery timeout)', () => {
    expect(SEND_TIMEOUT_MS).toBe(10_000)
    expect(load().timeoutMs).toBe(10_000)
  })

  it('a handler that never answers: Send gives up after the limit and says how long it waited', async () => {
    const store = load()
    store.handlerUrl = `${receiver.origin}/never`
    store.timeoutMs = 300
    const started = Date.now()
    await expect(store.send(1, CONTEXT)).resolves.toBe('timeout')
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(store.sending).toBe(false)
    expect(store.failure).toMatchObject({ cause: 'timeout', timeoutMs: 300 })
    expect(store.failure?.curl).toContain(`${receiver.origin}/never`)
  })

  it('Cancel stops waiting at once; the next Send to a live handler works', async () => {
    const store = load()
    store.handlerUrl = `${receiver.origin}/never`
    const sending = store.send(2, CONTEXT)
    await new Promise((r) => setTimeout(r, 100))
    expect(store.sending).toBe(true)
    store.cancel()
    await expect(sending).resolves.toBe('cancelled')
    expect(store.failure).toMatchObject({ cause: 'cancelled' })
    expect(store.results).toEqual([])

    store.handlerUrl = `${receiver.origin}/webhook`
    await expect(store.send(1, CONTEXT)).resolves.toBe('sent')
    expect(store.results[0]?.status).toBe(200)
    expect(store.failure).toBeNull()
  })

  it('Cancel with nothing on its way does nothing', () => {
    expect(() => load().cancel()).not.toThrow()
  })
})
