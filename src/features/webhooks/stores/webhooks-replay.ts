import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import { providers, WebhookSecretError, type WebhookProviderId } from '@/features/webhooks/core'
import { importDelivery } from '@/features/webhooks/core/import/import-delivery'
import type { ImportedDelivery } from '@/features/webhooks/core/import/types'
import { prepareReplay } from '@/features/webhooks/core/import/replay'
import { sendableHeaders } from '@/features/webhooks/core/import/sendable'
import { carriesSeveralSignatures, rolloverSteps, signWithSecrets } from '@/features/webhooks/core/rotation/sign-with-secrets'
import type { ReplayDelivery } from '@/features/webhooks/core/delivery-types'
import { replaySummary } from '@/features/webhooks/core/import/replay-summary'
import { mergeHeaders, networkFailureWords, sendOnce, type WebhookRequest } from '@/features/webhooks/io/webhooks-delivery'
import { fetchReceiverLast } from '@/features/webhooks/io/receiver-last'
import { formatRawRequest } from '@/features/webhooks/core'
import { parseUrl } from '@/shared/core/http'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useWebhookStore } from './webhooks'
import { useWebhookDoctorStore } from './webhooks-doctor'

/** How a replay is sent: once or `times` over, each a new delivery, or the same request twice. */
export type ReplayMode = { kind: 'times'; times: number } | { kind: 'duplicate' }

/** Most deliveries one "Send N times" makes. */
export const MAX_REPLAYS = 20

/**
 * The replay lab: a captured delivery pasted (any form `importDelivery` reads), its body edited, its
 * ids and timestamps refreshed on request, re-signed with the user's secret — or with the previous and
 * the new one of a rotation — and sent to the webhook store's handler URL, with one result row per
 * delivery. Secrets live in memory only. Outcomes are announced.
 */
