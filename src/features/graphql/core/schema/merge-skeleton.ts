/**
 * "Fill variables" without losing what the user typed: the operation's skeleton (from
 * {@link variableSkeleton}) is merged into the variables editor's current JSON, adding only what
 * is missing. Existing values are kept as written, character for character: the merge works on
 * the text's own tokens rather than on `JSON.parse` output, so a 19-digit numeric id keeps its
 * digits, `1.50` stays `1.50` and escapes stay as typed; only the layout becomes 2-space JSON.
 */
import { lineColumn, parseJsonLocated } from '../../../../shared/core/json/json-locate'

/** Result of {@link mergeVariableSkeleton}. */
export type MergedVariables =
  | { ok: true; text: string }
  | {
      ok: false
      /** Why nothing was merged, for the user. */
      message: string
      /** 1-based line of the problem in the current text. */
      line: number
      /** 1-based column of the problem (UTF-16 units). */
      column: number
    }

/** A JSON value as written: containers keep their members in order (duplicates included), scalars their source text. */
type JsonNode =
  | { kind: 'object'; members: { rawKey: string; key: string; value: JsonNode }[] }
  | { kind: 'array'; items: JsonNode[] }
  | { kind: 'scalar'; raw: string }

/**
 * Merges a variables skeleton into the current variables text.
 *
 * - blank current text → the skeleton;
 * - every existing member is kept, in its order, with its value as written (undeclared variables
 *   too: the validator warns about them, deleting them is the user's call);
 * - skeleton variables missing from the current object are appended, in the skeleton's order;
 * - when an existing variable's value is an object and the skeleton's is too (an input object),
 *   the skeleton's missing fields are appended inside it — one level down, no deeper;
 * - current text that is not valid JSON, or not a JSON object, is refused with a located message
 *   and nothing is replaced.
 *
 * @param skeletonText - JSON object text, as `variableSkeleton` returns; anything else counts as `{}`.
 * @param currentText - the variables editor's text.
 * @returns the merged text, 2-space indented (the layout `JSON.stringify(value, null, 2)` gives), or
 *   why the current text cannot be merged into.
 */
export function mergeVariableSkeleton(skeletonText: string, currentText: string): MergedVariables {
  const skeleton = skeletonObject(skeletonText)
  if (currentText.trim() === '') return { ok: true, text: print(skeleton, '') }
  const parsed = parseJsonLocated(currentText)
  if (!parsed.ok) {
    return { ok: false, message: `The variables are not valid JSON, so nothing was filled in: ${parsed.message}`, line: parsed.line, column: parsed.column }
  }
  const value = parsed.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`
    return {
      ok: false,
      message: `The variables must be a JSON object like {"id": "1"}, not ${kind}, so nothing was filled in.`,
      ...lineColumn(currentText, currentText.length - currentText.trimStart().length),
    }
  }
  const current = readNode(currentText)
  if (current.kind !== 'object' || skeleton.kind !== 'object') return { ok: true, text: print(current, '') }
  for (const member of skeleton.members) {
    const existing = lastMember(current, member.key)
    if (!existing) current.members.push(member)
    else if (existing.value.kind === 'object' && member.value.kind === 'object') {
      const inner = existing.value
      for (const field of member.value.members) if (!lastMember(inner, field.key)) inner.members.push(field)
    }
  }
  return { ok: true, text: print(current, '') }
}

function skeletonObject(text: string): JsonNode {
  const parsed = parseJsonLocated(text)
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    return { kind: 'object', members: [] }
  }
  return readNode(text)
}

/** The member JSON.parse would use: the last one with that key. */
function lastMember(node: Extract<JsonNode, { kind: 'object' }>, key: string): { value: JsonNode } | undefined {
  for (let i = node.members.length - 1; i >= 0; i--) if (node.members[i]?.key === key) return node.members[i]
  return undefined
}

/**
 * Reads text that is known to be valid JSON into nodes. On nesting deep enough to exhaust the
 * stack it falls back to the parsed value (layout-equivalent, only number spelling may change).
 */
function readNode(text: string): JsonNode {
  try {
    const reader = { text, pos: 0 }
    return readValue(reader)
  } catch (error) {
    if (error instanceof RangeError) return fromValue(JSON.parse(text))
    throw error
  }
}

interface Reader {
  text: string
  pos: number
}

function skipWs(r: Reader): void {
  while (r.pos < r.text.length && ' \t\n\r'.includes(r.text[r.pos] ?? '')) r.pos++
}

function readString(r: Reader): string {
  const start = r.pos
  r.pos++
  while (r.pos < r.text.length && r.text[r.pos] !== '"') r.pos += r.text[r.pos] === '\\' ? 2 : 1
  r.pos++
  return r.text.slice(start, r.pos)
}

function readValue(r: Reader): JsonNode {
  skipWs(r)
  const c = r.text[r.pos]
  if (c === '{') {
    r.pos++
    const members: Extract<JsonNode, { kind: 'object' }>['members'] = []
    for (;;) {
      skipWs(r)
      if (r.text[r.pos] === '}') break
      if (r.text[r.pos] === ',') r.pos++
      skipWs(r)
      if (r.text[r.pos] === '}') break
      const rawKey = readString(r)
      skipWs(r)
      r.pos++ // ':'
      members.push({ rawKey, key: JSON.parse(rawKey) as string, value: readValue(r) })
    }
    r.pos++
    return { kind: 'object', members }
  }
  if (c === '[') {
    r.pos++
    const items: JsonNode[] = []
    for (;;) {
      skipWs(r)
      if (r.text[r.pos] === ']') break
      if (r.text[r.pos] === ',') r.pos++
      skipWs(r)
      if (r.text[r.pos] === ']') break
      items.push(readValue(r))
    }
    r.pos++
    return { kind: 'array', items }
  }
  if (c === '"') return { kind: 'scalar', raw: readString(r) }
  const start = r.pos
  while (r.pos < r.text.length && !' \t\n\r,]}'.includes(r.text[r.pos] ?? '')) r.pos++
  return { kind: 'scalar', raw: r.text.slice(start, r.pos) }
}

function fromValue(value: unknown): JsonNode {
  if (Array.isArray(value)) return { kind: 'array', items: value.map(fromValue) }
  if (typeof value === 'object' && value !== null) {
    return { kind: 'object', members: Object.entries(value).map(([key, v]) => ({ rawKey: JSON.stringify(key), key, value: fromValue(v) })) }
  }
  return { kind: 'scalar', raw: JSON.stringify(value) }
}

/** 2-space layout, as `JSON.stringify(value, null, 2)`: empty containers stay on one line. */
function print(node: JsonNode, indent: string): string {
  if (node.kind === 'scalar') return node.raw
  const inner = `${indent}  `
  if (node.kind === 'array') {
    if (node.items.length === 0) return '[]'
    return `[\n${node.items.map((item) => inner + print(item, inner)).join(',\n')}\n${indent}]`
  }
  if (node.members.length === 0) return '{}'
  return `{\n${node.members.map((m) => `${inner}${m.rawKey}: ${print(m.value, inner)}`).join(',\n')}\n${indent}}`
}
