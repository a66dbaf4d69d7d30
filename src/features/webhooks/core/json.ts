/**
 * JSON serialisation that can emit selected string values as raw integer text, for ids that exceed
 * `Number.MAX_SAFE_INTEGER` (Shopify's 64-bit ids). Without raw keys the output equals `JSON.stringify`.
 */

/** Options of {@link serializeJson}. */
export interface SerializeOptions {
  /**
   * Indentation in spaces, as the third argument of `JSON.stringify`.
   * @default 0 (compact)
   */
  indent?: number
  /**
   * Property names whose string values made only of decimal digits are written unquoted
   * (e.g. `"id": "820982911946154508"` becomes `"id":820982911946154508`).
   * @default an empty set
   */
  rawIntegerKeys?: ReadonlySet<string>
}

const INTEGER_TEXT = /^-?(?:0|[1-9]\d*)$/

/**
 * Serialises plain JSON data (objects, arrays, strings, finite numbers, booleans, null).
 * `undefined` properties are skipped and `undefined` array items become `null`, like `JSON.stringify`.
 */
export function serializeJson(value: unknown, options: SerializeOptions = {}): string {
  const indent = ' '.repeat(options.indent ?? 0)
  const rawKeys = options.rawIntegerKeys ?? new Set<string>()
  if (rawKeys.size === 0) return JSON.stringify(value, null, options.indent ?? 0) ?? 'null'
  const write = (v: unknown, key: string | null, depth: number): string | undefined => {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined
    if (typeof v === 'string' && key !== null && rawKeys.has(key) && INTEGER_TEXT.test(v)) return v
    if (v === null || typeof v !== 'object') return JSON.stringify(v)
    const open = indent ? `\n${indent.repeat(depth + 1)}` : ''
    const close = indent ? `\n${indent.repeat(depth)}` : ''
    const sep = indent ? ': ' : ':'
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]'
      const items = v.map((item) => write(item, null, depth + 1) ?? 'null')
      return `[${open}${items.join(`,${open}`)}${close}]`
    }
    const parts: string[] = []
    for (const [k, item] of Object.entries(v)) {
      const text = write(item, k, depth + 1)
      if (text !== undefined) parts.push(`${JSON.stringify(k)}${sep}${text}`)
    }
    if (parts.length === 0) return '{}'
    return `{${open}${parts.join(`,${open}`)}${close}}`
  }
  return write(value, null, 0) ?? 'null'
}
