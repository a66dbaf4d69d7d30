import { computed, ref, shallowRef, watch, type Ref } from 'vue'
import { defineStore } from 'pinia'
import { useIntervalFn, useNow } from '@vueuse/core'
import { exampleAt, examples } from '@/features/rate-limits/core/examples'
import { parseRateLimitHeaders, readingStatus, runRateLimitJob, type RateLimitJob, type RateLimitJobResult, type RateLimitLintResult, type RateLimitMode, type RateLimitReport, type RateLimitTimeline } from '@/features/rate-limits/core'
import { runJob, runsInWorker } from '@/features/rate-limits/io/rate-limits-runner'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { usePersistedState } from '@/shared/composables/usePersistedState'
import { announcementFor, CLEARED_TEXT, countdownSchedule, exampleLoadedText, pasteSummary, quotaSummary, scheduledCrossings } from '@/features/rate-limits/core/announcements'

/** sessionStorage key of the pasted text: kept across reloads, gone with the tab (dumps may hold cookies). */
export const INPUT_STORAGE_KEY = 'awb-rate-limits-input'

/** Inputs at least this long are parsed after a pause in typing instead of on every keystroke. */
export const LARGE_INPUT_CHARS = 20_000

/** The pause after the last change before a paste's result is announced, in ms (typing is not read out key by key). */
export const PASTE_ANNOUNCE_DELAY_MS = 500

/** The pause after which a large input is parsed, in ms. */
export const PARSE_DEBOUNCE_MS = 250

/** How long the store waits before parsing `text`: 0 (at once) for ordinary pastes, a debounce for big ones. */
export function parseDelay(text: string): number {
  return text.length >= LARGE_INPUT_CHARS ? PARSE_DEBOUNCE_MS : 0
}

/**
 * The rate-limit header parser's state: the pasted text (in sessionStorage under {@link INPUT_STORAGE_KEY};
 * default `''`), the report parsed from it (at once, or after {@link PARSE_DEBOUNCE_MS} for inputs of
 * {@link LARGE_INPUT_CHARS} or more), and `now`, ticking every second for the countdowns. Countdown thresholds
 * (1 minute left, reset reached), each paste (once, {@link PASTE_ANNOUNCE_DELAY_MS} after the last change), loaded
 * examples and Clear are announced through the app's announcer
 * (texts from the core's `announcements`).
 */
