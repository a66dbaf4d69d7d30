/**
 * Set-field overrides: custom data in a generated payload without hand-editing JSON, like
 * `stripe trigger --add`/`--remove` but offline. Overrides are kept as the user typed them and applied
 * to every fresh sample, so Regenerate gives new ids and times with the user's values kept.
 */
import { forbiddenSegmentMessage, isForbiddenSegment, ownValue } from '@/shared/core/path-segments'
import { fieldPaths, formatPath, type FieldPath } from './robustness'

/** One override: set `path` to `value`, or remove the field at `path`. */
export interface FieldOverride {
  /** Path as typed, e.g. `data.object.metadata.order_id` or `commits[0].message`. */
  readonly path: string
  /** `set` (the default) writes `value`; `remove` deletes the field. */
  readonly op: 'set' | 'remove'
  /** The value as typed: JSON (`42`, `true`, `null`, `"text"`, `{…}`), otherwise taken as a plain string. */
  readonly value: string
}

/** Why an override could not be applied to a payload. */
export interface OverrideProblem {
  readonly index: number
  readonly message: string
}

const SEGMENT = /([^.[\]]+)|\[(\d+)\]/gy

/**
 * Parses `a.b[0].c` into a path.
 * @returns the path, or a message saying what is wrong (for the field)
 */
export function parseFieldPath(text: string): { ok: true; path: FieldPath } | { ok: false; message: string } {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'Enter a field path, e.g. data.object.metadata.order_id.' }
  const path: (string | number)[] = []
  let i = 0
  while (i < trimmed.length) {
    if (trimmed[i] === '.' && i > 0 && trimmed[i - 1] !== '.') i++
    SEGMENT.lastIndex = i
    const m = SEGMENT.exec(trimmed)
    if (!m) return { ok: false, message: `Unexpected "${trimmed[i]}" at position ${i + 1}: write names separated by dots and array items as [0].` }
    const segment = m[2] !== undefined ? Number(m[2]) : (m[1] ?? '')
    if (isForbiddenSegment(segment)) return { ok: false, message: forbiddenSegmentMessage(String(segment), `at position ${i + 1}`) }
    path.push(segment)
    i = SEGMENT.lastIndex
  }
  if (typeof path[0] !== 'string') return { ok: false, message: 'A path starts with a field name, e.g. commits[0].message.' }
  return { ok: true, path }
}

/** The value an override writes: its text as JSON when it parses, otherwise the text itself as a string. */
export function parseOverrideValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/**
 * Applies overrides in order to a deep copy of `payload` (the input is untouched). `set` creates missing
 * objects on the way (`metadata.plan` on a payload without `metadata`); array items must exist. `remove`
 * of a missing field is a no-op. An override that cannot apply is skipped and reported.
 */
export function applyOverrides(payload: Record<string, unknown>, overrides: readonly FieldOverride[]): { payload: Record<string, unknown>; problems: OverrideProblem[] } {
  const copy = structuredClone(payload)
  const problems: OverrideProblem[] = []
  overrides.forEach((override, index) => {
    const parsed = parseFieldPath(override.path)
    if (!parsed.ok) return problems.push({ index, message: parsed.message })
    const path = parsed.path
    let node: unknown = copy
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i] as string | number
      const next = path[i + 1]
      if (typeof key === 'number') {
        if (!Array.isArray(node) || key >= node.length) return problems.push({ index, message: `${formatPath(path.slice(0, i + 1))} does not exist in this payload.` })
        node = node[key]
      } else {
        if (!isObject(node)) return problems.push({ index, message: `${formatPath(path.slice(0, i))} is not an object.` })
        // Own properties only: an inherited member (`toString`) is not a field of the payload.
        const own = ownValue(node, key)
        if (own === undefined || own === null) {
          if (override.op === 'remove') return
          if (typeof next === 'number') return problems.push({ index, message: `${formatPath(path.slice(0, i + 1))} is not a list in this payload.` })
          node[key] = {}
        }
        node = node[key]
      }
    }
    const last = path[path.length - 1] as string | number
    if (typeof last === 'number') {
      if (!Array.isArray(node) || last >= node.length) return problems.push({ index, message: `${formatPath(path)} does not exist in this payload.` })
      if (override.op === 'remove') node.splice(last, 1)
      else node[last] = parseOverrideValue(override.value)
    } else {
      if (!isObject(node)) return problems.push({ index, message: `${formatPath(path.slice(0, -1))} is not an object.` })
      if (override.op === 'remove') {
        if (Object.hasOwn(node, last)) delete node[last]
      } else node[last] = parseOverrideValue(override.value)
    }
    return undefined
  })
  return { payload: copy, problems }
}

/** Every field path of the payload as text (`a.b[0].c`), for completing the path field. */
export function overridablePaths(payload: Record<string, unknown>): string[] {
  return fieldPaths(payload).map(formatPath)
}
