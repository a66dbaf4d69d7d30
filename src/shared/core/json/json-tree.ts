/**
 * A JSON value flattened into columns, in pre-order, for a virtualized tree view. Columns are typed
 * arrays plus ONE string holding every key and value text, so a model built in a worker crosses to
 * the page as transferable buffers and a single string: structured-cloning 300 000 small objects
 * would cost the main thread the long task the worker was meant to avoid.
 */
import type { TreeView } from './json-tree-view'

/** Kind of a node, as stored in {@link JsonTreeModel.kind}. */
export const NodeKind = { object: 0, array: 1, string: 2, number: 3, boolean: 4, null: 5 } as const
export type NodeKind = (typeof NodeKind)[keyof typeof NodeKind]

/** Bits of {@link JsonTreeModel.escaped}: which of a node's texts are JSON source with escapes. */
export const JsonEscape = { key: 1, value: 2 } as const

/** A flattened JSON value. Node 0 is the root; node `i`'s descendants are `i + 1 … end[i] - 1`. */
export interface JsonTreeModel {
  count: number
  kind: Uint8Array
  /**
   * {@link JsonEscape} bits: set when the key or string value in `text` is JSON source holding
   * escapes (a model scanned from the body text, `scanJsonTree`), decoded when read; 0 when `text`
   * holds the characters themselves.
   */
  escaped: Uint8Array
  /** Parent node, -1 for the root. */
  parent: Int32Array
  /** 0 for the root. */
  depth: Int32Array
  /** One past the last descendant. */
  end: Int32Array
  /** Number of children (containers), 0 for primitives. */
  size: Int32Array
  /** 1-based position among its siblings (root: 1). */
  pos: Int32Array
  /** Key of an object member in `text` (`keyStart === keyEnd` for array items and the root). */
  keyStart: Int32Array
  keyEnd: Int32Array
  /** A primitive's text in `text`: a string's characters unquoted (quoted on display), else its JSON. */
  valueStart: Int32Array
  valueEnd: Int32Array
  text: string
  /**
   * The view of the tree for one opening, made where the model was built (a worker), which the
   * tree view uses instead of walking the model itself when its opening is the same (`viewFor`).
   * @default undefined
   */
  firstView?: TreeView
}

/** A model's columns without its text: what a worker posts beside the text, and all the tree's walks read. */
export type JsonTreeColumns = Omit<JsonTreeModel, 'text'>

/** The buffers to list as transferables when posting a model (its `firstView`'s too). */
export function modelBuffers(model: JsonTreeColumns): ArrayBuffer[] {
  const arrays = [model.kind, model.escaped, model.parent, model.depth, model.end, model.size, model.pos, model.keyStart, model.keyEnd, model.valueStart, model.valueEnd]
  if (model.firstView) arrays.push(model.firstView.expanded, model.firstView.rows)
  return arrays.map((array) => array.buffer as ArrayBuffer)
}

function kindOf(value: unknown): NodeKind {
  if (Array.isArray(value)) return NodeKind.array
  if (value === null || value === undefined) return NodeKind.null
  switch (typeof value) {
    case 'object':
      return NodeKind.object
    case 'string':
      return NodeKind.string
    case 'number':
      return Number.isFinite(value) ? NodeKind.number : NodeKind.null
    case 'boolean':
      return NodeKind.boolean
    default:
      return NodeKind.null
  }
}

/** Growable columns; `finish` trims them to the node count. */
function columns(capacity: number) {
  const c = {
    n: 0,
    kind: new Uint8Array(capacity),
    parent: new Int32Array(capacity),
    depth: new Int32Array(capacity),
    end: new Int32Array(capacity),
    size: new Int32Array(capacity),
    pos: new Int32Array(capacity),
    keyStart: new Int32Array(capacity),
    keyEnd: new Int32Array(capacity),
    valueStart: new Int32Array(capacity),
    valueEnd: new Int32Array(capacity),
    parts: [] as string[],
    offset: 0,
  }
  type Column = 'kind' | 'parent' | 'depth' | 'end' | 'size' | 'pos' | 'keyStart' | 'keyEnd' | 'valueStart' | 'valueEnd'
  const names: Column[] = ['kind', 'parent', 'depth', 'end', 'size', 'pos', 'keyStart', 'keyEnd', 'valueStart', 'valueEnd']
  /** Opens node `c.n` and returns its index. */
  const add = (kind: NodeKind, parent: number, depth: number, pos: number, key: string | undefined): number => {
    if (c.n === c.kind.length) {
      for (const name of names) {
        const grown = new (c[name].constructor as Int32ArrayConstructor)(c.kind.length * 2)
        grown.set(c[name])
        ;(c as Record<Column, Int32Array | Uint8Array>)[name] = grown
      }
    }
    const i = c.n++
    c.kind[i] = kind
    c.parent[i] = parent
    c.depth[i] = depth
    c.pos[i] = pos
    c.keyStart[i] = c.offset
    if (key !== undefined) {
      c.parts.push(key)
      c.offset += key.length
    }
    c.keyEnd[i] = c.offset
    c.valueStart[i] = c.offset
    c.valueEnd[i] = c.offset
    c.end[i] = i + 1
    return i
  }
  const value = (i: number, text: string) => {
    c.parts.push(text)
    c.offset += text.length
    c.valueEnd[i] = c.offset
  }
  const finish = (): JsonTreeModel => ({
    count: c.n,
    kind: c.kind.slice(0, c.n),
    escaped: new Uint8Array(c.n),
    parent: c.parent.slice(0, c.n),
    depth: c.depth.slice(0, c.n),
    end: c.end.slice(0, c.n),
    size: c.size.slice(0, c.n),
    pos: c.pos.slice(0, c.n),
    keyStart: c.keyStart.slice(0, c.n),
    keyEnd: c.keyEnd.slice(0, c.n),
    valueStart: c.valueStart.slice(0, c.n),
    valueEnd: c.valueEnd.slice(0, c.n),
    text: c.parts.join(''),
  })
  return { c, add, value, finish }
}

