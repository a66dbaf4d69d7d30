/**
 * Type-ahead for composite widgets with one Tab stop (WAI-ARIA APG listbox and treeview): typing
 * printable characters moves to the next item whose label starts with them. One rule for every
 * list and tree in the app (the docs explorer's lists through `useRovingFocus`, JsonTree's rows),
 * so the same keys do the same thing everywhere.
 *
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/listbox/#keyboardinteraction
 */

/** Typed characters within this many ms build one type-ahead string ("rep" → Repository). */
export const TYPE_AHEAD_MS = 700

/**
 * The next item whose label starts with `typed` (case-insensitively), searching after `current`
 * and wrapping; `-1` when none. A longer prefix may stay on the current item ("r" → Repo…, "re"
 * stays there); a repeated single letter ("rrr") cycles through the items starting with that letter.
 *
 * @param typed - the characters typed so far (see {@link createTypeAheadBuffer}).
 * @param current - index of the focused item.
 * @param count - how many items there are.
 * @param labelOf - the text of item `i` that type-ahead matches (its start); called only while searching.
 */
export function typeAheadTarget(typed: string, current: number, count: number, labelOf: (index: number) => string): number {
  if (typed === '' || count <= 0) return -1
  const lower = typed.toLowerCase()
  const cycling = [...lower].every((c) => c === lower[0])
  const needle = cycling ? (lower[0] ?? '') : lower
  const start = cycling ? current + 1 : current
  for (let step = 0; step < count; step++) {
    const i = (start + step) % count
    if (labelOf(i).toLowerCase().startsWith(needle)) return i
  }
  return -1
}

/** Whether a key starts or extends type-ahead: one printable character other than space, no Ctrl/Cmd/Alt. */
export function isTypeAheadKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey
}

/** The characters typed so far; see {@link createTypeAheadBuffer}. */
export interface TypeAheadBuffer {
  /** Adds a typed character and returns the string to match: it alone after a pause of more than {@link TYPE_AHEAD_MS}. */
  push: (char: string) => string
}

/**
 * Collects typed characters into one type-ahead string while they come quickly.
 *
 * @param now - the clock in ms (`() => performance.now()` in the browser; tests pass their own).
 */
export function createTypeAheadBuffer(now: () => number): TypeAheadBuffer {
  let typed = ''
  let typedAt = -Infinity
  return {
    push(char) {
      const at = now()
      typed = at - typedAt > TYPE_AHEAD_MS ? char : typed + char
      typedAt = at
      return typed
    },
  }
}