export const useWebhookReplayStore = defineStore('webhooks-replay', () => {
  const { announce } = useAnnouncer()
  /** The pasted capture, as typed (never cleared by a failed import). @default '' */
  const source = ref('')
  /** Why the paste could not be read, for its field; null when it was, or before Import. @default null */
  const sourceProblem = ref<string | null>(null)
  /** The delivery last imported. @default null */
  const delivery = shallowRef<ImportedDelivery | null>(null)
  /** The provider chosen by the user; `''`: the one the headers name. @default '' */
  const providerChoice = ref<WebhookProviderId | ''>('')
  /** The body to send, as the user edited it (the imported bytes until then). @default '' */
  const body = ref('')
  /** Give each delivery new ids (delivery id, event id). @default true */
  const refreshIds = ref(true)
  /** Move its timestamps to the time of sending. @default true */
  const refreshTimestamps = ref(true)
  /** The secret to sign with (a rotation's new one). Memory only. @default '' */
  const secret = ref('')
  /** A rotation's previous secret; when set, Send signs with both, as providers do mid-rotation. @default '' */
  const previousSecret = ref('')
  /** Why a secret cannot sign, for its field. @default null */
  const secretError = ref<string | null>(null)
  /** How many deliveries "Send N times" makes. @default 3 */
  const times = ref(3)
  /** A run is in progress. @default false */
  const sending = ref(false)
  /** The last run's deliveries, in order. @default [] */
  const deliveries = ref<ReplayDelivery[]>([])
  /** What the last run changed of the capture (new ids, timestamps) and what it left out, one phrase each. @default [] */
  const changes = ref<string[]>([])
  /** What the provider's scheme could not carry (several secrets, one signature). @default [] */
  const signNotes = ref<string[]>([])
  /** The last run was the rollover timeline. @default false */
  const rollover = ref(false)

  /** The provider in use: the user's choice, else the one the capture's headers name. */
  const providerId = computed<WebhookProviderId | null>(() => providerChoice.value || delivery.value?.provider || null)
  const provider = computed(() => providers.find((p) => p.id === providerId.value) ?? null)
  /** The body differs from the imported bytes. */
  const edited = computed(() => delivery.value !== null && body.value !== delivery.value.body)

  /** Why Send is disabled, in words; null when it can send. */
  const blocked = computed(() => {
    if (sending.value) return 'Deliveries are being sent.'
    if (!delivery.value) return 'Import a captured delivery first.'
    if (!providerId.value) return 'Choose the provider: its headers do not name one.'
    if (useWebhookStore().urlProblem) return 'Enter a valid handler URL first (at the top of the page).'
    if (secret.value === '') return 'Enter the secret to sign with.'
    return null
  })
  /** Why the rollover is disabled; null when it can run. */
  const rolloverBlocked = computed(() => blocked.value ?? (previousSecret.value === '' ? 'Enter the previous secret too: the rollover signs with it, then both, then the new one.' : null))

  /**
   * Reads {@link source}. On success the body, provider choice and last results start afresh; on
   * failure the message is put at the field and nothing the user typed is lost.
   * @returns whether it was read
   */
  function importSource(): boolean {
    const read = importDelivery(source.value)
    if (!read.ok) {
      sourceProblem.value = read.message
      void announce(`Not imported: ${read.message}`)
      return false
    }
    const { ok: _ok, ...imported } = read
    sourceProblem.value = null
    delivery.value = imported
    body.value = imported.body
    providerChoice.value = ''
    deliveries.value = []
    changes.value = []
    signNotes.value = []
    const name = providers.find((p) => p.id === imported.provider)?.name
    void announce(`Imported: ${name ? `a ${name} delivery` : 'a delivery of no known provider'}, ${imported.headers.length} headers${imported.notes.length ? `, ${imported.notes.length} notes` : ''}.`)
    return true
  }

  /** Fills {@link source} with the demo receiver's last delivery at the handler URL's path, then imports it. */
  async function loadReceiverLast(): Promise<boolean> {
    const url = useWebhookStore().handlerUrl
    try {
      source.value = await fetchReceiverLast(url)
    } catch (error) {
      sourceProblem.value = `The demo receiver's last delivery could not be loaded: ${error instanceof Error ? error.message : String(error)}`
      void announce(sourceProblem.value)
      return false
    }
    return importSource()
  }

  /** Words for the secrets one signing used; never their values. */
  const secretsWords = (list: readonly string[]): string => (list.length > 1 ? 'both secrets' : list[0] === previousSecret.value && previousSecret.value !== secret.value ? 'the previous secret' : 'the secret')

  /** One request: the capture prepared (ids, timestamps), its headers made sendable, signed with `secrets`. */
  async function build(secrets: readonly string[]): Promise<{ request: WebhookRequest; deliveryId: string; changed: string[]; leftOut: string[]; notes: string[] }> {
    const captured = delivery.value as ImportedDelivery
    const id = providerId.value as WebhookProviderId
    const now = new Date()
    const prepared = prepareReplay(id, captured.headers, body.value, { refreshIds: refreshIds.value, refreshTimestamps: refreshTimestamps.value, now })
    const { headers, leftOut } = sendableHeaders(prepared.headers)
    const signed = await signWithSecrets(id, prepared.body, secrets, { now, ...(prepared.deliveryId ? { deliveryId: prepared.deliveryId } : {}) })
    const merged = mergeHeaders(Object.fromEntries(headers), signed.headers)
    const idHeader = provider.value?.deliveryIdHeader
    const deliveryId = (idHeader && Object.entries(merged).find(([n]) => n.toLowerCase() === idHeader.toLowerCase())?.[1]) || /"id"\s*:\s*"(evt_\w+)"/.exec(prepared.body)?.[1] || ''
    const secretHeaders = id === 'gitlab' ? ['X-Gitlab-Token'] : []
    return { request: { url: useWebhookStore().handlerUrl.trim(), headers: merged, body: prepared.body, secretHeaders }, deliveryId, changed: prepared.changed, leftOut, notes: signed.notes }
  }

  /** Sends the planned rows in order; a network failure stops the run and marks the rest not sent. */
  async function run(plan: { label: string; secrets: readonly string[]; repeat?: number }[]): Promise<void> {
    const webhooks = useWebhookStore()
    if (blocked.value) {
      webhooks.urlTouched = true
      void announce(blocked.value)
      return
    }
    sending.value = true
    secretError.value = null
    const rows: ReplayDelivery[] = plan.map((p, i) => ({ position: i + 1, label: p.label, deliveryId: '', signedWith: secretsWords(p.secrets) }))
    deliveries.value = rows
    const built: Awaited<ReturnType<typeof build>>[] = []
    let failed = false
    try {
      for (const [i, step] of plan.entries()) {
        const row = rows[i] as ReplayDelivery
        if (failed) {
          rows[i] = { ...row, error: 'Not sent: an earlier delivery failed.' }
          continue
        }
        const made = step.repeat !== undefined ? (built[step.repeat] as Awaited<ReturnType<typeof build>>) : await build(step.secrets)
        built[i] = made
        if (i === 0) {
          changes.value = [...made.changed, ...(made.leftOut.length ? [`left out ${made.leftOut.join(', ')} (the browser sets them, or a relay added them)`] : [])]
          signNotes.value = made.notes
        }
        try {
          rows[i] = { ...row, deliveryId: made.deliveryId, result: await sendOnce(made.request, () => new Date()) }
        } catch (error) {
          failed = true
          rows[i] = { ...row, deliveryId: made.deliveryId, error: `No response: ${await networkFailureWords(error, made.request.url)}` }
        }
        deliveries.value = [...rows]
      }
      deliveries.value = [...rows]
      void announce(replaySummary(rows))
    } catch (error) {
      if (!(error instanceof WebhookSecretError)) throw error
      secretError.value = error.message
      deliveries.value = []
      void announce(`Not sent: ${error.message}`)
    } finally {
      sending.value = false
    }
  }

  /**
   * The secrets Send signs with: the previous and the new one when both are entered and the provider
   * carries a signature per secret (mid-rotation, as it does); otherwise the secret alone — a provider
   * with one signature switches to the new secret at once (the rollover's first step shows the old one).
   */
  const signingSecrets = (): string[] =>
    previousSecret.value !== '' && previousSecret.value !== secret.value && carriesSeveralSignatures(providerId.value ?? '') ? [previousSecret.value, secret.value] : [secret.value]

  /** Sends the edited capture: once or `times` over (each a new delivery when ids are refreshed), or the same request twice. */
  async function send(mode: ReplayMode): Promise<void> {
    rollover.value = false
    const secrets = signingSecrets()
    if (mode.kind === 'duplicate') return run([{ label: 'Replay', secrets }, { label: 'Duplicate of #1 (the identical request)', secrets, repeat: 0 }])
    const count = Math.min(MAX_REPLAYS, Math.max(1, Math.floor(mode.times)))
    return run(Array.from({ length: count }, (_, i) => ({ label: count === 1 ? 'Replay' : `Replay ${i + 1} of ${count}`, secrets })))
  }

  /** The rollover timeline: previous secret only → both → new only, each step a delivery with its result. */
  async function sendRollover(): Promise<void> {
    if (rolloverBlocked.value) {
      void announce(rolloverBlocked.value)
      return
    }
    rollover.value = true
    return run(rolloverSteps(previousSecret.value, secret.value).map((s) => ({ label: s.label, secrets: s.secrets })))
  }

  /**
   * The capture as it was received, in the signature doctor with the secret entered here, so the user
   * learns why their handler rejected the original.
   * @returns whether there was a delivery to open
   */
  async function openOriginalInDoctor(): Promise<boolean> {
    const captured = delivery.value
    if (!captured) return false
    const doctor = useWebhookDoctorStore()
    const path = (captured.url && (parseUrl(captured.url)?.pathname ?? (captured.url.startsWith('/') ? captured.url : null))) || '/webhook'
    doctor.mode = 'one'
    doctor.requestText = formatRawRequest({ path, headers: captured.headers, body: captured.body })
    doctor.secret = secret.value
    doctor.otherSecret = previousSecret.value
    doctor.otherSecretKind = 'previous'
    doctor.providerChoice = ''
    await doctor.check()
    return true
  }

  return {
    source,
    sourceProblem,
    delivery,
    providerChoice,
    body,
    refreshIds,
    refreshTimestamps,
    secret,
    previousSecret,
    secretError,
    times,
    sending,
    deliveries,
    changes,
    signNotes,
    rollover,
    providerId,
    provider,
    edited,
    blocked,
    rolloverBlocked,
    importSource,
    loadReceiverLast,
    send,
    sendRollover,
    openOriginalInDoctor,
  }
})