export const useRateLimitStore = defineStore('rate-limits', () => {
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
  type Parsed = { text: string; at: Date }
  const parsed = shallowRef<Parsed>({ text: input.value, at: new Date(now.value.getTime()) })
  /** True while a large input waits for its debounced parse. */
  const pending = ref(false)
  let timer: ReturnType<typeof setTimeout> | undefined

  function parseNow(text: string = input.value): void {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    pending.value = false
    parsed.value = { text, at: new Date() }
  }

  /** The text Load example or Clear put in: announced by them, not as a paste. */
  let ownText: string | undefined
  /** True from a change by the user (typing, a paste, an opened file) until its report was announced. */
  let pasteToAnnounce = false
  watch(input, (text) => {
    if (text !== ownText && text.trim() !== '') pasteToAnnounce = true
    ownText = undefined
    if (text === parsed.value.text) return
    const delay = parseDelay(text)
    if (delay === 0) return parseNow(text)
    if (timer !== undefined) clearTimeout(timer)
    pending.value = true
    timer = setTimeout(() => parseNow(text), delay)
  })

  /** What the page does with the paste (`'quota'` by default): read the quota, lint the headers, or the timeline. */
  const mode = ref<RateLimitMode>('quota')
  /**
   * The browser's time zone: the timeline's clock times are the user's own. Read when first needed (a
   * job or the timeline): the page's first Intl object loads the locale data, which at load would
   * lengthen the page's longest task for a value the empty page never uses.
   */
  const timeZone = computed(() => new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')

  /** The status of the job running in the worker for the current mode ("Reading 10,000 entries…"), if any. */
  const reading = ref<string>()
  let readingToken = 0

  /**
   * The result of the `kind` job on the last parsed text, while `active()`: computed on the main thread (only
   * when read) for small pastes; for pastes from the runner's `WORKER_THRESHOLD` on, run in the worker,
   * undefined until it answers, with {@link reading} saying what is being read meanwhile.
   */
  function jobResult<K extends RateLimitJob['kind']>(kind: K, active: () => boolean) {
    // Only the timeline reads the time zone: a report job (run every second by the countdowns) must not create the Intl object.
    const jobOf = (value: Parsed): RateLimitJob =>
      (kind === 'timeline' ? { kind, text: value.text, at: value.at, timeZone: timeZone.value } : { kind, text: value.text, at: value.at }) as RateLimitJob
    const fromWorker = shallowRef<{ source: Parsed; result: RateLimitJobResult<K> }>()
    watch(
      [active, parsed],
      ([on, source]) => {
        if (!on) return
        const token = ++readingToken // a newer paste or mode supersedes the status of an older job
        if (!runsInWorker(source.text) || fromWorker.value?.source === source) {
          reading.value = undefined
          return
        }
        reading.value = readingStatus({ chars: source.text.length })
        const onSize = (size: Parameters<typeof readingStatus>[0]) => {
          if (token !== readingToken) return
          reading.value = readingStatus(size)
          void announce(reading.value)
        }
        void runJob(jobOf(source), { onSize }).then(
          (result) => {
            if (parsed.value === source) fromWorker.value = { source, result: result as RateLimitJobResult<K> }
          },
          () => undefined,
        ).finally(() => {
          if (token === readingToken) reading.value = undefined
        })
      },
      { immediate: true },
    )
    return computed<RateLimitJobResult<K> | undefined>(() => {
      const value = parsed.value
      if (!runsInWorker(value.text)) return runRateLimitJob(jobOf(value)) as RateLimitJobResult<K>
      return fromWorker.value?.source === value ? fromWorker.value.result : undefined
    })
  }

  // The pacing mode reads the quotas of the report too (the policies behind them).
  const reportResult = jobResult('report', () => mode.value === 'quota' || mode.value === 'pace')
  /**
   * The core's report of the last parsed text (not deeply reactive: it is replaced, never mutated); for a large
   * paste still being read in the worker, the report of nothing (see {@link reading}).
   */
  const report = computed<RateLimitReport>(() => reportResult.value ?? parseRateLimitHeaders('', parsed.value.at))
  // Countdowns belong to the quota view; in the other modes a large HAR is not parsed a second time. Only the
  // times: a tick names the countdowns that crossed a threshold, not every quota of a paste of thousands.
  const schedule = computed(() => (mode.value === 'quota' ? countdownSchedule(report.value) : undefined))

  const said = new Set<string>()
  let previousMs = parsed.value.at.getTime()
  // A new report starts measuring from its own parse time, so a paste that already has under a minute left
  // does not sound as if a threshold had just been crossed.
  watch(parsed, (value) => {
    previousMs = value.at.getTime()
  })
  // One announcement per paste, a moment after the last change (typing announces once it pauses), when its report
  // is there (a large paste's comes from the worker): the count and each quota's amount and reset.
  let pasteTimer: ReturnType<typeof setTimeout> | undefined
  watch(report, () => {
    if (!pasteToAnnounce) return
    if (pasteTimer !== undefined) clearTimeout(pasteTimer)
    pasteTimer = setTimeout(() => {
      pasteTimer = undefined
      if (!pasteToAnnounce || mode.value !== 'quota' || pending.value || reading.value !== undefined || parsed.value.text.trim() === '') return
      pasteToAnnounce = false
      void announce(pasteSummary(report.value, parsed.value.at.getTime()))
    }, PASTE_ANNOUNCE_DELAY_MS)
  })

  watch(now, (current) => {
    const nowMs = current.getTime()
    const text = schedule.value ? announcementFor(scheduledCrossings(schedule.value, previousMs, nowMs, said)) : ''
    previousMs = Math.max(previousMs, nowMs)
    if (text) void announce(text)
  })

  /**
   * The linter's findings and corrected headers for the last parsed text (only in the linter mode; undefined while
   * a large paste is read); resets are judged against the paste's Date header, else the parse time.
   */
  const lint = jobResult('lint', () => mode.value === 'lint') as Readonly<Ref<RateLimitLintResult | undefined>>

  /** The timeline of the last parsed text (in the timeline mode, and the pacing mode's inference; undefined while a large paste is read). */
  const timeline = jobResult('timeline', () => mode.value === 'timeline' || mode.value === 'pace') as Readonly<Ref<RateLimitTimeline | undefined>>

  /** How many quotas were found, in one sentence (core `quotaSummary`). */
  const summary = computed(() => quotaSummary(report.value))

  /**
   * Replaces the input with the example of that id (see the core's `examples`, moved to now by `exampleAt`) and announces it with
   * the summary; false (and silent) when there is none.
   */
  function loadExample(id: string): boolean {
    const example = examples.find((e) => e.id === id)
    if (!example) return false
    said.clear()
    // Moved to now: a sample is a fresh response, never one whose resets passed long ago.
    const text = exampleAt(example, new Date())
    ownText = text
    pasteToAnnounce = false
    input.value = text
    parseNow(text)
    void announce(exampleLoadedText(example.label, report.value, parsed.value.at.getTime()))
    return true
  }

  /** Empties the input (and sessionStorage), forgets what was announced, and says so. */
  function clear(): void {
    said.clear()
    ownText = ''
    pasteToAnnounce = false
    input.value = ''
    parseNow('')
    void announce(CLEARED_TEXT)
  }

  return { input, inputSaveError, now, report, summary, mode, lint, timeline, timeZone, pending, reading, parsedAt: computed(() => parsed.value.at), examples, loadExample, clear, parseNow }
})
