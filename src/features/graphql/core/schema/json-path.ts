/**
 * Finds where a value sits in JSON text, by path (`["input", "tags", 2]`). graphql-js reports
 * variable problems by path into the parsed value; the editor needs a line and column. The shared
 * `json-locate` scanner only records top-level members, so this walks to any depth. It runs on
 * text that already parsed, so it can skip values by bracket counting without re-validating.
 */
import { lineColumn } from '../../../../shared/core/json/json-locate'

/** Where {@link locateJsonPath} found a path. */
export interface JsonPathLocation {
  /** UTF-16 offset of the value's first character, or of the deepest container that exists. */
  offset: number
  /** Offset of the member's key (opening quote) when the last segment found is an object key. @default undefined */
  keyOffset?: number
  /** Offset just past the value at `offset` (with `offset`, a range for editor diagnostics). */
  end: number
  /** Whether the whole path exists; false means `offset` is the deepest existing ancestor. */
  exact: boolean
  /** 1-based line of `offset`. */
  line: number
  /** 1-based column of `offset`. */
  column: number
}

/**
 * Locates `path` in `text` (which must be valid JSON). Duplicate keys resolve to the last one, as
 * `JSON.parse` does, so the position matches the value that was actually validated.
 *
 * @param text - valid JSON text.
 * @param path - object keys and array indexes from the root. @default []
 */
export function locateJsonPath(text: string, path: readonly (string | number)[] = []): JsonPathLocation {
  let pos = skipWs(text, 0)
  let keyOffset: number | undefined
  let exact = true
  for (const segment of path) {
    const found = typeof segment === 'number' ? arrayElement(text, pos, segment) : objectMember(text, pos, segment)
    if (found === undefined) {
      exact = false
      break
    }
    pos = found.valueOffset
    keyOffset = found.keyOffset
  }
  const location: JsonPathLocation = { offset: pos, end: valueEnd(text, pos), exact, ...lineColumn(text, pos) }
  if (keyOffset !== undefined) location.keyOffset = keyOffset
  return location
}

function skipWs(text: string, pos: number): number {
  while (pos < text.length && ' \t\n\r'.includes(text[pos] ?? '')) pos++
  return pos
}

/** End offset (exclusive) of the string starting at `pos` (an opening quote). */
function stringEnd(text: string, pos: number): number {
  pos++
  while (pos < text.length) {
    const c = text[pos]
    if (c === '\\') pos += 2
    else if (c === '"') return pos + 1
    else pos++
  }
  return pos
}

/** End offset (exclusive) of the value starting at `pos`; iterative so deep nesting cannot overflow. */
function valueEnd(text: string, pos: number): number {
  const c = text[pos]
  if (c === '"') return stringEnd(text, pos)
  if (c !== '{' && c !== '[') {
    while (pos < text.length && !',}] \t\n\r'.includes(text[pos] ?? '')) pos++
    return pos
  }
  let depth = 0
  while (pos < text.length) {
    const d = text[pos]
    if (d === '"') {
      pos = stringEnd(text, pos)
      continue
    }
    if (d === '{' || d === '[') depth++
    else if (d === '}' || d === ']') {
      depth--
      if (depth === 0) return pos + 1
    }
    pos++
  }
  return pos
}

function objectMember(text: string, pos: number, key: string): { keyOffset: number; valueOffset: number } | undefined {
  if (text[pos] !== '{') return undefined
  let found: { keyOffset: number; valueOffset: number } | undefined
  pos = skipWs(text, pos + 1)
  while (pos < text.length && text[pos] === '"') {
    const keyOffset = pos
    const end = stringEnd(text, pos)
    const name = JSON.parse(text.slice(pos, end)) as string
    pos = skipWs(text, end)
    pos = skipWs(text, pos + 1) // the colon
    if (name === key) found = { keyOffset, valueOffset: pos }
    pos = skipWs(text, valueEnd(text, pos))
    if (text[pos] !== ',') break
    pos = skipWs(text, pos + 1)
  }
  return found
}

function arrayElement(text: string, pos: number, index: number): { keyOffset: undefined; valueOffset: number } | undefined {
  if (text[pos] !== '[') return undefined
  pos = skipWs(text, pos + 1)
  for (let i = 0; pos < text.length && text[pos] !== ']'; i++) {
    if (i === index) return { keyOffset: undefined, valueOffset: pos }
    pos = skipWs(text, valueEnd(text, pos))
    if (text[pos] !== ',') break
    pos = skipWs(text, pos + 1)
  }
  return undefined
}
