/**
 * One line per stream event for the event list: what a result, an incremental payload or an error
 * says, cut to a bounded length without serialising a large payload whole.
 */
import type { StreamEventKind } from './events'
import { isJsonObject, type JsonObject } from '../../../../shared/core/json/json-object'

/** The longest summary, in characters (the list shows one line). */
export const SUMMARY_MAX_LENGTH = 120


const cut = (text: string, max = SUMMARY_MAX_LENGTH) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** A short preview of a value: scalars as JSON, containers by their first few members, never walking far. */
function preview(value: unknown, depth = 0): string {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'string') return JSON.stringify(cut(value, 40))
  if (Array.isArray(value)) {
    if (depth > 0) return `[${value.length}]`
    const head = value.slice(0, 3).map((v) => preview(v, depth + 1))
    return `[${head.join(', ')}${value.length > 3 ? `, … ${value.length} items` : ''}]`
  }
  if (isJsonObject(value)) {
    if (depth > 1) return '{…}'
    const keys = Object.keys(value)
    const head = keys.slice(0, 4).map((key) => `${key}: ${preview(value[key], depth + 1)}`)
    return `{ ${head.join(', ')}${keys.length > 4 ? ', …' : ''} }`
  }
  return typeof value
}

const pathText = (path: unknown): string =>
  Array.isArray(path) && path.length ? path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '') : 'the root'

function errorsText(errors: unknown[]): string {
  const first = errors.find(isJsonObject)
  const message = first && typeof first.message === 'string' ? `: ${JSON.stringify(cut(first.message, 80))}` : ''
  return `${errors.length} ${errors.length === 1 ? 'error' : 'errors'}${message}`
}

function dataText(data: JsonObject): string {
  const keys = Object.keys(data)
  if (keys.length === 1 && keys[0] !== undefined) return `${keys[0]}: ${preview(data[keys[0]], 1)}`
  return preview(data)
}

function incrementalText(payload: JsonObject): string {
  const parts: string[] = []
  const incremental = Array.isArray(payload.incremental) ? payload.incremental.filter(isJsonObject) : []
  for (const entry of incremental.slice(0, 2)) {
    const where = pathText(entry.path ?? entry.subPath)
    if (Array.isArray(entry.items)) parts.push(`${entry.items.length} ${entry.items.length === 1 ? 'item' : 'items'} at ${where}`)
    else parts.push(`deferred data at ${where}`)
  }
  if (incremental.length > 2) parts.push(`+${incremental.length - 2} more`)
  const completed = Array.isArray(payload.completed) ? payload.completed.length : 0
  if (completed) parts.push(`${completed} completed`)
  const pending = Array.isArray(payload.pending) ? payload.pending.length : 0
  if (pending) parts.push(`${pending} pending`)
  if (payload.hasNext === false) parts.push('last')
  return parts.join(' · ') || 'empty payload'
}

/**
 * What one arrived payload is and a one-line summary of it, e.g. `countdown: 3`,
 * `1 error: "Boom"`, `deferred data at user.stats · 1 completed`, `2 items at feed`. Cheap (it
 * looks at a few members only) and never throws, whatever the payload.
 *
 * @param payload - the parsed JSON of a `next` message, an SSE `next` event or a multipart part
 * @param incremental - whether it is a subsequent payload of an incremental response. @default false
 */
export function summarizeStreamPayload(payload: unknown, incremental = false): { kind: StreamEventKind; summary: string } {
  if (!isJsonObject(payload)) return { kind: 'error', summary: cut(`Not a GraphQL result: ${preview(payload)}`) }
  const errors = Array.isArray(payload.errors) ? payload.errors : []
  if (incremental || 'incremental' in payload || 'completed' in payload) {
    const text = incrementalText(payload)
    return { kind: errors.length ? 'error' : 'incremental', summary: cut(errors.length ? `${errorsText(errors)} · ${text}` : text) }
  }
  const data = isJsonObject(payload.data) ? payload.data : undefined
  if (errors.length) return { kind: 'error', summary: cut(data ? `${errorsText(errors)} · ${dataText(data)}` : errorsText(errors)) }
  if (data) return { kind: 'result', summary: cut(dataText(data)) }
  return { kind: 'result', summary: payload.data === null ? 'data: null' : 'no data' }
}
