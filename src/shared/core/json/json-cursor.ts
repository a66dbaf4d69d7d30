/**
 * Where a cursor is in JSON that is being typed: writing a key of some object, or a value at some
 * path. Completion and hover need this while the text is incomplete (`{"input": {"ro`), when no
 * parser gives a tree, so only the text before the cursor is read: a prefix of JSON always says
 * which container the cursor is in and what comes next. Tolerant by design: it never throws, and
 * gives `undefined` where JSON allows neither a key nor a value (after a key, before its colon).
 */

/** A path into a JSON value: object keys and array indexes from the root. */
export type JsonCursorPath = (string | number)[]

/** What the cursor is writing. */
export type JsonCursor =
  | {
      /** A member name of the object at `path`. */
      kind: 'key'
      /** The object the key belongs to (`[]`: the root object). */
      path: JsonCursorPath
      /** Start of the key being typed (its opening quote, or its first letter when unquoted); the cursor when nothing is typed yet. */
      from: number
    }
  | {
      /** A value at `path` (an object member's value or an array item). */
      kind: 'value'
      /** Where the value goes. `[]` is the root value. */
      path: JsonCursorPath
      /** Start of the value being typed (a string's quote, a literal's first character); the cursor when nothing is typed yet. */
      from: number
    }

type Frame =
  | { type: 'object'; key: string | undefined; expect: 'key' | 'colon' | 'value' | 'comma' }
  | { type: 'array'; index: number; expect: 'value' | 'comma' }

const WHITESPACE = /\s/
/** Characters that end a bare literal (`true`, `12`, or an unquoted key typed so far). */
const DELIMITER = /[\s{}[\]:,"]/

/**
 * Reads `text` up to `offset` and says what the cursor there is writing.
 *
 * @param text - the editor's JSON text (may be incomplete or invalid after the cursor).
 * @param offset - the cursor, a UTF-16 offset into `text`.
 * @returns the cursor's context, or `undefined` where neither a key nor a value can start
 *   (after a complete value, between a key and its colon, past the end of the root value).
 */
export function jsonCursorAt(text: string, offset: number): JsonCursor | undefined {
  const end = Math.max(0, Math.min(offset, text.length))
  const stack: Frame[] = []
  let rootDone = false
  let i = 0
  // Where the token under the cursor starts, when the cursor is inside one.
  let tokenStart: number | undefined

  /** A complete value (a scalar, or a container that just closed) ended in the top frame. */
  const valueEnded = (): void => {
    const top = stack[stack.length - 1]
    if (top) top.expect = 'comma'
    else rootDone = true
  }

  while (i < end) {
    const ch = text[i] ?? ''
    if (WHITESPACE.test(ch)) {
      i++
      continue
    }
    const top = stack[stack.length - 1]
    if (ch === '"') {
      const close = stringEnd(text, i, end)
      if (close === undefined) {
        tokenStart = i
        break
      }
      if (top?.type === 'object' && top.expect === 'key') {
        top.key = decode(text.slice(i, close + 1))
        top.expect = 'colon'
      } else valueEnded()
      i = close + 1
      continue
    }
    if (ch === '{' || ch === '[') {
      stack.push(ch === '{' ? { type: 'object', key: undefined, expect: 'key' } : { type: 'array', index: 0, expect: 'value' })
      i++
      continue
    }
    if (ch === '}' || ch === ']') {
      stack.pop()
      valueEnded()
      i++
      continue
    }
    if (ch === ':') {
      if (top?.type === 'object') top.expect = 'value'
      i++
      continue
    }
    if (ch === ',') {
      if (top?.type === 'object') {
        top.key = undefined
        top.expect = 'key'
      } else if (top?.type === 'array') {
        top.index++
        top.expect = 'value'
      }
      i++
      continue
    }
    // A bare literal (or an unquoted key being typed): read to its end.
    let j = i
    while (j < end && !DELIMITER.test(text[j] ?? '')) j++
    if (j === end) {
      tokenStart = i
      break
    }
    if (top?.type === 'object' && top.expect === 'key') {
      top.key = text.slice(i, j)
      top.expect = 'colon'
    } else valueEnded()
    i = j
  }

  const from = tokenStart ?? end
  const top = stack[stack.length - 1]
  if (!top) return rootDone ? undefined : { kind: 'value', path: [], from }
  const path = framesPath(stack.slice(0, -1))
  if (top.type === 'object') {
    if (top.expect === 'key') return { kind: 'key', path, from }
    if (top.expect === 'value' && top.key !== undefined) return { kind: 'value', path: [...path, top.key], from }
    return undefined
  }
  return top.expect === 'value' ? { kind: 'value', path: [...path, top.index], from } : undefined
}

/**
 * The end of the token that starts at `from` in the whole text (to replace all of it, not only the
 * part before the cursor): past a string's closing quote, or past a bare literal.
 *
 * @param text - the whole text.
 * @param from - a token's start, as {@link jsonCursorAt} gives it.
 * @returns the offset just past the token; `from` when no token starts there. An unterminated
 *   string ends at the end of its line.
 */
export function jsonTokenEnd(text: string, from: number): number {
  if (text[from] === '"') {
    const close = stringEnd(text, from, text.length)
    if (close !== undefined) return close + 1
    const newline = text.indexOf('\n', from)
    return newline < 0 ? text.length : newline
  }
  let j = from
  while (j < text.length && !DELIMITER.test(text[j] ?? '')) j++
  return j
}

/** A quoted object key found by {@link jsonKeyAt}. */
export interface JsonKeyLocation {
  /** The member's path: its object's path plus the key. */
  path: JsonCursorPath
  /** Offset of the key's opening quote. */
  from: number
  /** Offset just past its closing quote. */
  to: number
}

/**
 * The object member whose quoted name covers `offset`. For hover over a key.
 *
 * @param text - the whole text.
 * @param offset - a position inside a key (its quotes included).
 * @returns the member's path and the key's range, or `undefined` when `offset` is not on a quoted key.
 */
export function jsonKeyAt(text: string, offset: number): JsonKeyLocation | undefined {
  // On the opening quote, the prefix ends just before the key, which then starts at the cursor.
  const cursor = jsonCursorAt(text, offset)
  if (cursor?.kind !== 'key' || text[cursor.from] !== '"') return undefined
  const close = stringEnd(text, cursor.from, text.length)
  if (close === undefined || offset > close) return undefined
  return { path: [...cursor.path, decode(text.slice(cursor.from, close + 1))], from: cursor.from, to: close + 1 }
}

/** The offset of the quote that closes the string opening at `start`, looking before `limit`; `undefined` if none (or a line ends first). */
function stringEnd(text: string, start: number, limit: number): number | undefined {
  for (let k = start + 1; k < limit; k++) {
    const c = text[k]
    if (c === '\\') k++
    else if (c === '"') return k
    else if (c === '\n') return undefined
  }
  return undefined
}

/** A JSON string literal's value; a malformed escape keeps the raw text between the quotes. */
function decode(literal: string): string {
  try {
    return JSON.parse(literal) as string
  } catch {
    return literal.slice(1, -1)
  }
}

function framesPath(frames: readonly Frame[]): JsonCursorPath {
  const path: JsonCursorPath = []
  for (const frame of frames) {
    if (frame.type === 'array') path.push(frame.index)
    else if (frame.key !== undefined) path.push(frame.key)
  }
  return path
}
