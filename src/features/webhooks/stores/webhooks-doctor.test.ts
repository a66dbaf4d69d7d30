/**
 * The doctor's store: "Open in doctor" from the generator is valid, one changed byte is not, the
 * diagnosis follows edits (debounced), and the secret is never stored.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useWebhookStore } from '@/features/webhooks/stores/webhooks'
import { useWebhookDoctorStore } from '@/features/webhooks/stores/webhooks-doctor'
import { installMemoryLocalStorage } from '../../../shared/testing/memory-storage'

const storage = installMemoryLocalStorage()
const NOW = new Date('2026-01-15T12:00:00Z')

function load() {
  setActivePinia(createPinia())
  const generator = useWebhookStore()
  generator.setSources({ now: () => NOW })
  const doctor = useWebhookDoctorStore()
  doctor.setNow(() => NOW)
  return { generator, doctor }
}

beforeEach(() => storage.clear())

describe('webhook doctor store', () => {
  it('opens the generator request signed with its secret: valid; one changed body byte: invalid', async () => {
    const { generator, doctor } = load()
    generator.selectProvider('stripe')
    generator.secret = 'whsec_storeTestSecret'
    generator.handlerUrl = 'http://127.0.0.1:4500/webhook'
    const d = await doctor.openFromGenerator()
    expect(d).toMatchObject({ provider: 'stripe', verdict: 'valid' })
    expect(doctor.requestText).toMatch(/^POST \/webhook HTTP\/1\.1\n/)
    expect(doctor.secret).toBe('whsec_storeTestSecret')

    doctor.requestText = doctor.requestText.replace('"object": "event"', '"object": "evenT"')
    expect(await doctor.check()).toMatchObject({ verdict: 'invalid', causes: [{ code: 'wrong-secret-or-body' }] })
  })

  it('opens unsigned when the generator has no secret: nothing to check', async () => {
    const { doctor } = load()
    expect(await doctor.openFromGenerator()).toMatchObject({ provider: 'github', verdict: 'cannot-check', causes: [{ code: 'no-signature-header' }] })
  })

  it('a secret the provider cannot use is reported at the generator, not opened', async () => {
    const { generator, doctor } = load()
    generator.selectProvider('standard-webhooks')
    generator.secret = 'whsec_%%%'
    expect(await doctor.openFromGenerator()).toBeNull()
    expect(generator.secretError).toMatch(/base64/)
  })

  it('re-checks after edits (debounced); a bad paste is named and gives no diagnosis', async () => {
    vi.useFakeTimers()
    try {
      const { doctor } = load()
      doctor.mode = 'two'
      doctor.headersText = 'X-Gitlab-Token: t1'
      doctor.secret = 't1'
      await vi.advanceTimersByTimeAsync(200)
      expect(doctor.diagnosis).toMatchObject({ provider: 'gitlab', verdict: 'valid' })
      expect(doctor.detectedProvider).toBe('gitlab')
      doctor.headersText = 'not a header'
      await vi.advanceTimersByTimeAsync(200)
      expect(doctor.inputProblem).toMatch(/Line 1 is not a header/)
      expect(doctor.diagnosis).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('never stores the secret', async () => {
    const { doctor } = load()
    doctor.secret = 'super-secret-value'
    doctor.requestText = 'X-Gitlab-Token: super-secret-value\n\n{}'
    await doctor.check()
    for (let i = 0; i < storage.length; i++) expect(storage.getItem(storage.key(i)!)).not.toContain('super-secret-value')
  })
})
