/**
 * The webhook stores' view logic: the curl preview (placeholder URL, signing note, re-signed on
 * change) and what the store's actions announce through the app's announcer.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import { PLACEHOLDER_HANDLER_URL, PLACEHOLDER_NOTE, SIGNED_NOTE, UNSIGNED_NOTE } from '@/features/webhooks/core/curl-preview'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useWebhookCurlStore } from './webhooks-curl'
import { useWebhookStore } from './webhooks'
import { installMemoryLocalStorage } from '../../../shared/testing/memory-storage'

const storage = installMemoryLocalStorage()

function load() {
  setActivePinia(createPinia())
  return { webhooks: useWebhookStore(), curl: useWebhookCurlStore() }
}

/** Waits until the preview (rebuilt after async signing) has `note`. */
async function noteIs(curl: ReturnType<typeof useWebhookCurlStore>, note: string): Promise<void> {
  await vi.waitFor(() => expect(curl.preview.note).toBe(note))
}

beforeEach(() => storage.clear())

describe('webhook curl preview store', () => {
  it('uses the placeholder URL until a valid handler URL is entered', async () => {
    const { webhooks, curl } = load()
    await noteIs(curl, PLACEHOLDER_NOTE)
    expect(curl.preview.command).toContain(PLACEHOLDER_HANDLER_URL)

    webhooks.handlerUrl = 'https://hooks.example.org/in'
    await noteIs(curl, '')
    expect(curl.preview.command).toContain("'https://hooks.example.org/in'")
    expect(curl.preview.command).not.toContain(PLACEHOLDER_HANDLER_URL)
  })

  it('signs with the secret, and says so; an unusable secret leaves it unsigned', async () => {
    const { webhooks, curl } = load()
    webhooks.handlerUrl = 'https://hooks.example.org/in'
    webhooks.sign = true
    webhooks.secret = 'my-test-secret'
    await noteIs(curl, SIGNED_NOTE)
    expect(curl.preview.command).toMatch(/x-hub-signature-256: sha256=[0-9a-f]{64}/i)

    webhooks.selectProvider('standard-webhooks')
    webhooks.secret = 'whsec_!!not base64!!'
    await noteIs(curl, UNSIGNED_NOTE)
    expect(curl.preview.command).not.toMatch(/webhook-signature/i)
  })

  it('follows body edits', async () => {
    const { webhooks, curl } = load()
    webhooks.bodyText = '{"edited":true}'
    await vi.waitFor(() => expect(curl.preview.command).toContain(`'{"edited":true}'`))
  })
})

describe('webhook store announcements', () => {
  const { message } = useAnnouncer()

  it('announces a regenerated sample', async () => {
    const { webhooks } = load()
    webhooks.regenerate()
    await nextTick()
    expect(message.value).toBe('New GitHub Push sample generated.')
  })

  it('announces a variant without backticks, and why none applies', async () => {
    const { webhooks } = load()
    webhooks.applyVariant('remove-field')
    await nextTick()
    expect(message.value).toMatch(/^Removed [^`]+\.$/)
    webhooks.bodyText = '{'
    webhooks.applyVariant('set-null')
    await nextTick()
    expect(message.value).toMatch(/^The body is not valid JSON/)
  })

  it('announces why a send is refused, and a network failure', async () => {
    const { webhooks } = load()
    expect(await webhooks.send(1, { origin: 'http://127.0.0.1', online: true })).toBe('blocked')
    await nextTick()
    expect(message.value).toBe('Enter a valid handler URL first.')

    webhooks.handlerUrl = 'http://127.0.0.1:1/webhook'
    expect(await webhooks.send(1, { origin: 'http://127.0.0.1', online: true })).toBe('failed')
    await nextTick()
    expect(message.value).toBe('No server answered at 127.0.0.1:1. Start the handler or check the host and port, then send again; the curl command below shows the exact cause.')
  })
})
