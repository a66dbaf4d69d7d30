/**
 * How the virtual quota list lays out its rows: a label row per family group, then the group's cards in
 * rows of as many columns as fit (columns of at least 20 rem, as the short list's grid). Heights are
 * estimates in px at a 16 px root font; the list measures the rendered rows.
 */
import type { Quota } from '@/features/rate-limits/core'
import type { QuotaGroup } from '../core/quota-groups'

/** A virtual row: a group's label, or the cards at shown positions `from` (inclusive) to `to` (exclusive). */
export type CardRow = { kind: 'group'; key: string; group: QuotaGroup } | { kind: 'cards'; key: string; from: number; to: number }

/** Estimated height of a group's label row, in px. */
export const GROUP_ROW_HEIGHT = 48

const REM = 16
/** Smallest card width, the gap between cards and the row's side padding, in px. */
const CARD_MIN = 20 * REM
const GAP = REM
const SIDE_PADDING = 0.75 * REM

/** How many cards fit side by side in a list `width` px wide (at least one). */
export function columnsFor(width: number): number {
  const inner = width - 2 * SIDE_PADDING
  return Math.max(1, Math.floor((inner + GAP) / (CARD_MIN + GAP)))
}

/** The rows of `groups` (their positions counted group after group) with `columns` cards a row. */
export function layoutRows(groups: readonly QuotaGroup[], columns: number): CardRow[] {
  const rows: CardRow[] = []
  let position = 0
  for (const group of groups) {
    rows.push({ kind: 'group', key: `g:${group.family}`, group })
    for (let i = 0; i < group.indices.length; i += columns) {
      const from = position + i
      const to = position + Math.min(i + columns, group.indices.length)
      rows.push({ kind: 'cards', key: `c:${from}`, from, to })
    }
    position += group.indices.length
  }
  return rows
}

/** A card's estimated height with the row's bottom gap, in px: title, meter, and a line or two per value. */
export function cardHeight(q: Quota): number {
  // Counted without an array: this runs for each of thousands of rows as the list mounts.
  const values = 1 + +(q.limit !== undefined) + +(q.remaining !== undefined) + +(q.used !== undefined) + +(q.windowSeconds !== undefined) + +(q.resource !== undefined)
  const meter = q.limit !== undefined && q.remaining !== undefined ? 40 : 24
  return 34 + 39 + meter + 12 + values * 44 + (values - 1) * 6 + GAP
}