/** Text stored for a primitive: a string's characters as they are (quoted on display), else JSON. */
function primitiveSource(kind: NodeKind, value: unknown): string {
  if (kind === NodeKind.string) return value as string
  if (kind === NodeKind.null) return 'null'
  return String(value)
}

/** Nesting past which the recursive walk hands over to the iterative one. */
const RECURSION_LIMIT = 2000
const TOO_DEEP = new Error('nested deeper than the recursive walk goes')

/**
 * Flattens a parsed JSON value. Values JSON cannot hold (undefined, functions, NaN) show as null,
 * as JSON.stringify would write them. A recursive walk (fast: no per-node allocation) handles
 * usual nesting; deeper documents take an iterative walk that cannot overflow the stack.
 */
export function flattenJson(root: unknown): JsonTreeModel {
  const cols = columns(1024)
  const { c, add, value } = cols
  const visit = (v: unknown, parent: number, depth: number, pos: number, key: string | undefined) => {
    const kind = kindOf(v)
    const i = add(kind, parent, depth, pos, key)
    if (kind === NodeKind.array) {
      const items = v as unknown[]
      c.size[i] = items.length
      if (depth >= RECURSION_LIMIT && items.length > 0) throw TOO_DEEP
      for (let k = 0; k < items.length; k++) visit(items[k], i, depth + 1, k + 1, undefined)
      c.end[i] = c.n
    } else if (kind === NodeKind.object) {
      const object = v as Record<string, unknown>
      let count = 0
      if (depth >= RECURSION_LIMIT) throw TOO_DEEP
      for (const k in object) {
        if (!Object.hasOwn(object, k)) continue
        count += 1
        visit(object[k], i, depth + 1, count, k)
      }
      c.size[i] = count
      c.end[i] = c.n
    } else value(i, primitiveSource(kind, v))
  }
  try {
    visit(root, -1, 0, 1, undefined)
  } catch (error) {
    if (error !== TOO_DEEP) throw error
    return flattenIteratively(root)
  }
  return cols.finish()
}

/** The same walk with an explicit stack, for very deep documents. */
function flattenIteratively(root: unknown): JsonTreeModel {
  const cols = columns(1024)
  const { c, add, value } = cols
  // An `undefined` entry closes the container on top of `open`.
  const stack: ({ v: unknown; key: string | undefined; parent: number; pos: number } | undefined)[] = [
    { v: root, key: undefined, parent: -1, pos: 1 },
  ]
  const open: number[] = []
  while (stack.length > 0) {
    const item = stack.pop()
    if (item === undefined) {
      const closed = open.pop() ?? 0
      c.end[closed] = c.n
      continue
    }
    const kind = kindOf(item.v)
    const depth = item.parent < 0 ? 0 : (c.depth[item.parent] ?? 0) + 1
    const i = add(kind, item.parent, depth, item.pos, item.key)
    if (kind === NodeKind.object || kind === NodeKind.array) {
      const children: [string | undefined, unknown][] = Array.isArray(item.v)
        ? item.v.map((v) => [undefined, v] as [undefined, unknown])
        : Object.entries(item.v as Record<string, unknown>)
      c.size[i] = children.length
      open.push(i)
      stack.push(undefined)
      for (let k = children.length - 1; k >= 0; k--) {
        const [key, v] = children[k] ?? [undefined, null]
        stack.push({ v, key, parent: i, pos: k + 1 })
      }
    } else value(i, primitiveSource(kind, item.v))
  }
  return cols.finish()
}

/** Whether node `i` is an object or array. */
export const isContainer = (model: JsonTreeColumns, i: number): boolean =>
  model.kind[i] === NodeKind.object || model.kind[i] === NodeKind.array

/** The key of node `i`: the property name, the array index, or undefined for the root. */
export function nodeKey(model: JsonTreeModel, i: number): string | number | undefined {
  const p = model.parent[i] ?? -1
  if (p < 0) return undefined
  if (model.kind[p] === NodeKind.array) return (model.pos[i] ?? 1) - 1
  return keyText(model, i)
}

/** Decodes the JSON string source between quotes (`\n`, `\u00e9` …). */
const unescape = (source: string): string => JSON.parse(`"${source}"`) as string

