import { ref, toValue, watch, type MaybeRefOrGetter, type Ref } from 'vue'

/**
 * Roving focus for a composite widget with one Tab stop (WAI-ARIA APG listbox / tree keyboard
 * model): which item is active and where a key moves it — arrows, Home/End, Page Up/Down and
 * type-ahead. It holds only the index; the component renders `tabindex` from it and moves DOM
 * focus itself, because a virtualized list must first scroll an item into the DOM to focus it.
 */
export interface RovingFocusOptions {
  /** How many items there are. */
  count: MaybeRefOrGetter<number>
  /** The text type-ahead matches against (its start, case-insensitively). */
  labelOf: (index: number) => string
  /** How far Page Up / Page Down move. @default 10 */
  pageSize?: MaybeRefOrGetter<number>
  /** Clock for the type-ahead buffer (tests pass their own). @default performance.now */
  now?: () => number
}

/** Typed letters within this many ms build one type-ahead string ("rep" → Repository). */
export const TYPE_AHEAD_MS = 700

/** The result of {@link useRovingFocus}. */
export interface RovingFocus {
  /** Index of the item that holds the Tab stop. */
  active: Ref<number>
  /**
   * The index a key moves to, or `undefined` when the key is not a movement key (then the caller
   * lets it through). Does not change `active`: the caller focuses the item, and its focus handler
   * (or the caller) sets `active`.
   */
  target: (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) => number | undefined
}

/**
 * Where an arrow, Home/End or Page key moves in a list of `count` items; `undefined` for other keys.
 * Arrows stop at the ends (no wrap), as in the APG listbox.
 */
export function movementTarget(key: string, current: number, count: number, pageSize = 10): number | undefined {
  if (count <= 0) return undefined
  const clamp = (i: number) => Math.min(Math.max(i, 0), count - 1)
  switch (key) {
    case 'ArrowDown':
      return clamp(current + 1)
    case 'ArrowUp':
      return clamp(current - 1)
    case 'Home':
      return 0
    case 'End':
      return count - 1
    case 'PageDown':
      return clamp(current + pageSize)
    case 'PageUp':
      return clamp(current - pageSize)
    default:
      return undefined
  }
}

/**
 * The next item whose label starts with `typed`, searching after `current` and wrapping; `-1` when
 * none. A repeated single letter ("rrr") cycles through the items starting with that letter.
 */
export function typeAheadTarget(typed: string, current: number, count: number, labelOf: (index: number) => string): number {
  if (typed === '' || count <= 0) return -1
  const lower = typed.toLowerCase()
  const cycling = [...lower].every((c) => c === lower[0])
  // A longer prefix may still match the current item ("r" → Repo…, "re" stays there).
  const needle = cycling ? (lower[0] ?? '') : lower
  const start = cycling ? current + 1 : current
  for (let step = 0; step < count; step++) {
    const i = (start + step) % count
    if (labelOf(i).toLowerCase().startsWith(needle)) return i
  }
  return -1
}

export function useRovingFocus(options: RovingFocusOptions): RovingFocus {
  const active = ref(0)
  const now = options.now ?? (() => performance.now())
  let typed = ''
  let typedAt = -Infinity

  // Keep the Tab stop on an existing item when the list shrinks.
  watch(
    () => toValue(options.count),
    (count) => {
      if (active.value >= count) active.value = Math.max(0, count - 1)
    },
  )

  function target(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): number | undefined {
    if (event.ctrlKey || event.metaKey || event.altKey) return undefined
    const count = toValue(options.count)
    const moved = movementTarget(event.key, active.value, count, toValue(options.pageSize) ?? 10)
    if (moved !== undefined) return moved
    if (event.key.length !== 1 || event.key === ' ') return undefined
    const at = now()
    typed = at - typedAt > TYPE_AHEAD_MS ? event.key : typed + event.key
    typedAt = at
    const found = typeAheadTarget(typed, active.value, count, options.labelOf)
    return found >= 0 ? found : active.value
  }

  return { active, target }
}
