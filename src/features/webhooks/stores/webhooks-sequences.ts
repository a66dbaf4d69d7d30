import { computed, ref } from 'vue'
import { defineStore } from 'pinia'
import { defaultRandom, loadSequences, sequences, signWebhook, WebhookSecretError } from '@/features/webhooks/core'
import type { SequenceDelivery } from '@/features/webhooks/core/delivery-types'
import { readReceiverReport } from '@/features/webhooks/core/delivery-format'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useWebhookStore } from './webhooks'
import { mergeHeaders, networkFailureWords, sendOnce, type WebhookRequest } from '@/features/webhooks/io/webhooks-delivery'

/**
 * Delivery sequences: a named flow sent to the handler in order, shuffled and/or with duplicates, each
 * delivery signed when signing is on (with the webhook store's secret, handler URL and clock). The
 * outcome is announced.
 */
export const useWebhookSequencesStore = defineStore('webhooks-sequences', () => {
  const { announce } = useAnnouncer()
  /** The chosen sequence id per provider (the first of the provider by default). @default {} */
  const chosen = ref<Record<string, string>>({})
  /** Deliver in a random order. @default false */
  const shuffle = ref(false)
  /** Deliver about half the events twice (at-least-once delivery). @default false */
  const duplicates = ref(false)
  /** A sequence is being sent. @default false */
  const sending = ref(false)
  /** The last run's deliveries, in delivery order. @default [] */
  const deliveries = ref<SequenceDelivery[]>([])

  /** Sequences of a provider. */
  const sequencesOf = (providerId: string) => sequences.filter((s) => s.provider === providerId)
  /** The chosen sequence of a provider, or undefined when it has none. */
  const selectedOf = (providerId: string) => sequencesOf(providerId).find((s) => s.id === chosen.value[providerId]) ?? sequencesOf(providerId)[0]
  /** Why Send sequence is disabled for the webhook store's provider, in words; null when it can send. */
  const blocked = computed(() => {
    const webhooks = useWebhookStore()
    if (sending.value) return 'A sequence is being sent.'
    if (!selectedOf(webhooks.providerId)) return null
    if (webhooks.urlProblem) return 'Enter a valid handler URL first.'
    if (webhooks.sign && webhooks.secret === '') return 'Enter a secret to sign with, or turn signing off.'
    return null
  })

  /** Chooses a provider's sequence. */
  function choose(providerId: string, id: string): void {
    chosen.value = { ...chosen.value, [providerId]: id }
  }

  /**
   * Generates the chosen sequence of the current provider and sends it deliverer-style: one request at
   * a time, in the planned order; a repeat is byte-identical to its first delivery (same signature). A
   * network failure stops the run; the rest are marked not sent.
   */
  async function send(): Promise<void> {
    const webhooks = useWebhookStore()
    const info = selectedOf(webhooks.providerId)
    if (!info || blocked.value) {
      webhooks.urlTouched = true
      void announce(blocked.value ?? 'This provider has no sequences.')
      return
    }
    sending.value = true
    deliveries.value = []
    try {
      const { generateSequence, deliveryPlan } = await loadSequences()
      const random = defaultRandom()
      const plan = deliveryPlan(generateSequence(info.id, { now: new Date(), random }), { shuffle: shuffle.value, duplicates: duplicates.value, random })
      const requests = new Map<number, WebhookRequest>()
      const rows: SequenceDelivery[] = plan.map((d, i) => ({ position: i + 1, event: d.sample.event, step: d.step + 1, deliveryId: d.sample.deliveryId, duplicateOf: d.duplicateOf }))
      deliveries.value = rows
      let failed: string | null = null
      for (const [i, d] of plan.entries()) {
        if (failed) {
          rows[i] = { ...(rows[i] as SequenceDelivery), error: 'Not sent: an earlier delivery failed.' }
          continue
        }
        let request = requests.get(d.step)
        if (!request) {
          const signature = webhooks.sign ? await signWebhook(info.provider, d.sample.body, webhooks.secret, { deliveryId: d.sample.deliveryId }) : {}
          request = { url: webhooks.handlerUrl.trim(), headers: mergeHeaders(d.sample.headers, signature), body: d.sample.body, secretHeaders: [] }
          requests.set(d.step, request)
        }
        try {
          rows[i] = { ...(rows[i] as SequenceDelivery), result: await sendOnce(request, () => new Date()) }
        } catch (error) {
          failed = await networkFailureWords(error, request.url)
          rows[i] = { ...(rows[i] as SequenceDelivery), error: `No response: ${failed}` }
        }
        deliveries.value = [...rows]
      }
      // The deliveries left unsent after a failure are marked too.
      deliveries.value = [...rows]
      void announce(summary(rows))
    } catch (error) {
      if (error instanceof WebhookSecretError) webhooks.secretError = error.message
      void announce(error instanceof Error ? error.message : String(error))
    } finally {
      sending.value = false
    }
  }

  return { chosen, shuffle, duplicates, sending, deliveries, blocked, sequencesOf, selectedOf, choose, send }
})

/** One sentence about a finished run, e.g. "Sequence sent: 8 deliveries, 8 answered 2xx; the handler reported 2 duplicates." */
export function summary(rows: readonly SequenceDelivery[]): string {
  const answered = rows.filter((r) => r.result)
  const ok = answered.filter((r) => (r.result?.status ?? 0) < 300 && (r.result?.status ?? 0) >= 200).length
  const reported = answered.filter((r) => readReceiverReport(r.result?.body ?? '')?.duplicate).length
  const invalid = answered.filter((r) => readReceiverReport(r.result?.body ?? '')?.signatureValid === false).length
  const failed = rows.length - answered.length
  return [
    `Sequence sent: ${rows.length} deliveries, ${ok} answered 2xx`,
    failed ? `, ${failed} without a response` : '',
    reported ? `; the handler reported ${reported} as duplicates` : '',
    invalid ? `; ${invalid} signatures were rejected` : '',
    '.',
  ].join('')
}
