import { computed, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import { useIntervalFn, useNow } from '@vueuse/core'
import { examples, parseRateLimitHeaders, type RateLimitReport } from '@/features/rate-limits/core'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { usePersistedState } from '@/shared/composables/usePersistedState'
import { IMMINENT_MS, quotaName } from '@/features/rate-limits/core/format'
import { joinNames } from '@/shared/core/format'

/** sessionStorage key of the pasted text: kept across reloads, gone with the tab (dumps may hold cookies). */
export const INPUT_STORAGE_KEY = 'awb-rate-limits-input'

/** Inputs at least this long are parsed after a pause in typing instead of on every keystroke. */
export const LARGE_INPUT_CHARS = 20_000

/** The pause after which a large input is parsed, in ms. */
export const PARSE_DEBOUNCE_MS = 250

/** How long the store waits before parsing `text`: 0 (at once) for ordinary pastes, a debounce for big ones. */
export function parseDelay(text: string): number {
  return text.length >= LARGE_INPUT_CHARS ? PARSE_DEBOUNCE_MS : 0
}

/** Something a countdown runs to: a quota's reset or the Retry-After time. */
export interface CountdownTarget {
  /** Identity across re-parses of the same paste: family, label, resource and the raw reset header value. */
  key: string
  kind: 'reset' | 'retry'
  /** "GitHub core"; "Retry-After" for the retry time. */
  name: string
  atMs: number
}

/** Every countdown in a report, keyed so that re-parsing the same paste keeps the same keys. */
export function countdownTargets(report: RateLimitReport): CountdownTarget[] {
  const values = new Map<string, string>()
  for (const h of report.headers) if (!values.has(h.name)) values.set(h.name, h.value)
  const out: CountdownTarget[] = []
  for (const q of report.quotas) {
    if (!q.resetAt) continue
    const header = q.sources.reset ?? ''
    out.push({
      key: ['reset', q.family, q.label, q.resource ?? '', header, values.get(header) ?? ''].join('|'),
      kind: 'reset',
      name: quotaName(q),
      atMs: q.resetAt.getTime(),
    })
  }
  if (report.retryAfter) {
    const { header, at } = report.retryAfter
    out.push({ key: ['retry', header, values.get(header) ?? ''].join('|'), kind: 'retry', name: 'Retry-After', atMs: at.getTime() })
  }
  return out
}

/** A threshold a countdown crossed between two ticks. */
export interface Crossing {
  target: CountdownTarget
  threshold: 'minute' | 'reached'
}

/**
 * Thresholds crossed between `previousMs` and `nowMs` (the last minute began, or the target was reached) that
 * were not said before; records them in `said` so each is said once per quota. A jump over both thresholds
 * (a sleeping tab) reports only "reached".
 */
export function thresholdCrossings(targets: readonly CountdownTarget[], previousMs: number, nowMs: number, said: Set<string>): Crossing[] {
  const out: Crossing[] = []
  for (const target of targets) {
    const before = target.atMs - previousMs
    const after = target.atMs - nowMs
    let threshold: Crossing['threshold'] | undefined
    if (before > 0 && after <= 0) threshold = 'reached'
    else if (before > IMMINENT_MS && after <= IMMINENT_MS) threshold = 'minute'
    if (!threshold) continue
    const id = `${threshold}:${target.key}`
    if (said.has(id)) continue
    said.add(id)
    out.push({ target, threshold })
  }
  return out
}

/** One short sentence (or two) for the announcer, or '' when nothing was crossed. */
export function announcementFor(crossings: readonly Crossing[]): string {
  const names = (threshold: Crossing['threshold']) =>
    crossings.filter((c) => c.threshold === threshold && c.target.kind === 'reset').map((c) => c.target.name)
  const retry = (threshold: Crossing['threshold']) => crossings.some((c) => c.threshold === threshold && c.target.kind === 'retry')
  const sentences: string[] = []
  const minute = names('minute')
  if (minute.length > 0) sentences.push(`1 minute left until ${joinNames(minute)} ${minute.length > 1 ? 'reset' : 'resets'}.`)
  if (retry('minute')) sentences.push('1 minute left until you may retry.')
  const reached = names('reached')
  if (reached.length > 0) sentences.push(`Reset reached for ${joinNames(reached)}.`)
  if (retry('reached')) sentences.push('Retry-After time reached: you may retry now.')
  return sentences.join(' ')
}

/**
 * The rate-limit header parser's state: the pasted text (in sessionStorage under {@link INPUT_STORAGE_KEY};
 * default `''`), the report parsed from it (at once, or after {@link PARSE_DEBOUNCE_MS} for inputs of
 * {@link LARGE_INPUT_CHARS} or more), and `now`, ticking every second for the countdowns. Countdown thresholds
 * (1 minute left, reset reached) are announced through the app's announcer, each once per quota.
 */
export const useRateLimitStore = defineStore('rateLimits', () => {
  const { announce } = useAnnouncer()

  /** The pasted text, exactly as typed; `inputSaveError` says when it could not be kept for a reload. */
  const { state: input, saveError: inputSaveError } = usePersistedState(INPUT_STORAGE_KEY, '', { what: 'the pasted headers', storage: 'session' })
  /** The current time, ticking every second. */
  const now = useNow({
    scheduler: (tick) => {
      // Started by hand: vueuse starts intervals only where it detects a browser, and the store's
      // threshold announcements are unit-tested in node with fake timers.
      const controls = useIntervalFn(tick, 1000, { immediate: false })
      controls.resume()
      return controls
    },
  })

  /** The text the report was last computed from, and when: resets are measured against that moment. */
  const parsed = shallowRef({ text: input.value, at: new Date(now.value.getTime()) })
  /** True while a large input waits for its debounced parse. */
  const pending = ref(false)
  let timer: ReturnType<typeof setTimeout> | undefined

  function parseNow(text: string = input.value): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    pending.value = false
    parsed.value = { text, at: new Date() }
  }

  watch(input, (text) => {
    if (text === parsed.value.text) return
    const delay = parseDelay(text)
    if (delay === 0) return parseNow(text)
    if (timer !== undefined) clearTimeout(timer)
    pending.value = true
    timer = setTimeout(() => parseNow(text), delay)
  })

  /** The core's report of the last parsed text (not deeply reactive: it is replaced, never mutated). */
  const report = computed<RateLimitReport>(() => parseRateLimitHeaders(parsed.value.text, parsed.value.at))
  const targets = computed(() => countdownTargets(report.value))

  const said = new Set<string>()
  let previousMs = parsed.value.at.getTime()
  // A new report starts measuring from its own parse time, so a paste that already has under a minute left
  // does not sound as if a threshold had just been crossed.
  watch(parsed, (value) => {
    previousMs = value.at.getTime()
  })
  watch(now, (current) => {
    const nowMs = current.getTime()
    const text = announcementFor(thresholdCrossings(targets.value, previousMs, nowMs, said))
    previousMs = Math.max(previousMs, nowMs)
    if (text) void announce(text)
  })

  /** Replaces the input with the example of that id (see the core's `examples`); false when there is none. */
  function loadExample(id: string): boolean {
    const example = examples.find((e) => e.id === id)
    if (!example) return false
    said.clear()
    input.value = example.text
    parseNow(example.text)
    return true
  }

  /** Empties the input (and sessionStorage) and forgets what was announced. */
  function clear(): void {
    said.clear()
    input.value = ''
    parseNow('')
  }

  return { input, inputSaveError, now, report, pending, parsedAt: computed(() => parsed.value.at), examples, loadExample, clear, parseNow }
})
