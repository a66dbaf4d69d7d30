/**
 * The replay lab's store against the real demo receiver (in-process, free ports): a capture imported,
 * edited, re-signed and sent is verified by the providers' own libraries in the receiver; the rollover
 * timeline against a receiver mid-rotation and one that knows only the new secret; duplicates; the doctor
 * naming why the original was rejected.
 */
import type { Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { generateWebhook, loadCatalogue, signWebhook } from '@/features/webhooks/core'
import { readReceiverReport } from '@/features/webhooks/core/delivery-format'
import { exportDelivery } from '@/features/webhooks/core/import/export-delivery'
import { useWebhookStore } from './webhooks'
import { useWebhookDoctorStore } from './webhooks-doctor'
import { useWebhookReplayStore } from './webhooks-replay'
import { DEMO_PREVIOUS_SECRETS, DEMO_SECRETS } from '../../../../demo/webhook-secrets'
import { ROTATING_SECRETS, startWebhookReceiver, type LastRequest } from '../../../../demo/webhook-receiver'
import { installMemoryLocalStorage } from '../../../shared/testing/memory-storage'

const storage = installMemoryLocalStorage()
let current: { origin: string; server: Server }
let rotating: { origin: string; server: Server }
beforeAll(async () => {
  current = await startWebhookReceiver(0)
  rotating = await startWebhookReceiver(0, { secrets: ROTATING_SECRETS })
})
afterAll(async () => {
  for (const r of [current, rotating]) await new Promise<void>((resolve) => r.server.close(() => resolve()))
})
beforeEach(() => {
  storage.clear()
  setActivePinia(createPinia())
})

/** A delivery as a relay captured it: the provider's headers signed with `secret`, plus what the relay added. */
async function captured(provider: string, event: string, secret: string): Promise<{ text: string; deliveryId: string; body: string }> {
  await loadCatalogue(provider)
  const sample = generateWebhook(provider, event)
  const signature = await signWebhook(provider, sample.body, secret, { deliveryId: sample.deliveryId })
  const headers: [string, string][] = [['Host', 'relay.example'], ['X-Forwarded-For', '140.82.115.1'], ...Object.entries({ ...sample.headers, ...signature }), ['Content-Length', String(new TextEncoder().encode(sample.body).length)]]
  return { text: exportDelivery({ method: 'POST', url: '/hooks/github', headers, body: sample.body }, 'http'), deliveryId: sample.deliveryId, body: sample.body }
}

async function last(origin: string, path: string): Promise<LastRequest> {
  return (await (await fetch(`${origin}/last?path=${encodeURIComponent(path)}`)).json()) as LastRequest
}

describe('replay lab store', () => {
  it('imports a raw capture, edits a field, refreshes the id, re-signs and sends: the receiver verifies it (octokit) and got the edit without the relay\u2019s headers', async () => {
    const capture = await captured('github', 'issues.opened', DEMO_SECRETS.github!)
    const replay = useWebhookReplayStore()
    useWebhookStore().handlerUrl = `${current.origin}/webhook/replay-github`
    replay.source = capture.text
    expect(replay.importSource()).toBe(true)
    expect(replay.providerId).toBe('github')
    replay.body = replay.body.replace('"action": "opened"', '"action": "reopened"').replace('"action":"opened"', '"action":"reopened"')
    expect(replay.edited).toBe(true)
    replay.secret = DEMO_SECRETS.github!
    await replay.send({ kind: 'times', times: 1 })
    const [row] = replay.deliveries
    const report = readReceiverReport(row!.result!.body)
    expect(report).toMatchObject({ signatureValid: true, duplicate: false })
    expect(row!.deliveryId).not.toBe(capture.deliveryId)
    expect(report?.deliveryId).toBe(row!.deliveryId)
    const got = await last(current.origin, '/webhook/replay-github')
    expect(Buffer.from(got.bodyBase64, 'base64').toString()).toContain('reopened')
    expect(got.headers.map(([n]) => n.toLowerCase())).not.toContain('x-forwarded-for')
    expect(replay.changes.join(' ')).toMatch(/X-GitHub-Delivery: a new id.*left out Host, X-Forwarded-For, Content-Length/)
  })

  it('Send twice as a duplicate: the identical request, which the handler reports as a duplicate; Send 3 times: three new deliveries', async () => {
    const capture = await captured('github', 'push', DEMO_SECRETS.github!)
    const replay = useWebhookReplayStore()
    useWebhookStore().handlerUrl = `${current.origin}/webhook`
    replay.source = capture.text
    replay.importSource()
    replay.secret = DEMO_SECRETS.github!
    await replay.send({ kind: 'duplicate' })
    expect(replay.deliveries.map((d) => readReceiverReport(d.result!.body)?.duplicate)).toEqual([false, true])
    expect(replay.deliveries[0]!.deliveryId).toBe(replay.deliveries[1]!.deliveryId)
    await replay.send({ kind: 'times', times: 3 })
    expect(new Set(replay.deliveries.map((d) => d.deliveryId)).size).toBe(3)
    expect(replay.deliveries.map((d) => readReceiverReport(d.result!.body))).toEqual(Array(3).fill(expect.objectContaining({ signatureValid: true, duplicate: false })))
  })

  it('rollover timeline (Stripe): a receiver mid-rotation (stripe-node, both secrets) accepts every step; one that knows only the new secret rejects "Previous secret only", and the summary names it', async () => {
    const capture = await captured('stripe', 'invoice.paid', DEMO_PREVIOUS_SECRETS.stripe!)
    const replay = useWebhookReplayStore()
    replay.source = capture.text
    replay.importSource()
    replay.secret = DEMO_SECRETS.stripe!
    replay.previousSecret = DEMO_PREVIOUS_SECRETS.stripe!
    const verdicts = async (origin: string) => {
      useWebhookStore().handlerUrl = `${origin}/webhook`
      await replay.sendRollover()
      return replay.deliveries.map((d) => [d.label, d.signedWith, readReceiverReport(d.result!.body)?.signatureValid])
    }
    expect(await verdicts(rotating.origin)).toEqual([
      ['Previous secret only', 'the previous secret', true],
      ['Both secrets', 'both secrets', true],
      ['New secret only', 'the secret', true],
    ])
    expect((await verdicts(current.origin)).map(([, , valid]) => valid)).toEqual([false, true, true])
    const { replaySummary } = await import('@/features/webhooks/core/import/replay-summary')
    expect(replaySummary(replay.deliveries)).toBe('Replay sent: 3 deliveries, 3 answered 2xx; the handler rejected the signature of Previous secret only.')
  })

  it('Send with both secrets: Stripe carries both signatures (the default receiver accepts it); GitHub, one signature, is signed with the new secret', async () => {
    useWebhookStore().handlerUrl = `${current.origin}/webhook`
    for (const provider of ['stripe', 'github'] as const) {
      const replay = useWebhookReplayStore()
      replay.source = (await captured(provider, provider === 'stripe' ? 'invoice.paid' : 'push', DEMO_PREVIOUS_SECRETS[provider]!)).text
      replay.importSource()
      replay.secret = DEMO_SECRETS[provider]!
      replay.previousSecret = DEMO_PREVIOUS_SECRETS[provider]!
      await replay.send({ kind: 'times', times: 1 })
      expect([provider, replay.deliveries[0]!.signedWith, readReceiverReport(replay.deliveries[0]!.result!.body)?.signatureValid]).toEqual([provider, provider === 'stripe' ? 'both secrets' : 'the secret', true])
    }
  })

  it('opens the original in the doctor, which names the previous secret of the rotation as the cause', async () => {
    const capture = await captured('standard-webhooks', 'invoice.paid', DEMO_PREVIOUS_SECRETS['standard-webhooks']!)
    const replay = useWebhookReplayStore()
    replay.source = capture.text
    replay.importSource()
    replay.secret = DEMO_SECRETS['standard-webhooks']!
    replay.previousSecret = DEMO_PREVIOUS_SECRETS['standard-webhooks']!
    expect(await replay.openOriginalInDoctor()).toBe(true)
    expect(useWebhookDoctorStore().diagnosis?.causes[0]?.code).toBe('previous-secret')
  })

  it('a paste it cannot read: the message at the field, the text kept, Send blocked with a reason; a bad secret: its message at the field', async () => {
    const replay = useWebhookReplayStore()
    replay.source = '{"log": {"entries": []}}'
    expect(replay.importSource()).toBe(false)
    expect(replay.sourceProblem).toMatch(/HAR has 0 requests/)
    expect(replay.source).toBe('{"log": {"entries": []}}')
    expect(replay.blocked).toBe('Import a captured delivery first.')
    replay.source = (await captured('standard-webhooks', 'invoice.paid', DEMO_SECRETS['standard-webhooks']!)).text
    replay.importSource()
    useWebhookStore().handlerUrl = `${current.origin}/webhook`
    expect(replay.blocked).toBe('Enter the secret to sign with.')
    replay.secret = 'whsec_not base64!'
    await replay.send({ kind: 'times', times: 1 })
    expect(replay.secretError).toMatch(/base64/)
    expect(replay.deliveries).toEqual([])
  })
})
