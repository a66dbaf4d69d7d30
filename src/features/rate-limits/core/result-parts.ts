/**
 * A large job result sent from the worker in parts: the page reads each message in a task of its own, and
 * reading (structured-cloning) 50,000 headers and 16,667 quotas in one message would block it for hundreds
 * of ms. Each long array of the result goes in slices of {@link PART_ITEMS} items, then the rest of the
 * result with those arrays left empty; {@link ResultAssembler} puts them back together.
 */

/**
 * Items per part: a few ms of cloning on the page, few enough messages that their overhead does not count.
 * @default 1000
 */
export const PART_ITEMS = 1000

/** A slice of one array property of a result. */
export interface ResultPart {
  /** The property the items belong to. */
  key: string
  /** The next items of that array, in order. */
  items: unknown[]
}

/**
 * Splits the top-level arrays of `result` longer than `size` items into parts; `rest` is a shallow copy of
 * `result` with those arrays empty (the result itself is unchanged when nothing is long).
 */
export function splitResult<T>(result: T, size: number = PART_ITEMS): { parts: ResultPart[]; rest: T } {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return { parts: [], rest: result }
  const parts: ResultPart[] = []
  let rest: Record<string, unknown> | undefined
  for (const [key, value] of Object.entries(result)) {
    if (!Array.isArray(value) || value.length <= size) continue
    for (let at = 0; at < value.length; at += size) parts.push({ key, items: value.slice(at, at + size) })
    rest ??= { ...(result as Record<string, unknown>) }
    rest[key] = []
  }
  return { parts, rest: (rest ?? result) as T }
}

/** Collects the parts of one result as they arrive, then joins them to the rest of it. */
export class ResultAssembler {
  private readonly parts: ResultPart[] = []

  /** Keeps a part (cheap: the joining waits for the rest). */
  add(part: ResultPart): void {
    this.parts.push(part)
  }

  /** The whole result: `rest` with every part's items appended to its array, in the order the parts came. */
  join<T>(rest: T): T {
    if (this.parts.length === 0 || rest === null || typeof rest !== 'object') return rest
    const target = rest as Record<string, unknown>
    for (const { key, items } of this.parts) {
      const array = target[key]
      if (Array.isArray(array)) for (const item of items) array.push(item)
      else target[key] = [...items]
    }
    this.parts.length = 0
    return rest
  }
}
