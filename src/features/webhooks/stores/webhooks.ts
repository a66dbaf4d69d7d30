import { computed, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import {
  bodyEncodingOf,
  canGenerate,
  jsonTextOf,
  generateWebhook,
  loadCatalogue,
  parsePayloadText,
  providers,
  robustnessVariants,
  serializePayload,
  signWebhook,
  verificationSnippet,
  WebhookSecretError,
  type FieldOverride,
  type RandomSource,
  type WebhookSample,
} from '@/features/webhooks/core'
import { readDraft, type Draft } from '@/features/webhooks/core/draft'
import { parseJsonLocated } from '@/shared/core/json/json-locate'
import type { EditorDiagnostic } from '@/shared/core/editor-diagnostic'
import type { DeliveryFailure, DeliveryResult, VariantKind } from '@/features/webhooks/core/delivery-types'
import { usePersistedState } from '@/shared/composables/usePersistedState'
import { eventPickedText, regeneratedText, sendOutcomeText, variantText } from '@/features/webhooks/core/announcements'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useWebhookOverridesStore } from './webhooks-overrides'
import { useWebhookCatalogueStore } from './webhooks-catalogue'
import { describeNetworkFailure } from '@/shared/core/http/network-failure-words'
import { describeFailure, diagnoseFailure, handlerUrlProblem, mergeHeaders, SEND_TIMEOUT_MS, SendStopped, startSend, type SendOutcome, type WebhookRequest } from '@/features/webhooks/io/webhooks-delivery'

/** localStorage key of the draft: provider, event, the generated sample and the edited body text (no secret). */
export const DRAFT_STORAGE_KEY = 'awb-webhooks-draft'
/** localStorage key of the handler URL. */
export const HANDLER_URL_STORAGE_KEY = 'awb-webhooks-handler-url'


/**
 * The webhook generator's state. Persisted in localStorage: the sample with the edited body text
 * (edits survive a reload until Regenerate) and the handler URL. The secret lives only in memory.
 * Its user actions (Regenerate, variants, Send) say their outcome through the app's announcer.
 */
