/**
 * JSON forms of pasted headers: a HAR file (`log.entries[]`), a single HAR entry or response, Firefox's
 * "Copy All" of the headers panel, an array of `{ name, value }`, or a plain object of headers.
 */
import type { ExtractedInput } from './input-text.ts'
import type { PastedHeader, ReportWarning } from './types.ts'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }
/** One step into the parsed JSON, used afterwards to find line numbers in the text. */
type PathStep = string | { index: number; nextKey: string }

interface Found {
  pairs: { name: string; value: string }[]
  status?: number
  path: PathStep[]
  warnings: ReportWarning[]
}

const RATE_LIMIT_NAME = /rate-?limit|retry-after|shop-api-call-limit/i

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function scalar(v: Json | undefined): string | undefined {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return undefined
}

/** `[{ name, value }]` or `{ name: value | value[] }` → pairs; arrays become duplicates, as in HAR. */
function pairsOf(v: Json | undefined): { name: string; value: string }[] | undefined {
  if (Array.isArray(v)) {
    const pairs: { name: string; value: string }[] = []
    for (const item of v) {
      if (!isObject(item) || typeof item.name !== 'string') return undefined
      pairs.push({ name: item.name, value: scalar(item.value) ?? '' })
    }
    return pairs
  }
  if (isObject(v)) {
    const pairs: { name: string; value: string }[] = []
    for (const [name, value] of Object.entries(v)) {
      if (Array.isArray(value)) {
        for (const x of value) {
          const s = scalar(x)
          if (s !== undefined) pairs.push({ name, value: s })
        }
      } else {
        const s = scalar(value)
        if (s === undefined) return undefined
        pairs.push({ name, value: s })
      }
    }
    return pairs
  }
  return undefined
}

function statusOf(v: Json | undefined): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 999 ? v : undefined
}

function find(json: Json, path: PathStep[], depth: number): Found | undefined {
  if (depth > 8) return undefined
  if (isObject(json)) {
    const entries = isObject(json.log) ? json.log.entries : undefined
    if (Array.isArray(entries)) return fromHar(entries, [...path, 'log', 'entries'], depth)
    if (isObject(json.response)) return find(json.response, [...path, 'response'], depth + 1)
    const firefox = Object.keys(json).find((k) => /^response headers/i.test(k))
    if (firefox !== undefined) return find(json[firefox] ?? null, [...path, firefox], depth + 1)
    if ('headers' in json) {
      const pairs = pairsOf(json.headers)
      if (pairs) return { pairs, status: statusOf(json.status), path: [...path, 'headers'], warnings: [] }
    }
  }
  const pairs = pairsOf(json)
  return pairs ? { pairs, path, warnings: [] } : undefined
}

/** Picks the last entry whose response carries rate-limit headers (else the last entry) and says which. */
function fromHar(entries: Json[], path: PathStep[], depth: number): Found | undefined {
  let chosen = -1
  for (let i = entries.length - 1; i >= 0 && chosen < 0; i--) {
    const entry = entries[i]
    const headers = isObject(entry) && isObject(entry.response) ? pairsOf(entry.response.headers) : undefined
    if (headers?.some((h) => RATE_LIMIT_NAME.test(h.name))) chosen = i
  }
  if (chosen < 0) chosen = entries.length - 1
  const entry = entries[chosen]
  if (!isObject(entry) || !isObject(entry.response)) return undefined
  const found = find(entry.response, [...path, { index: chosen, nextKey: 'response' }, 'response'], depth + 1)
  if (found && entries.length > 1) {
    const url = isObject(entry.request) && typeof entry.request.url === 'string' ? ` (${entry.request.url})` : ''
    found.warnings.push({
      code: 'har-entry-chosen',
      message: `The HAR file has ${entries.length} entries; entry ${chosen + 1}${url} was read, the last one with rate-limit headers.`,
    })
  }
  return found
}

/** Finds approximate line numbers by walking the path's keys through the text, then each header name in order. */
function locate(text: string, path: PathStep[], names: string[]): number[] {
  const lineStarts = [0]
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1)
  const lineAt = (pos: number): number => {
    let lo = 0
    let hi = lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((lineStarts[mid] ?? 0) <= pos) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
  let cursor = 0
  for (const step of path) {
    if (typeof step === 'string') {
      const at = text.indexOf(JSON.stringify(step), cursor)
      if (at >= 0) cursor = at
    } else {
      // Each array element holds the next key once (a HAR entry has one "response"), so skip `index` of them.
      for (let k = 0; k < step.index; k++) {
        const at = text.indexOf(JSON.stringify(step.nextKey), cursor)
        if (at < 0) break
        cursor = at + 1
      }
    }
  }
  return names.map((name) => {
    const at = text.indexOf(JSON.stringify(name), cursor)
    if (at >= 0) cursor = at + 1
    return lineAt(at >= 0 ? at : cursor)
  })
}

/**
 * Parses JSON input. Returns undefined when the text is not JSON (the caller then treats it as text) and an
 * `invalid-json` warning result when it looks like JSON but holds no headers.
 */
export function parseJsonInput(text: string): ExtractedInput | undefined {
  let json: Json
  try {
    json = JSON.parse(text) as Json
  } catch {
    return undefined
  }
  const found = find(json, [], 0)
  if (!found) {
    return {
      headers: [],
      warnings: [{ code: 'invalid-json', message: 'The JSON holds no headers (expected a HAR file or entry, or an object of headers).' }],
    }
  }
  const lines = locate(text, found.path, found.pairs.map((p) => p.name))
  const headers: PastedHeader[] = found.pairs.map((p, i) => ({ name: p.name, value: p.value.trim(), line: lines[i] ?? 1 }))
  const status = found.status ?? statusFromPseudo(headers)
  return { headers, status, warnings: found.warnings }
}

function statusFromPseudo(headers: PastedHeader[]): number | undefined {
  const h = headers.find((x) => x.name.toLowerCase() === ':status' && /^\d{3}$/.test(x.value))
  return h ? Number(h.value) : undefined
}
