import { computed, ref, shallowRef, triggerRef } from 'vue'
import { defineStore } from 'pinia'
import type { BuiltRequest } from '@/features/graphql/core/request'
import {
  skippedNote,
  type GraphQLTransport,
  type IncrementalResult,
  type StreamEvent,
  type StreamState,
} from '@/features/graphql/core/stream'
import { countOf, formatCount, formatElapsed } from '@/shared/core/format'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import type { ArrivedEvent } from '@/features/graphql/io/stream-job'
import { runStream, type StopStream, type StreamRunOptions } from '@/features/graphql/io/graphql-stream-runners'

/** A tab's stream as kept when another tab is shown (ended: a tab switch stops a running one). */
export interface StreamSnapshot {
  state: StreamState
  events: StreamEvent[]
  merged: IncrementalResult | undefined
  selectedIndex: number | undefined
}

/** Transports that stream. */
export type StreamTransport = Exclude<GraphQLTransport, 'http'>

const TRANSPORT_WORDS: Record<StreamTransport, string> = { sse: 'Server-Sent Events', ws: 'WebSocket', multipart: 'multipart/mixed' }

/** Arrived events not yet listed; `done` tells the reader they are rendered. */
interface Arrivals {
  events: ArrivedEvent[]
  done?: () => void
  /** A multipart answer's merged result as of these events (merged by the reader). */
  merged?: IncrementalResult
  /** Events that arrived before these and were counted, not kept (a WebSocket while the page was behind). */
  skipped?: number
}

/** Milliseconds of listing per frame while a stream runs: batches beyond wait for the next frame (and the reader waits for them). */
const FRAME_BUDGET_MS = 8

/**
 * How many events a stream keeps, and how many bytes of their text: beyond either, the oldest are
 * dropped (counted in `state.dropped`), so a stream that runs for hours never grows the tab without
 * limit. Dropped in batches of a tenth, so the list does not shift on every frame.
 */
export const STREAM_KEEP = { events: 50_000, bytes: 64 * 1024 * 1024 } as const

/** Runs `fn` before the next frame (a timer where there are no frames: tests, hidden tabs stay batched by the timer). */
const nextFrame = (fn: () => void): void => {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') requestAnimationFrame(fn)
  else setTimeout(fn, 16)
}

/**
 * A running or ended stream of the shown request tab: subscriptions over SSE or WebSocket and
 * `@defer`/`@stream` responses. Arrived payloads are summarised at once but appended to the list
 * once per animation frame, so 10,000 events at 200 per second cause at most one update per frame
 * (never one per event). Announces the start, a stop with the count, the first error of each frame,
 * and the end — each event only when the user switches `announceEach` on (for slow streams).
 */