export const useWebhookStore = defineStore('webhooks', () => {
  const { announce } = useAnnouncer()
  /** Time source for generation and signing. @default () => new Date() */
  let now: () => Date = () => new Date()
  /** Random source for generation. @default crypto.getRandomValues */
  let random: RandomSource | undefined

  const persisted = usePersistedState<Draft | null>(DRAFT_STORAGE_KEY, null, {
    what: 'your webhook draft',
    serializer: { read: readDraft, write: JSON.stringify },
    listenToStorageChanges: false,
    shallow: true,
  })
  const draft = persisted.state.value
  const persistedUrl = usePersistedState(HANDLER_URL_STORAGE_KEY, '', { what: 'the handler URL', listenToStorageChanges: false })
  /** The generated request (headers, delivery id, original body). @default GitHub push, or the saved draft */
  const sample = shallowRef<WebhookSample>(draft?.sample ?? generateWebhook('github', 'push', { now: now() }))
  /** The body as edited in the editor; sent byte for byte. @default the sample's body */
  const bodyText = ref(draft?.bodyText ?? sample.value.body)
  /** Description of the last robustness variant applied, and the text before it. @default null */
  const variant = ref<{ description: string; before: string } | null>(null)
  /** Where Send delivers (saved as typed). @default '' (or the remembered URL) */
  const handlerUrl = persistedUrl.state
  /** Why the draft (sample and edited body) could not be saved in this browser; undefined when saved. */
  const saveError = persisted.saveError
  /** Why the handler URL could not be saved in this browser; undefined when saved. */
  const handlerUrlSaveError = persistedUrl.saveError
  /** Sign on send. @default false (a provider's sample carries no signature) */
  const sign = ref(false)
  /** The user's test secret: in memory only, never stored. @default '' */
  const secret = ref('')
  /** Why the secret cannot be used, shown at the field. @default null */
  const secretError = ref<string | null>(null)
  /** Whether the handler URL field was left or a send was tried (shows its message). @default false */
  const urlTouched = ref(false)
  /** A request is on its way. @default false */
  const sending = ref(false)
  /** Responses of the last Send (one) or Send twice (two). @default [] */
  const results = ref<DeliveryResult[]>([])
  /** The last network failure (or timeout, or cancel) with its curl fallback. @default null */
  const failure = ref<DeliveryFailure | null>(null)
  /** How long Send waits for the handler before giving up. @default SEND_TIMEOUT_MS (10 s) */
  const timeoutMs = ref(SEND_TIMEOUT_MS)
  /** Cancels the request on its way; null when none is. */
  let cancelInFlight: (() => void) | null = null

  const providerId = computed(() => sample.value.provider)
  const eventType = computed(() => sample.value.event)
  const provider = computed(() => providers.find((p) => p.id === providerId.value) ?? providers[0]!)
  // What the event picker lists (the catalogue once loaded), so a pick is announced with the label the
  // user picked ("Payment intent succeeded", not the built-in list's "PaymentIntent succeeded").
  const event = computed(
    () =>
      useWebhookCatalogueStore().eventsOf(providerId.value).find((e) => e.type === eventType.value) ??
      provider.value.events.find((e) => e.type === eventType.value) ?? { type: eventType.value, label: eventType.value, description: '' },
  )
  const snippet = computed(() => verificationSnippet(providerId.value).code)
  const edited = computed(() => bodyText.value !== sample.value.body)

  /** `form` for a form body (`payload=<URL-encoded JSON>`, Slack interactivity): its JSON is the decoded field. */
  const bodyEncoding = computed(() => bodyEncodingOf(bodyText.value))
  const parsed = computed(() => parseJsonLocated(jsonTextOf(bodyText.value)))
  /** Located JSON problems for the editor (a form body's at its start: the positions are in the decoded field). */
  const diagnostics = computed<EditorDiagnostic[]>(() => {
    const p = parsed.value
    if (p.ok) return []
    return bodyEncoding.value === 'form'
      ? [{ line: 1, column: 1, message: `The payload field is not valid JSON (line ${p.line}, column ${p.column} of the decoded field): ${p.message}`, severity: 'error' }]
      : [{ line: p.line, column: p.column, message: p.message, severity: 'error' }]
  })
  /** Why the body cannot be sent or varied, in words; null when it is valid JSON. */
  const bodyProblem = computed(() => {
    const p = parsed.value
    const what = bodyEncoding.value === 'form' ? 'The payload field of the form body' : 'The body'
    return p.ok ? null : `${what} is not valid JSON (line ${p.line}, column ${p.column}): ${p.message}`
  })
  const urlProblem = computed(() => handlerUrlProblem(handlerUrl.value))
  /** Why Send is disabled, in words; null when it can send. */
  const sendBlocked = computed(() => {
    if (sending.value) return 'A request is being sent.'
    if (bodyProblem.value) return `Fix the body first: it is not valid JSON (line ${parsed.value.ok ? 0 : parsed.value.line}, column ${parsed.value.ok ? 0 : parsed.value.column}).`
    if (urlProblem.value) return 'Enter a valid handler URL first.'
    if (sign.value && secret.value === '') return 'Enter a secret to sign with, or turn signing off.'
    return null
  })

  watch([sample, bodyText], () => (persisted.state.value = { version: 1, sample: sample.value, bodyText: bodyText.value }))
  watch([secret, providerId], () => (secretError.value = null))

  /** Replaces the time and random sources (tests, stories, the localhost-only `?seed=`). */
  function setSources(sources: { now?: () => Date; random?: RandomSource }): void {
    if (sources.now) now = sources.now
    if (sources.random) random = sources.random
  }

  /**
   * Generates a fresh sample for a provider and event, discarding edits and results; the set-field
   * overrides are applied to it. A catalogue event whose catalogue is not loaded yet is generated once it is.
   */
  function generate(nextProvider: string, nextEvent: string): void {
    if (!canGenerate(nextProvider, nextEvent)) {
      void loadCatalogue(nextProvider).then(() => generate(nextProvider, nextEvent))
      return
    }
    sample.value = useWebhookOverridesStore().apply(generateWebhook(nextProvider, nextEvent, { now: now(), ...(random ? { random } : {}) }))
    bodyText.value = sample.value.body
    variant.value = null
    results.value = []
    failure.value = null
  }

  /** Picks a provider (and its first event) and generates. */
  function selectProvider(id: string): void {
    const next = providers.find((p) => p.id === id)
    if (next && id !== providerId.value) generate(id, next.events[0]!.type)
  }

  /** Picks an event of the current provider and generates. */
  /** Generates a sample of the picked event and says so (a pick in the event list changes the body out of view). */
  function selectEvent(type: string): void {
    if (type !== eventType.value && canGenerate(providerId.value, type)) {
      generate(providerId.value, type)
      void announce(eventPickedText(provider.value.name, event.value.label, type))
    }
  }

  /**
   * Switches to another provider's event, picked from a search that found it there, and says so.
   * Its catalogue must be loaded (`loadAll` in the catalogue store); otherwise nothing changes.
   */
  function selectProviderEvent(id: string, type: string): void {
    if (id === providerId.value) return selectEvent(type)
    if (!canGenerate(id, type)) return
    generate(id, type)
    void announce(eventPickedText(provider.value.name, event.value.label, type))
  }

  /** Fresh identifiers and timestamps for the current event; edits are discarded. Announced. */
  function regenerate(): void {
    generate(providerId.value, eventType.value)
    void announce(regeneratedText(provider.value.name, event.value.label))
  }

  /**
   * Adds a set-field override (kept on Regenerate) and regenerates with it; the outcome is announced.
   * @returns a message for the path field when the path is malformed (nothing is added), else null
   */
  function addOverride(override: FieldOverride): string | null {
    const overrides = useWebhookOverridesStore()
    const pathError = overrides.put(override)
    if (pathError) return pathError
    generate(providerId.value, eventType.value)
    void announce(overrides.outcomeOf(override))
    return null
  }

  /** Removes the override at `index` and regenerates without it. Announced. */
  function removeOverride(index: number): void {
    const gone = useWebhookOverridesStore().removeAt(index)
    generate(providerId.value, eventType.value)
    if (gone) void announce(`Override of ${gone.path} removed.`)
  }

  /** Removes every override and regenerates. Announced. */
  function clearOverrides(): void {
    useWebhookOverridesStore().removeAll()
    generate(providerId.value, eventType.value)
    void announce('All overrides removed.')
  }

  const variantCount: Record<VariantKind, number> = { 'remove-field': 0, 'set-null': 0, 'add-unknown-field': 0 }

  /**
   * Applies a robustness variant to the current body (each click picks the next field) and writes
   * it back in the provider's serialisation. Returns the description, or a reason it cannot; both
   * are announced.
   */
  function applyVariant(kind: VariantKind): { ok: boolean; message: string } {
    const outcome = variantOf(kind)
    void announce(variantText(outcome.message))
    return outcome
  }

  function variantOf(kind: VariantKind): { ok: boolean; message: string } {
    const payload = parsePayloadText(providerId.value, bodyText.value)
    if (!payload.ok) return { ok: false, message: bodyProblem.value ?? payload.message }
    const n = variantCount[kind]++
    try {
      const v =
        kind === 'remove-field'
          ? robustnessVariants.removeField(payload.payload, n)
          : kind === 'set-null'
            ? robustnessVariants.setFieldToNull(payload.payload, n)
            : robustnessVariants.addUnknownField(payload.payload, n)
      const before = variant.value?.before ?? bodyText.value
      bodyText.value = serializePayload(providerId.value, v.payload, bodyEncoding.value)
      variant.value = { description: v.description, before }
      return { ok: true, message: v.description }
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) }
    }
  }

  /** Restores the body as it was before the first variant. */
  function revertVariant(): void {
    if (variant.value) bodyText.value = variant.value.before
    variant.value = null
  }

  /** The request as Send would deliver it now (signed when signing is on). */
  async function prepareRequest(): Promise<WebhookRequest> {
    let headers = { ...sample.value.headers }
    const secretHeaders: string[] = []
    if (sign.value) {
      const signature = await signWebhook(providerId.value, bodyText.value, secret.value, { now: now(), deliveryId: sample.value.deliveryId })
      headers = mergeHeaders(headers, signature)
      if (providerId.value === 'gitlab') secretHeaders.push(...provider.value.signatureHeaders)
    }
    return { url: handlerUrl.value.trim(), headers, body: bodyText.value, secretHeaders }
  }

  /**
   * Sends the request `times` times, one after the other, identical (same delivery id, body and
   * signature). Keeps every response; a network failure stops and explains itself. The outcome is
   * announced (statuses and what the receiver reported, the failure, or why it was refused); a
   * press while a request is on its way is ignored.
   * @param context - the page's origin and `navigator.onLine`, for the failure explanation
   * @returns 'sent', 'failed' (network), 'timeout' (no answer within `timeoutMs`), 'cancelled', or
   *   'blocked' (invalid input, message at its field)
   */
  async function send(times: 1 | 2, context: { origin: string; online: boolean }): Promise<SendOutcome> {
    if (sending.value) return 'blocked'
    const outcome = await deliver(times, context)
    const failed = outcome === 'failed' ? failure.value : null
    // A failure is said by its diagnosis (the same words the panel shows), with the next step.
    if (failed && failed.cause !== 'timeout' && failed.cause !== 'cancelled') {
      const words = describeNetworkFailure(failed.cause, failed.url ?? '', { peer: 'handler' })
      void announce(`${words.title}. ${words.nextStep}`)
    } else void announce(sendOutcomeText(outcome, { results: results.value, times, reason: secretError.value ?? sendBlocked.value, timeoutMs: timeoutMs.value }))
    return outcome
  }

  /** Stops waiting for the request on its way (Send shows it as cancelled); nothing when none is. */
  function cancel(): void {
    cancelInFlight?.()
  }

  async function sendLimited(request: WebhookRequest): Promise<DeliveryResult> {
    const flight = startSend(request, now, timeoutMs.value)
    cancelInFlight = flight.cancel
    return flight.result.finally(() => (cancelInFlight = null))
  }

  async function deliver(times: 1 | 2, context: { origin: string; online: boolean }): Promise<SendOutcome> {
    urlTouched.value = true
    if (sendBlocked.value) return 'blocked'
    sending.value = true
    results.value = []
    failure.value = null
    let request: WebhookRequest | undefined
    try {
      request = await prepareRequest()
      for (let i = 0; i < times; i++) results.value = [...results.value, await sendLimited(request)]
      return 'sent'
    } catch (error) {
      if (error instanceof WebhookSecretError) {
        secretError.value = error.message
        return 'blocked'
      }
      if (!request) throw error
      if (error instanceof SendStopped) {
        failure.value = { ...describeFailure(request, error.cause, context), cause: error.reason, ...(error.reason === 'timeout' ? { timeoutMs: timeoutMs.value } : {}) }
        return error.reason
      }
      failure.value = await diagnoseFailure(request, error, context)
      return 'failed'
    } finally {
      sending.value = false
    }
  }

  return {
    sample, bodyText, variant, handlerUrl, saveError, handlerUrlSaveError, sign, secret, secretError, urlTouched, sending, results, failure, timeoutMs,
    providers, providerId, eventType, provider, event, snippet, edited, diagnostics, bodyProblem, urlProblem, sendBlocked,
    setSources, selectProvider, selectEvent, selectProviderEvent, regenerate, generate, addOverride, removeOverride, clearOverrides, applyVariant, revertVariant, prepareRequest, send, cancel,
  }
})
