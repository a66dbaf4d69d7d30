/**
 * What one JsonTree row shows and which row holds a node — plain functions over the
 * flattened model (src/shared/core/json/json-tree.ts), so JsonTree.vue stays about rendering.
 */
import { isContainer, keyText, NodeKind, nodeJson, primitiveSourceText, primitiveText, type JsonTreeModel } from '@/shared/core/json/json-tree'
import { countOf } from '@/shared/core/format'

/** Longest value text drawn in a row; the full value is one "Copy value" away. */
export const MAX_VALUE_CHARS = 400

/** The parts of a row, each drawn in its own colour (and told apart without colour too). */
export interface RowView {
  /** Property name, or the index of an array item; '' for a root row. */
  key: string
  keyIsIndex: boolean
  /** Value text: a primitive's JSON (strings quoted), or a container summary such as "{3 keys}". */
  value: string
  valueClass: 'string' | 'number' | 'boolean' | 'null' | 'summary'
  /** Set for containers with children. */
  expandable: boolean
}

/**
 * The key row `i` shows: the property name, an array item's index, or '' for the root. Also the
 * text type-ahead matches (cheap: no value text is built).
 */
export function rowKey(model: JsonTreeModel, i: number): string {
  const p = model.parent[i] ?? -1
  if (p < 0) return ''
  return model.kind[p] === NodeKind.array ? String((model.pos[i] ?? 1) - 1) : keyText(model, i)
}

/**
 * The view of node `i`.
 * @param arriving - `i` is a container of a body still arriving (a preview): its count is what came so far. @default false
 */
export function rowView(model: JsonTreeModel, i: number, arriving = false): RowView {
  const p = model.parent[i] ?? -1
  const keyIsIndex = p >= 0 && model.kind[p] === NodeKind.array
  const key = rowKey(model, i)
  const kind = model.kind[i]
  const size = model.size[i] ?? 0
  if (kind === NodeKind.object) {
    const value = arriving ? (size ? `{${countOf(size, 'key')} so far}` : '{no keys yet}') : size ? `{${countOf(size, 'key')}}` : '{} empty object'
    return { key, keyIsIndex, value, valueClass: 'summary', expandable: size > 0 }
  }
  if (kind === NodeKind.array) {
    const value = arriving ? (size ? `[${countOf(size, 'item')} so far]` : '[no items yet]') : size ? `[${countOf(size, 'item')}]` : '[] empty array'
    return { key, keyIsIndex, value, valueClass: 'summary', expandable: size > 0 }
  }
  const source = primitiveSourceText(model, i)
  let value: string
  if (source.length <= MAX_VALUE_CHARS) value = primitiveText(model, i)
  else {
    // Cut the characters, not the JSON text, so an escape is never split; the quote stays open.
    const more = countOf(source.length - MAX_VALUE_CHARS, 'more character')
    value = `${JSON.stringify(source.slice(0, MAX_VALUE_CHARS)).slice(0, -1)}… (${more})`
  }
  const valueClass = kind === NodeKind.string ? 'string' : kind === NodeKind.number ? 'number' : kind === NodeKind.boolean ? 'boolean' : 'null'
  return { key, keyIsIndex, value, valueClass, expandable: false }
}

/** What "Copy value" puts on the clipboard: a string's text itself, anything else as JSON. */
export function copyValueText(model: JsonTreeModel, i: number): string {
  if (model.kind[i] === NodeKind.string) return primitiveSourceText(model, i)
  return isContainer(model, i) ? nodeJson(model, i, 2) : primitiveText(model, i)
}

/** Index of `node` in the ascending `rows`, or -1. */
export function rowOf(rows: Int32Array, node: number): number {
  let lo = 0
  let hi = rows.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const value = rows[mid] ?? 0
    if (value === node) return mid
    if (value < node) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}