export const useGraphQLStreamStore = defineStore('graphql-stream', () => {
  const { announce } = useAnnouncer()
  /** The stream's state; undefined when the tab's last run was not a stream. */
  const state = shallowRef<StreamState>()
  /** Events in arrival order (appended in place once per frame, then triggered). @default [] */
  const events = shallowRef<StreamEvent[]>([])
  /** The merged result of an incremental response. */
  const merged = shallowRef<IncrementalResult>()
  /** The event whose JSON is shown (1-based index). */
  const selectedIndex = ref<number>()
  /** Announce every event (for slow streams). @default false */
  const announceEach = ref(false)

  let stopRun: StopStream | undefined
  let run = 0
  let startedAt = 0
  let arrivals: Arrivals[] = []
  let arrivedIndex = 0
  let flushScheduled = false
  let keptBytes = 0

  /** Lists what arrived before the next frame (once per frame, however much arrives). */
  function schedule(): void {
    if (flushScheduled) return
    flushScheduled = true
    const mine = run
    nextFrame(() => {
      if (mine === run) flush()
      else flushScheduled = false
    })
  }

  /** Whether a stream is connecting or streaming. */
  const isRunning = computed(() => state.value?.status === 'connecting' || state.value?.status === 'streaming')
  const running = () => isRunning.value

  /**
   * Appends the arrived events and announces the first error among them, or (with `announceEach`)
   * the last event; returns that text instead of announcing it when `quiet` (the end says it with
   * the completion, which would otherwise replace it in the same tick).
   */
  function flush(quiet = false, all = quiet): string | undefined {
    flushScheduled = false
    if (!arrivals.length) return undefined
    const list = events.value
    const origin = performance.timeOrigin + startedAt
    const frameStart = performance.now()
    let result: IncrementalResult | undefined
    let errorCount = 0
    let skipped = 0
    let firstError: StreamEvent | undefined
    let last: StreamEvent | undefined
    let count = 0
    // Batches until the frame's budget is spent while running (the reader waits for the rest, so
    // the page sets the pace); everything at the end. Events one by one: a spread of a burst of
    // 300,000 would pass the engine's argument limit.
    let batch: Arrivals | undefined
    while ((batch = arrivals.shift())) {
      for (const arrived of batch.events) {
        const event: StreamEvent = { index: ++arrivedIndex, atMs: Math.max(0, arrived.at - origin), sizeBytes: arrived.sizeBytes, kind: arrived.kind, summary: arrived.summary, text: arrived.text }
        list.push(event)
        keptBytes += event.sizeBytes
        count += 1
        last = event
        if (event.kind === 'error') {
          errorCount += 1
          firstError ??= event
        }
      }
      if (batch.merged) result = batch.merged
      skipped += batch.skipped ?? 0
      batch.done?.()
      if (!all && performance.now() - frameStart >= FRAME_BUDGET_MS) break
    }
    if (arrivals.length) schedule()
    let dropped = 0
    if (list.length > STREAM_KEEP.events || keptBytes > STREAM_KEEP.bytes) {
      const target = { events: STREAM_KEEP.events * 0.9, bytes: STREAM_KEEP.bytes * 0.9 }
      while (dropped < list.length - 1 && (list.length - dropped > target.events || keptBytes > target.bytes)) keptBytes -= list[dropped++]?.sizeBytes ?? 0
      list.splice(0, dropped)
    }
    triggerRef(events)
    if (result) merged.value = result
    const current = state.value
    if (current) {
      state.value = {
        ...current,
        status: running() ? 'streaming' : current.status,
        eventCount: current.eventCount + count,
        errorCount: current.errorCount + errorCount,
        ...(dropped || current.dropped ? { dropped: (current.dropped ?? 0) + dropped } : {}),
        ...(skipped || current.skipped ? { skipped: (current.skipped ?? 0) + skipped } : {}),
      }
    }
    // The first gap is said once: events arrive faster than the page lists them.
    const gap = skipped && !current?.skipped ? skippedNote(skipped) : undefined
    const said = firstError ? `Error in event ${firstError.index}: ${firstError.summary}` : announceEach.value && last ? `Event ${last.index}: ${last.summary}` : undefined
    const text = gap && said ? `${said}. ${gap}` : (gap ?? said)
    if (text && !quiet) void announce(text)
    return text
  }

  function end(status: 'completed' | 'stopped' | 'failed', failure?: string): void {
    const arrivedText = flush(true)
    const current = state.value
    if (!current) return
    stopRun = undefined
    const durationMs = performance.now() - startedAt
    state.value = { ...current, status, durationMs, ...(failure ? { failure } : {}) }
    const events = current.skipped ? `${countOf(current.eventCount, 'event')} (and ${formatCount(current.skipped)} not listed)` : countOf(current.eventCount, 'event')
    const count = current.errorCount ? `${events}, ${countOf(current.errorCount, 'error')},` : events
    const ending =
      status === 'completed' ? `Completed: ${count} in ${formatElapsed(durationMs)}` : status === 'stopped' ? `Stopped after ${count}` : `Stream failed after ${count}: ${failure ?? 'unknown error'}`
    // An error that arrived with the end is said before it, not replaced by it.
    void announce(arrivedText ? `${arrivedText}. ${ending}` : ending)
  }

  /**
   * Starts `request` on `transport`, replacing the tab's last stream (a running one is stopped).
   * Resolves once the transport has started.
   */
  async function start(transport: StreamTransport, request: BuiltRequest, options: StreamRunOptions = {}): Promise<void> {
    stop(false)
    const mine = ++run
    startedAt = performance.now()
    arrivals = []
    arrivedIndex = 0
    keptBytes = 0
    events.value = []
    selectedIndex.value = undefined
    merged.value = undefined
    state.value = { transport, status: 'connecting', eventCount: 0, errorCount: 0 }
    void announce(transport === 'multipart' ? 'Receiving an incremental response…' : `Subscription started over ${TRANSPORT_WORDS[transport]}`)
    stopRun = await runStream(
      transport,
      request,
      {
        events: (batch, done, mergedSoFar, skipped) => {
          if (mine !== run) return
          arrivals.push({ events: batch, done, ...(mergedSoFar ? { merged: mergedSoFar } : {}), ...(skipped ? { skipped } : {}) })
          schedule()
        },
        complete: () => mine === run && end('completed'),
        fail: (message) => mine === run && end('failed', message),
      },
      options,
    )
    // Stopped while the client library was loading.
    if (mine !== run) stopRun()
  }

  /** Stops the running stream (the server sees the close); announces the count unless `quietly`. */
  function stop(announceIt = true): void {
    if (!running()) return
    const stopIt = stopRun
    run += 1
    stopRun = undefined
    stopIt?.()
    if (announceIt) end('stopped')
    else {
      flush(false, true)
      const current = state.value
      if (current) state.value = { ...current, status: 'stopped', durationMs: performance.now() - startedAt }
    }
  }

  /** Selects an event (its JSON is shown). */
  function select(index: number | undefined): void {
    selectedIndex.value = index
  }

  /** The tab's stream for {@link restore}; a running stream is stopped first (a tab switch cancels). */
  function snapshot(): StreamSnapshot | undefined {
    stop(false)
    return state.value ? { state: state.value, events: events.value, merged: merged.value, selectedIndex: selectedIndex.value } : undefined
  }

  /** Shows a tab's kept stream, or none. */
  function restore(kept: StreamSnapshot | undefined): void {
    stop(false)
    run += 1
    state.value = kept?.state
    events.value = kept?.events ?? []
    merged.value = kept?.merged
    selectedIndex.value = kept?.selectedIndex
  }

  return { state, events, merged, selectedIndex, announceEach, start, stop, select, snapshot, restore, isRunning }
})