/** The property name of node `i` (an object member); '' for array items and the root. */
export function keyText(model: JsonTreeModel, i: number): string {
  const source = model.text.slice(model.keyStart[i], model.keyEnd[i])
  return ((model.escaped[i] ?? 0) & JsonEscape.key) !== 0 ? unescape(source) : source
}

/** The stored text of a primitive: a string's characters unquoted, other values as JSON. */
export function primitiveSourceText(model: JsonTreeModel, i: number): string {
  const source = model.text.slice(model.valueStart[i], model.valueEnd[i])
  return ((model.escaped[i] ?? 0) & JsonEscape.value) !== 0 ? unescape(source) : source
}

/** The JSON text of a primitive node (strings quoted and escaped); '' for containers. */
export function primitiveText(model: JsonTreeModel, i: number): string {
  if (isContainer(model, i)) return ''
  const source = primitiveSourceText(model, i)
  return model.kind[i] === NodeKind.string ? JSON.stringify(source) : source
}

/** The keys from the root down to node `i`. */
export function nodePath(model: JsonTreeModel, i: number): (string | number)[] {
  const path: (string | number)[] = []
  for (let n = i; (model.parent[n] ?? -1) >= 0; n = model.parent[n] ?? -1) path.push(nodeKey(model, n) ?? '')
  return path.reverse()
}

const IDENTIFIER = /^[A-Z_$][\w$]*$/i

/** A path as JSONPath / JavaScript accessor text: `$.data.users[0]["first name"]`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = '$'
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else if (IDENTIFIER.test(key)) out += `.${key}`
    else out += `[${JSON.stringify(key)}]`
  }
  return out
}

/**
 * The JSON text of node `i` and everything below it, rebuilt from the model (the page may never
 * have held the parsed value). Pretty-printed with `indent` spaces; 0 gives compact JSON.
 */
export function nodeJson(model: JsonTreeModel, i: number, indent = 2): string {
  const out: string[] = []
  const write = (n: number, level: number) => {
    const k = model.kind[n]
    if (k !== NodeKind.object && k !== NodeKind.array) {
      out.push(primitiveText(model, n))
      return
    }
    const [openBracket, closeBracket] = k === NodeKind.object ? ['{', '}'] : ['[', ']']
    if ((model.size[n] ?? 0) === 0) {
      out.push(openBracket + closeBracket)
      return
    }
    const pad = indent > 0 ? `\n${' '.repeat(indent * (level + 1))}` : ''
    out.push(openBracket)
    let first = true
    for (let c = n + 1; c < (model.end[n] ?? 0); c = model.end[c] ?? c + 1) {
      out.push(first ? pad : `,${pad}`)
      first = false
      if (k === NodeKind.object) out.push(`${JSON.stringify(keyText(model, c))}:${indent > 0 ? ' ' : ''}`)
      write(c, level + 1)
    }
    out.push(indent > 0 ? `\n${' '.repeat(indent * level)}` : '', closeBracket)
  }
  write(i, 0)
  return out.join('')
}

/** Parses JSON text and flattens it; throws the SyntaxError of JSON.parse. */
export function parseAndFlatten(text: string): JsonTreeModel {
  return flattenJson(JSON.parse(text))
}

/**
 * The rows shown when only the containers flagged in `expanded` are open: node indices in order.
 * When the root is a non-empty container its children are the top level (the root itself is not
 * a row); otherwise the root is the only row.
 */
export function visibleRows(model: JsonTreeColumns, expanded: Uint8Array): Int32Array {
  if (model.count === 0) return new Int32Array(0)
  if (!isContainer(model, 0) || (model.size[0] ?? 0) === 0) return Int32Array.of(0)
  const rows = new Int32Array(model.count)
  let n = 0
  let i = 1
  while (i < model.count) {
    rows[n++] = i
    i = isContainer(model, i) && expanded[i] ? i + 1 : (model.end[i] ?? i + 1)
  }
  return rows.subarray(0, n)
}

/**
 * Expanded flags with every container above `depth` open (the root always is). Only the nodes above
 * `depth` are visited — a deeper node's subtree is skipped whole — so a large response's first
 * render does not walk every value (136,000 nodes for 5 MB, run cold on the page's main thread).
 */
export function expandToDepth(model: JsonTreeColumns, depth: number): Uint8Array {
  const expanded = new Uint8Array(model.count)
  let i = 0
  while (i < model.count) {
    if ((model.depth[i] ?? 0) >= depth) {
      i = Math.max(i + 1, model.end[i] ?? i + 1)
      continue
    }
    if (isContainer(model, i)) expanded[i] = 1
    i += 1
  }
  if (model.count > 0) expanded[0] = 1
  return expanded
}

/**
 * Opens, in `expanded` (changed and returned), the first child of each open container down the
 * first path: the first record of a list shows its fields, e.g. `data.products[0]`.
 */
export function openFirstPath(model: JsonTreeColumns, expanded: Uint8Array): Uint8Array {
  let i = 0
  while (i < model.count && isContainer(model, i) && (model.size[i] ?? 0) > 0) {
    expanded[i] = 1
    i += 1
  }
  return expanded
}
