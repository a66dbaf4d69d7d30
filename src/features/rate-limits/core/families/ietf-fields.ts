/**
 * RFC 9651 structured-field helpers for the IETF RateLimit headers, on top of `structured-headers` (a real
 * parser: the draft's Strings, parameters and byte sequences are not safely regex-able).
 */
import { parseDictionary, parseList, type BareItem, type Dictionary, type InnerList, type Item, type List } from 'structured-headers'
import type { HeaderField, ParseContext } from '../context.ts'

/** Parses a List, or undefined when the value is not one. */
export function tryList(value: string): List | undefined {
  try {
    return parseList(value)
  } catch {
    return undefined
  }
}

/** Parses a Dictionary, or undefined when the value is not one. */
export function tryDictionary(value: string): Dictionary | undefined {
  try {
    return parseDictionary(value)
  } catch {
    return undefined
  }
}

/** Distinguishes an Item from an Inner List (whose first element is an array of Items). */
export function isItem(member: Item | InnerList): member is Item {
  return !Array.isArray(member[0])
}

/** A finite number bare item, else undefined. */
export function num(v: BareItem | undefined): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}

/** Text of a bare item for messages (tokens and strings as written, others by type). */
export function show(v: BareItem | undefined): string {
  if (v === undefined) return '(missing)'
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (v instanceof Date) return v.toISOString()
  if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) return '(bytes)'
  return String(v) // Token and DisplayString print their text
}

/** Reports a RateLimit field the draft says to ignore when malformed. */
export function malformed(ctx: ParseContext, field: HeaderField, detail: string): void {
  ctx.warn({
    code: 'malformed-structured-field',
    header: field.name,
    line: field.line,
    message: `${field.name}: ${detail}; the field was ignored, as the IETF draft requires.`,
  })
}

/** One named policy of draft-08+ `RateLimit-Policy: "name";q=…;w=…;qu=…`. */
export interface NamedPolicy {
  name: string
  q?: BareItem
  w?: BareItem
  qu?: BareItem
}

/** Parses a draft-08+ policy list; members that are not String-named Items are reported and skipped. */
export function namedPolicies(ctx: ParseContext, field: HeaderField, list: List): Map<string, NamedPolicy> {
  const out = new Map<string, NamedPolicy>()
  for (const member of list) {
    if (!isItem(member) || typeof member[0] !== 'string') {
      malformed(ctx, field, 'a policy is not named by a String')
      continue
    }
    const [name, params] = member
    out.set(name, { name, q: params.get('q'), w: params.get('w'), qu: params.get('qu') })
  }
  return out
}

/** True when the list's members are all Items named by Strings (the draft-08+ form). */
export function isNamedList(list: List | undefined): list is List {
  return !!list && list.length > 0 && list.every((m) => isItem(m) && typeof m[0] === 'string')
}
