/**
 * What a long task was made of, read from a Chromium trace (`browser.startTracing` with
 * {@link LONG_TASK_TRACE_CATEGORIES}). The Long Animation Frames API names scripts only; a trace
 * also names the style, layout, paint and garbage collection inside a task, and which function a
 * script entry point called. For benchmarks' reports: figures are printed, never asserted.
 */

/** The trace categories {@link summariseLongTasks} reads. */
export const LONG_TASK_TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing']

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown> }
}

/** Events that only wrap a task's work: skipped, their children are what it did. */
const WRAPPERS = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask', 'SequenceManager::DoIdleWork'])
/** Events that carry a message to the page: not counted themselves, only what ran inside them. */
const CONTAINERS = new Set(['HandlePostMessage', 'Receive mojo message', 'SimpleWatcher::OnHandleReady'])
/** Script entry points, microtasks and GC: counted at any depth. */
const NAMED = new Set(['FunctionCall', 'EventDispatch', 'TimerFire', 'EvaluateScript', 'RunMicrotasks', 'MinorGC', 'MajorGC'])

/** What a piece of work inside a task is called in the summary: a script's function and file, an event's type. */
function label(event: TraceEvent): string {
  const data = event.args?.data ?? {}
  const file = typeof data.url === 'string' ? data.url.split('/').pop() : ''
  if (event.name === 'FunctionCall') return `FunctionCall ${String(data.functionName || '(anonymous)')} ${file}`
  if (event.name === 'EventDispatch') return `EventDispatch ${String(data.type)}`
  if (event.name === 'TimerFire') return 'TimerFire'
  if (event.name === 'EvaluateScript') return `EvaluateScript ${file}`
  return event.name
}

/**
 * The main thread's tasks of at least `minMs` in a trace, each with its work by kind, heaviest
 * first, as text lines, each with its start after the first listed task. Work is counted at the
 * first level below the task and once more for {@link NAMED} events at any depth.
 * @param trace the JSON that `browser.stopTracing()` returned
 * @param minMs the shortest task listed
 */
export function summariseLongTasks(trace: string, minMs: number): string[] {
  const events = (JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  if (!main) return ['(no renderer main thread in the trace)']
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const tasks = own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000)
  const origin = tasks[0]?.ts ?? 0
  const lines: string[] = []
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0)
    const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    const kinds = new Map<string, number>()
    let coveredTo = task.ts
    for (const e of inside) {
      if (WRAPPERS.has(e.name)) continue
      const named = NAMED.has(e.name)
      // First level: not inside an earlier event already counted.
      if ((e.ts >= coveredTo && !CONTAINERS.has(e.name)) || named) kinds.set(label(e), (kinds.get(label(e)) ?? 0) + (e.dur ?? 0) / 1000)
      if (e.ts >= coveredTo) coveredTo = e.ts + (e.dur ?? 0)
    }
    // Nothing the timeline names (e.g. the thread paused by CPU throttling, or work in a category not
    // recorded): the longest events inside, whatever they are.
    if (![...kinds.values()].some((ms) => ms >= 2)) for (const e of [...inside].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 3)) kinds.set(`(${e.name})`, (e.dur ?? 0) / 1000)
    const parts = [...kinds].filter(([, ms]) => ms >= 2).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${Math.round(ms)} ${name}`)
    lines.push(`${Math.round((task.dur ?? 0) / 1000)} ms task at +${Math.round((task.ts - origin) / 1000)} ms: ${parts.join(' · ')}`)
  }
  return lines
}

/**
 * The blocking time of the main thread's tasks that start after the first contentful paint, as
 * Lighthouse's total blocking time counts it (each task's time over 50 ms), with every task's
 * length multiplied by `slowdown` first: a trace recorded without throttling, times 4, is what
 * Lighthouse's simulated 4× CPU makes of it. Up to the trace's end, not to time to interactive.
 * @param trace the JSON that `browser.stopTracing()` returned, recorded from before the navigation
 * @param slowdown the factor each task's length is multiplied by
 */
export function blockingAfterFirstPaint(trace: string, slowdown: number): number {
  const events = (JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main?.pid)
  if (!main || !fcp) return NaN
  return events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= fcp.ts)
    .reduce((sum, e) => sum + Math.max(0, ((e.dur ?? 0) / 1000) * slowdown - 50), 0)
}
