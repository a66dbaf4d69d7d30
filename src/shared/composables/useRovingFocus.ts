import { ref, toValue, watch, type MaybeRefOrGetter, type Ref } from 'vue'
import { createTypeAheadBuffer, isTypeAheadKey, typeAheadTarget } from '@/shared/core/type-ahead'

/**
 * Roving focus for a composite widget with one Tab stop (WAI-ARIA APG listbox / tree keyboard
 * model): which item is active and where a key moves it — arrows, Home/End, Page Up/Down and
 * type-ahead (the one rule of `@/shared/core/type-ahead`). It holds only the index; the component
 * renders `tabindex` from it and moves DOM focus itself, because a virtualized list must first
 * scroll an item into the DOM to focus it. Used by the docs explorer's lists and by JsonTree.
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
 * Roving focus over `count` items: see {@link RovingFocusOptions} and {@link RovingFocus}.
 * Type-ahead follows `typeAheadTarget` from `@/shared/core/type-ahead`.
 */
export function useRovingFocus(options: RovingFocusOptions): RovingFocus {
  const active = ref(0)
  const typeAhead = createTypeAheadBuffer(options.now ?? (() => performance.now()))

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
    if (!isTypeAheadKey(event)) return undefined
    const found = typeAheadTarget(typeAhead.push(event.key), active.value, count, options.labelOf)
    return found >= 0 ? found : active.value
  }

  return { active, target }
}
