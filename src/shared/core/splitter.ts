/**
 * The keyboard and pointer model of a window splitter (WAI-ARIA APG "Window Splitter" pattern,
 * https://www.w3.org/WAI/ARIA/apg/patterns/windowsplitter/): the size of the primary pane in
 * percent of the container, and whether that pane is collapsed. Framework-free so the rules are
 * tested in node; `SplitPane.vue` renders them.
 */

/**
 * How the two panes sit: `horizontal` side by side (the separator is a vertical bar moved with
 * Left/Right), `vertical` stacked (a horizontal bar moved with Up/Down).
 */
export type SplitOrientation = 'horizontal' | 'vertical'

/** A splitter's position. */
export interface SplitterState {
  /** Size of the primary (first) pane in percent of the container, between `min` and `max`. */
  size: number
  /** Whether the primary pane is collapsed (hidden); `size` is kept to restore it. */
  collapsed: boolean
}

/** The limits a splitter moves within. */
export interface SplitterLimits {
  /** Smallest size of the primary pane in percent. @default 10 */
  min?: number
  /** Largest size of the primary pane in percent. @default 90 */
  max?: number
  /** How far one arrow key press moves, in percent. @default 5 */
  step?: number
  /** Which arrow keys move the splitter. @default 'horizontal' */
  orientation?: SplitOrientation
  /** Whether Enter may collapse the primary pane. @default true */
  collapsible?: boolean
}

/** `value` kept between `min` and `max` (and a finite number: NaN becomes `min`). */
export function clampSize(value: number, min = 10, max = 90): number {
  if (!Number.isFinite(value)) return min
  return Math.min(Math.max(value, min), max)
}

/**
 * Where a key moves the splitter, or `undefined` when the key is not one of the splitter's (the
 * caller then lets it through). Arrows move by `step` (Left/Up smaller, Right/Down larger — only
 * the pair of the orientation), Home/End go to `min`/`max`, Enter collapses or restores. A move
 * while collapsed first restores the pane, so the user sees what they are sizing.
 */
export function splitterKey(
  key: string,
  state: SplitterState,
  limits: SplitterLimits = {},
): SplitterState | undefined {
  const { min = 10, max = 90, step = 5, orientation = 'horizontal', collapsible = true } = limits
  const size = clampSize(state.size, min, max)
  const [smaller, larger] = orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown']
  switch (key) {
    case smaller:
      return { size: state.collapsed ? size : clampSize(size - step, min, max), collapsed: false }
    case larger:
      return { size: state.collapsed ? size : clampSize(size + step, min, max), collapsed: false }
    case 'Home':
      return { size: min, collapsed: false }
    case 'End':
      return { size: max, collapsed: false }
    case 'Enter':
      return collapsible ? { size, collapsed: !state.collapsed } : undefined
    default:
      return undefined
  }
}

/**
 * The primary pane's size in percent when a pointer is at `position` (client x or y) over a
 * container that starts at `start` and is `length` long, rounded to a tenth and clamped.
 */
export function sizeAtPointer(position: number, start: number, length: number, min = 10, max = 90): number {
  if (length <= 0) return min
  return clampSize(Math.round(((position - start) / length) * 1000) / 10, min, max)
}
