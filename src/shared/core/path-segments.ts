/**
 * The one rule for every function that walks or writes an object along a path typed by a user or
 * sent by a server (webhook field overrides and variants, incremental-delivery paths): a segment
 * named `__proto__`, `prototype` or `constructor` is refused, and only own properties are read.
 * Otherwise `__proto__.polluted` reaches `Object.prototype` and changes every object of the page.
 */

/** The path segments that lead out of the data into the object model. */
export const FORBIDDEN_PATH_SEGMENTS: readonly string[] = ['__proto__', 'prototype', 'constructor']

/** Whether `segment` is one of {@link FORBIDDEN_PATH_SEGMENTS}. */
export function isForbiddenSegment(segment: string | number): boolean {
  return typeof segment === 'string' && FORBIDDEN_PATH_SEGMENTS.includes(segment)
}

/** The first forbidden segment of `path` and its index, or undefined when there is none. */
export function forbiddenSegmentOf(path: readonly (string | number)[]): { segment: string; index: number } | undefined {
  const index = path.findIndex(isForbiddenSegment)
  return index === -1 ? undefined : { segment: String(path[index]), index }
}

/** The sentence for a refused segment, e.g. `"__proto__" (segment 1) is not allowed in a path: …`. */
export function forbiddenSegmentMessage(segment: string, where: string): string {
  return `"${segment}" ${where} is not allowed in a path: __proto__, prototype and constructor would reach the page's objects, not the data.`
}

/**
 * The own property `key` of `node` (an object or array), or undefined when `node` is not an object
 * or has no such own property: inherited members (`toString`, `__proto__`) are never returned.
 */
export function ownValue(node: unknown, key: string | number): unknown {
  if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined
  return (node as Record<string | number, unknown>)[key]
}

/**
 * The value at `path` from `root` through own properties only; undefined when a step is missing or a
 * segment is forbidden.
 */
export function ownValueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root
  for (const key of path) {
    if (isForbiddenSegment(key)) return undefined
    node = ownValue(node, key)
    if (node === undefined) return undefined
  }
  return node
}
