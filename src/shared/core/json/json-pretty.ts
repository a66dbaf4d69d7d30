/**
 * Pretty-printing JSON text without a round trip through JavaScript values, so every number keeps
 * the digits it was written with: `JSON.parse` turns 9007199254740993 into 9007199254740992 and
 * `1e999` into Infinity, which a GraphQL server reading a 64-bit ID or a big decimal would get
 * wrong. The layout is `JSON.stringify(value, null, 2)`'s; strings are copied as written.
 */

/** Result of {@link prettyJsonAt}. */
export interface PrettyJson {
  /** The value laid out on lines, indented by two spaces per level; `{}` and `[]` stay on one line. */
  text: string
  /** Offset just past the value in the input (UTF-16 units). */
  end: number
}

/**
 * Lays out the one JSON value that starts at `start` (leading whitespace skipped). The text must be
 * valid JSON there (parse it first, e.g. with `parseJsonLocated`): nothing is checked.
 *
 * @param text - JSON text.
 * @param start - where the value (or whitespace before it) starts. @default 0
 */
export function prettyJsonAt(text: string, start = 0): PrettyJson {
  let at = start
  let out = ''
  let depth = 0
  const skip = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++
  }
  const newline = () => `\n${'  '.repeat(depth)}`
  do {
    skip()
    const c = text[at]
    if (c === undefined) break
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']'
      at++
      skip()
      if (text[at] === close) {
        out += c + close
        at++
      } else {
        depth++
        out += c + newline()
        continue
      }
    } else if (c === '}' || c === ']') {
      depth--
      out += newline() + c
      at++
    } else if (c === '"') {
      const from = at++
      while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1
      at++
      out += text.slice(from, at)
    } else {
      // A number, true, false or null: copied exactly.
      const from = at
      while (at < text.length && /[^\s,:\]}]/.test(text[at]!)) at++
      out += text.slice(from, at)
    }
    // After a value: a comma, a colon (after a key), or the end of a container.
    skip()
    const next = text[at]
    if (next === ',' && depth > 0) {
      out += `,${newline()}`
      at++
    } else if (next === ':' && depth > 0) {
      out += ': '
      at++
    }
  } while (depth > 0)
  return { text: out, end: at }
}
