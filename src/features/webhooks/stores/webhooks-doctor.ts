import { computed, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import {
  detectWebhookProvider,
  formatRawRequest,
  readHeaderLines,
  readRequestText,
  signWebhook,
  WebhookSecretError,
  type DoctorInputMode,
  type KnownSecret,
  type SignatureDiagnosis,
  type WebhookProviderId,
} from '@/features/webhooks/core'
import { doctorVerdictText } from '@/features/webhooks/core/announcements'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { parseUrl } from '@/shared/core/http'
import { useWebhookStore } from './webhooks'
import { mergeHeaders } from '@/features/webhooks/io/webhooks-delivery'
import { cancelDiagnosis, runDiagnosis } from '@/features/webhooks/io/doctor-runner'

/** A request the generator built, for "Open in doctor". */
export interface DoctorRequest {
  headers: Record<string, string>
  body: string
  /** Path for the request line. @default '/' */
  path?: string
}

/** Pause after the last keystroke before re-checking. */
const CHECK_DELAY_MS = 150

/**
 * The signature doctor's state: what the user pasted, the secret (in memory only: never stored,
 * never in a URL) and the provider choice; the diagnosis follows every change, a large request's in a
 * worker, each change cancelling the check still running. Nothing is sent anywhere. A changed verdict
 * is announced.
 */
export const useWebhookDoctorStore = defineStore('webhooks-doctor', () => {
  const { announce } = useAnnouncer()
  /** Time the signed timestamp is judged against. @default () => new Date() */
  let now: () => Date = () => new Date()

  /** One field or two. @default 'one' */
  const mode = ref<DoctorInputMode>('one')
  /** The pasted request (mode 'one'). @default '' */
  const requestText = ref('')
  /** Header lines (mode 'two'). @default '' */
  const headersText = ref('')
  /** The body exactly as received (mode 'two'). @default '' */
  const bodyText = ref('')
  /** The secret to check with: memory only. @default '' */
  const secret = ref('')
  /** The provider chosen by the user; `''` detects it from the headers. @default '' */
  const providerChoice = ref<WebhookProviderId | ''>('')
  /** Another secret the user has (a rotation's previous one …), tried when `secret` does not verify. Memory only. @default '' */
  const otherSecret = ref('')
  /** What {@link otherSecret} is. @default 'previous' */
  const otherSecretKind = ref<KnownSecret['kind']>('previous')
  /** The last diagnosis; `null` before there is anything to check. @default null */
  const diagnosis = shallowRef<SignatureDiagnosis | null>(null)
  /** A check is running. @default false */
  const checking = ref(false)

  const empty = computed(() => (mode.value === 'one' ? requestText.value.trim() === '' : headersText.value.trim() === '' && bodyText.value === ''))
  /** The input read into headers and body, or why it cannot be. */
  const read = computed(() => {
    if (mode.value === 'one') return readRequestText(requestText.value)
    const lines = readHeaderLines(headersText.value)
    return lines.ok ? { ok: true as const, headers: lines.headers, body: bodyText.value } : lines
  })
  /** Why the paste cannot be read, for its field; `null` when readable or empty. */
  const inputProblem = computed(() => (empty.value || read.value.ok ? null : read.value.message))
  /** The provider the headers point to, or `null`. */
  const detectedProvider = computed(() => (read.value.ok ? detectWebhookProvider(read.value.headers) : null))

  let sequence = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  /** Re-checks now; a newer check supersedes an older one still running. */
  async function check(): Promise<SignatureDiagnosis | null> {
    clearTimeout(timer)
    const id = ++sequence
    const r = read.value
    if (empty.value || !r.ok) {
      cancelDiagnosis()
      checking.value = false
      diagnosis.value = null
      return null
    }
    checking.value = true
    const result = await runDiagnosis({
      request: { headers: r.headers, body: r.body },
      secret: secret.value,
      now: now(),
      ...(otherSecret.value !== '' ? { knownSecrets: [{ kind: otherSecretKind.value, secret: otherSecret.value }] } : {}),
      ...(providerChoice.value ? { provider: providerChoice.value } : {}),
    })
    if (id !== sequence || result === undefined) return diagnosis.value
    const before = diagnosis.value
    diagnosis.value = result
    checking.value = false
    if (before?.verdict !== result.verdict || before.causes[0]?.code !== result.causes[0]?.code) void announce(doctorVerdictText(result))
    return result
  }

  watch([mode, requestText, headersText, bodyText, secret, providerChoice, otherSecret, otherSecretKind], () => {
    clearTimeout(timer)
    // The check still running is for text that is gone: stop it now, not when the pause is over.
    cancelDiagnosis()
    timer = setTimeout(() => void check(), CHECK_DELAY_MS)
  })

  /** Replaces the time source (tests, stories). */
  function setNow(source: () => Date): void {
    now = source
  }

  /**
   * Fills the doctor with a request the generator built (and its secret, when one is set), so the
   * user sees a valid delivery and can then break it. Checks at once.
   */
  async function open(request: DoctorRequest, withSecret: string): Promise<SignatureDiagnosis | null> {
    mode.value = 'one'
    requestText.value = formatRawRequest({ path: request.path ?? '/', headers: request.headers, body: request.body })
    secret.value = withSecret
    providerChoice.value = ''
    return check()
  }

  /**
   * "Open in doctor": the generator's request as Send would deliver it, signed with its secret when
   * one is entered (whether or not Send signs), so the doctor shows a valid delivery to break.
   * @returns the diagnosis, or `null` when the generator's secret cannot sign (its message is at its field)
   */
  async function openFromGenerator(): Promise<SignatureDiagnosis | null> {
    const generator = useWebhookStore()
    let headers = { ...generator.sample.headers }
    if (generator.secret !== '') {
      try {
        const signature = await signWebhook(generator.providerId, generator.bodyText, generator.secret, { now: now(), deliveryId: generator.sample.deliveryId })
        headers = mergeHeaders(headers, signature)
      } catch (error) {
        if (!(error instanceof WebhookSecretError)) throw error
        generator.secretError = error.message
        return null
      }
    }
    const path = parseUrl(generator.handlerUrl.trim())?.pathname ?? '/webhook'
    return open({ headers, body: generator.bodyText, path }, generator.secret)
  }

  /** Empties the fields (the secret too). */
  function clear(): void {
    requestText.value = ''
    headersText.value = ''
    bodyText.value = ''
    secret.value = ''
    otherSecret.value = ''
    providerChoice.value = ''
    diagnosis.value = null
  }

  return { mode, requestText, headersText, bodyText, secret, otherSecret, otherSecretKind, providerChoice, diagnosis, checking, empty, inputProblem, detectedProvider, check, setNow, open, openFromGenerator, clear }
})
