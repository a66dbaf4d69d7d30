/**
 * Robustness variants of a payload: the kinds of payload handlers really receive (missing fields,
 * nulls, fields added by a newer API version). Pure and deterministic: the same payload and choice
 * always give the same variant; the input is never modified.
 */
import { forbiddenSegmentMessage, forbiddenSegmentOf, isForbiddenSegment, ownValueAt } from '@/shared/core/path-segments'

/** A path to a value inside a payload, e.g. `['pull_request', 'user', 'login']` or `['commits', 0, 'id']`. */
export type FieldPath = readonly (string | number)[]

/** The result of a variant helper. */
export interface PayloadVariant {
  /** Which change was applied. */
  kind: 'remove-field' | 'set-null' | 'add-unknown-field'
  /** Path of the changed field (for an added field: the path of the new field). */
  path: FieldPath
  /** The new payload (a deep copy; the input is untouched). */
  payload: Record<string, unknown>
  /** A short sentence describing the change, e.g. ``Removed `pull_request.user.login`.`` */
  description: string
}

/** Name of the field {@link addUnknownField} adds (suffixed `_2`, `_3` … if already present). */
export const UNKNOWN_FIELD_NAME = 'unexpected_field'
/** Value of the field {@link addUnknownField} adds. */
export const UNKNOWN_FIELD_VALUE = 'sample value of a field this handler does not know'

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Formats a path as `a.b[0].c`. */
export function formatPath(path: FieldPath): string {
  let out = ''
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part
  return out || '(root)'
}

/**
 * Every object property in the payload, depth-first in key order (array items are descended into
 * but are not themselves fields); keys named `__proto__`, `prototype` or `constructor` are left out.
 */
export function fieldPaths(payload: Record<string, unknown>): FieldPath[] {
  const out: FieldPath[] = []
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]))
    else if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        // A JSON `__proto__` key is an own field, but no path may name it (see path-segments).
        if (isForbiddenSegment(k)) continue
        out.push([...path, k])
        walk(v, [...path, k])
      }
    }
  }
  walk(payload, [])
  return out
}

/** Paths of all objects in the payload, the root (`[]`) first. */
export function objectPaths(payload: Record<string, unknown>): FieldPath[] {
  return [[], ...fieldPaths(payload).filter((p) => isObject(getAt(payload, p)))]
}

/** The value at `path`, through own properties only. */
function getAt(root: unknown, path: FieldPath): unknown {
  return ownValueAt(root, path)
}

/** Throws a RangeError naming the first `__proto__`, `prototype` or `constructor` segment of a given path. */
function refuseForbidden(path: FieldPath): void {
  const forbidden = forbiddenSegmentOf(path)
  if (forbidden) throw new RangeError(forbiddenSegmentMessage(forbidden.segment, `(segment ${forbidden.index + 1} of ${formatPath(path)})`))
}

function parentOf(root: Record<string, unknown>, path: FieldPath): Record<string, unknown> {
  refuseForbidden(path)
  const parent = getAt(root, path.slice(0, -1))
  if (!isObject(parent) || typeof path[path.length - 1] !== 'string') throw new RangeError(`No field at ${formatPath(path)}`)
  return parent
}

function choose(candidates: FieldPath[], choice: number | FieldPath, payload: Record<string, unknown>, what: string): FieldPath {
  if (typeof choice !== 'number') {
    if (choice.length > 0 && !Object.hasOwn(parentOf(payload, choice), String(choice[choice.length - 1]))) {
      throw new RangeError(`No field at ${formatPath(choice)}`)
    }
    return choice
  }
  if (candidates.length === 0) throw new RangeError(`The payload has no ${what}`)
  const index = ((Math.trunc(choice) % candidates.length) + candidates.length) % candidates.length
  return candidates[index] ?? candidates[0] ?? []
}

/**
 * Removes one field.
 * @param choice - a path, or an index into {@link fieldPaths} (wrapped modulo their count)
 * @default choice 0 (the first field)
 */
export function removeField(payload: Record<string, unknown>, choice: number | FieldPath = 0): PayloadVariant {
  const copy = structuredClone(payload)
  const path = choose(fieldPaths(copy), choice, copy, 'fields to remove')
  delete parentOf(copy, path)[String(path[path.length - 1])]
  return { kind: 'remove-field', path, payload: copy, description: `Removed \`${formatPath(path)}\`.` }
}

/**
 * Sets one non-null field to `null`.
 * @param choice - a path, or an index into the fields whose value is not already null
 * @default choice 0
 */
export function setFieldToNull(payload: Record<string, unknown>, choice: number | FieldPath = 0): PayloadVariant {
  const copy = structuredClone(payload)
  const candidates = fieldPaths(copy).filter((p) => getAt(copy, p) !== null)
  const path = choose(candidates, choice, copy, 'non-null fields')
  const parent = parentOf(copy, path)
  const key = String(path[path.length - 1])
  const before = parent[key]
  parent[key] = null
  const was = Array.isArray(before) ? 'an array' : isObject(before) ? 'an object' : typeof before === 'string' ? 'a string' : `a ${typeof before}`
  return { kind: 'set-null', path, payload: copy, description: `Set \`${formatPath(path)}\` to null (was ${was}).` }
}

/**
 * Adds a field the handler does not know to one object of the payload.
 * @param choice - a path of an object, or an index into {@link objectPaths}
 * @default choice 0 (the top-level object)
 */
export function addUnknownField(payload: Record<string, unknown>, choice: number | FieldPath = 0): PayloadVariant {
  const copy = structuredClone(payload)
  let target: FieldPath
  if (typeof choice === 'number') target = choose(objectPaths(copy), choice, copy, 'objects')
  else {
    refuseForbidden(choice)
    target = choice
  }
  const obj = getAt(copy, target)
  if (!isObject(obj)) throw new RangeError(`No object at ${formatPath(target)}`)
  let name = UNKNOWN_FIELD_NAME
  for (let n = 2; Object.hasOwn(obj, name); n++) name = `${UNKNOWN_FIELD_NAME}_${n}`
  obj[name] = UNKNOWN_FIELD_VALUE
  const path = [...target, name]
  return { kind: 'add-unknown-field', path, payload: copy, description: `Added unknown field \`${formatPath(path)}\`.` }
}

/** The robustness variant helpers, grouped for the UI. */
export const robustnessVariants = { fieldPaths, objectPaths, removeField, setFieldToNull, addUnknownField, formatPath } as const
