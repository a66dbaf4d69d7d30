/**
 * Splits a timeline paste into timed responses: a HAR file (each entry's start + duration), several `curl -i`
 * blocks (each with its Date), or header blocks separated by blank lines (each with its Date).
 */
import { parseHttpDate, parseIsoDate } from '../dates.ts'

/** One response before its headers are parsed. */
export interface TimedResponse {
  /** 1-based position in the input. */
  response: number
  /** Epoch ms, when the response has a time. */
  at?: number
  status?: number
  /** The response's rate-limit headers as `Name: value` lines (what the parser reads). */
  headerText: string
}

/** Result of {@link splitResponses}. */
export interface SplitInput {
  source: 'har' | 'curl' | 'header-blocks' | 'none'
  responses: TimedResponse[]
  /** Why the input could not be read at all. */
  error?: string
}

/**
 * Only these headers matter to the parser's families (and Date for the time), so the rest of each response
 * is dropped before parsing: a 10,000-entry HAR parses many times faster.
 */
const RELEVANT = /rate-?limit|retry-after|call-limit|limit-24hour|^date$/i
const STATUS_LINE = /^(?:< )?HTTP\/\d(?:\.\d)?\s+(\d{3})\b/i
const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*:[ \t]*(.*)$/

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v)
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ')

function fromHar(json: Json, nowMs: number): SplitInput {
  const log = isObject(json) ? json.log : undefined
  const entries = isObject(log) && Array.isArray(log.entries) ? log.entries : undefined
  if (!entries) return { source: 'none', responses: [], error: 'The JSON is not a HAR file: it has no log.entries. Export it from the browser\'s Network panel ("Save all as HAR").' }
  const responses: TimedResponse[] = []
  entries.forEach((entry, i) => {
    if (!isObject(entry)) return
    const response = isObject(entry.response) ? entry.response : undefined
    const headers = response && Array.isArray(response.headers) ? response.headers : []
    const lines: string[] = []
    let dateValue: string | undefined
    for (const h of headers) {
      if (!isObject(h) || typeof h.name !== 'string' || !RELEVANT.test(h.name)) continue
      const value = typeof h.value === 'string' || typeof h.value === 'number' ? String(h.value) : ''
      if (h.name.toLowerCase() === 'date') dateValue = value
      lines.push(`${oneLine(h.name)}: ${oneLine(value)}`)
    }
    const started = typeof entry.startedDateTime === 'string' ? parseIsoDate(entry.startedDateTime) : undefined
    const duration = typeof entry.time === 'number' && Number.isFinite(entry.time) && entry.time >= 0 ? entry.time : 0
    const at = started && !started.assumedUtc ? started.ms + duration : dateValue !== undefined ? parseHttpDate(dateValue, nowMs) : undefined
    const status = response && typeof response.status === 'number' && Number.isInteger(response.status) && response.status > 0 ? response.status : undefined
    responses.push({ response: i + 1, at, status, headerText: lines.join('\n') })
  })
  return { source: 'har', responses }
}

/** A block of lines → a timed response (time from its Date header). */
function block(lines: string[], response: number, status: number | undefined, nowMs: number): TimedResponse {
  const kept: string[] = []
  let at: number | undefined
  for (const raw of lines) {
    const m = HEADER.exec(raw.replace(/^< /, '').trim())
    if (!m || !RELEVANT.test(m[1] ?? '')) continue
    if (m[1]?.toLowerCase() === 'date' && at === undefined) at = parseHttpDate(m[2] ?? '', nowMs)
    kept.push(`${m[1]}: ${m[2] ?? ''}`)
  }
  return { response, at, status, headerText: kept.join('\n') }
}

function fromText(text: string, nowMs: number): SplitInput {
  const lines = text.split(/\r\n|\r|\n/)
  const statusAt = lines.flatMap((l, i) => (STATUS_LINE.test(l.trim()) ? [i] : []))
  const responses: TimedResponse[] = []
  if (statusAt.length > 0) {
    statusAt.forEach((start, k) => {
      const status = Number(STATUS_LINE.exec(lines[start]?.trim() ?? '')?.[1])
      const end = statusAt[k + 1] ?? lines.length
      // Headers end at the first blank line; what follows is the body.
      const body = lines.slice(start + 1, end)
      const blank = body.findIndex((l) => l.trim() === '')
      const headerLines = blank < 0 ? body : body.slice(0, blank)
      // A proxy's "Connection established" and interim 1xx responses carry no headers of the real response.
      if (status < 200 || headerLines.every((l) => l.trim() === '')) return
      responses.push(block(headerLines, responses.length + 1, status, nowMs))
    })
    return { source: 'curl', responses }
  }
  let current: string[] = []
  const flush = () => {
    if (current.some((l) => l.trim() !== '')) responses.push(block(current, responses.length + 1, undefined, nowMs))
    current = []
  }
  for (const l of lines) {
    if (l.trim() === '') flush()
    else current.push(l)
  }
  flush()
  return { source: responses.length > 0 ? 'header-blocks' : 'none', responses }
}

/**
 * Splits the paste into responses; never throws.
 * @param nowMs Reference time for RFC 850 Date headers' two-digit years.
 */
export function splitResponses(input: string, nowMs: number): SplitInput {
  const trimmed = input.trim()
  if (trimmed === '') return { source: 'none', responses: [] }
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let json: Json
    try {
      json = JSON.parse(trimmed) as Json
    } catch (e) {
      return { source: 'none', responses: [], error: `The input starts like a HAR file but is not valid JSON (${e instanceof Error ? e.message : 'parse error'}).` }
    }
    return fromHar(json, nowMs)
  }
  return fromText(input, nowMs)
}
