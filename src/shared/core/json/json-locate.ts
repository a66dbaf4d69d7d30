/**
 * JSON parsing with positions. `JSON.parse` error messages differ per engine (V8 gives an offset,
 * Firefox a line and column, Safari nothing), so failures are located by a small RFC 8259 scanner
 * of our own; it also reports where each top-level member sits, so errors about a value ("header
 * values must be strings") can point at it too.
 */
import { excessNestingMessage, findExcessNesting } from '../nesting'

/** A top-level member of a JSON object and where it is. */
export interface JsonMember {
  key: string
  /** Offset of the key's opening quote. */
  keyOffset: number
  /** Offset of the first character of the value. */
  valueOffset: number
}

/** Result of {@link parseJsonLocated}. */
export type LocatedJson =
  | { ok: true; value: unknown; members: JsonMember[] }
  | { ok: false; message: string; offset: number; line: number; column: number }

/** 1-based line and column of a UTF-16 offset; CRLF, LF and lone CR each end a line, as in editors. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  const end = Math.min(offset, text.length)
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}

/**
 * Parses JSON text; on failure says what is wrong and where, identically in every browser.
 * `members` lists the top-level members when the value is an object (else it is empty).
 */
export function parseJsonLocated(text: string): LocatedJson {
  // Callers walk the value recursively: refuse nesting that would overflow the stack.
  const excess = findExcessNesting(text, 'json')
  if (excess) return { ok: false, message: excessNestingMessage('This JSON', excess), offset: excess.offset, ...lineColumn(text, excess.offset) }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    const located = scan(text)
    const fallback = { message: error instanceof Error ? error.message : String(error), offset: engineOffset(error, text) }
    const { message, offset } = located.ok ? fallback : located
    return { ok: false, message, offset, ...lineColumn(text, offset) }
  }
  const scanned = scan(text)
  return { ok: true, value, members: scanned.ok ? scanned.members : [] }
}

/** Offset from an engine message, for the (unexpected) case where our scanner accepts the text. */
function engineOffset(error: unknown, text: string): number {
  const message = error instanceof Error ? error.message : ''
  const position = /position (\d+)/.exec(message)
  if (position) return Number(position[1])
  const lc = /line (\d+) column (\d+)/.exec(message)
  if (lc) {
    const lines = text.split(/\r\n|\n|\r/)
    let offset = 0
    const line = Number(lc[1])
    for (let i = 0; i < line - 1 && i < lines.length; i++) offset += (lines[i]?.length ?? 0) + 1
    return offset + Number(lc[2]) - 1
  }
  return 0
}

class ScanError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message)
  }
}

type ScanResult = { ok: true; members: JsonMember[] } | { ok: false; message: string; offset: number }

function scan(text: string): ScanResult {
  const members: JsonMember[] = []
  let pos = 0

  const fail = (message: string, at = pos): never => {
    throw new ScanError(message, at)
  }
  const describe = (at: number): string => (at >= text.length ? 'the end of the text' : `"${text[at]}"`)
  const skipWs = (): void => {
    while (pos < text.length && ' \t\n\r'.includes(text[pos] ?? '')) pos++
  }
  const literal = (word: string): void => {
    if (text.startsWith(word, pos)) pos += word.length
    else fail(`Unexpected ${describe(pos)}; expected a JSON value (strings need double quotes).`)
  }
  const string = (): string => {
    const start = pos
    pos++ // opening quote
    while (pos < text.length) {
      const c = text.charCodeAt(pos)
      if (c === 0x22) {
        pos++
        return JSON.parse(text.slice(start, pos)) as string
      }
      if (c === 0x5c) {
        const e = text[pos + 1]
        if (e === 'u') {
          if (!/^[0-9a-f]{4}$/i.test(text.slice(pos + 2, pos + 6))) fail('Invalid \\u escape: expected four hex digits.')
          pos += 6
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) pos += 2
        else fail(`Invalid escape "\\${e ?? ''}" in string.`)
      } else if (c < 0x20) {
        fail(c === 0x0a || c === 0x0d ? 'Unterminated string: line breaks must be written as \\n.' : 'Control character in string: escape it.')
      } else pos++
    }
    return fail('Unterminated string.', start)
  }
  const number = (): void => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:e[+-]?\d+)?/i.exec(text.slice(pos))
    if (!match) fail(`Unexpected ${describe(pos)}; expected a JSON value.`)
    else pos += match[0].length
  }
  const value = (depth: number): void => {
    skipWs()
    const c = text[pos]
    if (c === '{') object(depth)
    else if (c === '[') array(depth)
    else if (c === '"') string()
    else if (c === 't') literal('true')
    else if (c === 'f') literal('false')
    else if (c === 'n') literal('null')
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number()
    else fail(c === "'" ? 'Strings need double quotes, not single quotes.' : `Unexpected ${describe(pos)}; expected a JSON value.`)
  }
  const object = (depth: number): void => {
    pos++
    skipWs()
    if (text[pos] === '}') {
      pos++
      return
    }
    for (;;) {
      skipWs()
      if (text[pos] !== '"') {
        fail(text[pos] === '}' ? 'Trailing comma before "}".' : `Expected a property name in double quotes, found ${describe(pos)}.`)
      }
      const keyOffset = pos
      const key = string()
      skipWs()
      if (text[pos] !== ':') fail(`Expected ":" after property name, found ${describe(pos)}.`)
      pos++
      skipWs()
      const valueOffset = pos
      value(depth + 1)
      if (depth === 0) members.push({ key, keyOffset, valueOffset })
      skipWs()
      if (text[pos] === ',') pos++
      else if (text[pos] === '}') {
        pos++
        return
      } else fail(`Expected "," or "}" after property value, found ${describe(pos)}.`)
    }
  }
  const array = (depth: number): void => {
    pos++
    skipWs()
    if (text[pos] === ']') {
      pos++
      return
    }
    for (;;) {
      skipWs()
      if (text[pos] === ']') fail('Trailing comma before "]".')
      value(depth + 1)
      skipWs()
      if (text[pos] === ',') pos++
      else if (text[pos] === ']') {
        pos++
        return
      } else fail(`Expected "," or "]" after array element, found ${describe(pos)}.`)
    }
  }

  try {
    skipWs()
    if (pos >= text.length) fail('The text is empty; expected a JSON value.')
    value(0)
    skipWs()
    if (pos < text.length) fail(`Unexpected ${describe(pos)} after the JSON value.`)
    return { ok: true, members }
  } catch (error) {
    if (error instanceof ScanError) return { ok: false, message: error.message, offset: error.offset }
    // Stack overflow on absurdly deep nesting: let the caller fall back to the engine's message.
    return { ok: true, members: [] }
  }
}
