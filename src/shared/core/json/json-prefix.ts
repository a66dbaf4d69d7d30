/**
 * The start of a JSON body as a document of its own: while a large response is still
 * arriving, its first bytes already hold what the first screen of the tree shows. Cutting the text
 * after its last complete value and closing the containers still open gives valid JSON with the
 * same keys and values, in the same places, as the start of the whole body.
 */
import type { JsonTreeModel } from './json-tree'
import { scanJsonTree } from './json-tree-scan'

const CLOSER: Record<string, string> = { '{': '}', '[': ']' }

/**
 * `text` cut after its last complete member or item, with its open objects and arrays closed:
 * `{"a":[1,2,{"b":` gives `{"a":[1,2,{}]}` (a container holds what arrived of it). Undefined when `text` does not start (after whitespace)
 * with an object or array, or no container opened yet. It does not validate: parse the result (see
 * {@link previewJsonTree}) before trusting it.
 */
export function completeJsonPrefix(text: string): string | undefined {
  return completePrefix(text)?.json
}

/** {@link completeJsonPrefix}, and how many containers it closed. */
function completePrefix(text: string): { json: string; closed: number } | undefined {
  const first = /\S/.exec(text)
  if (!first || (first[0] !== '{' && first[0] !== '[')) return undefined
  /** Open containers, innermost last, as their opening brackets. */
  let open = ''
  /** Where the text can be cut, and the containers open there. */
  let cut = -1
  let openAtCut = ''
  let inString = false
  for (let i = first.index; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
      continue
    }
    if (c === '"') inString = true
    else if (c === '{' || c === '[') {
      open += c
      // `[` or `{` alone is complete enough: it closes as an empty container.
      cut = i + 1
      openAtCut = open
    } else if (c === '}' || c === ']') {
      open = open.slice(0, -1)
      cut = i + 1
      openAtCut = open
      if (open === '') break
    } else if (c === ',') {
      // Before a comma, the member or item that precedes it is complete.
      cut = i
      openAtCut = open
    }
  }
  if (cut < 0) return undefined
  let closers = ''
  for (let j = openAtCut.length - 1; j >= 0; j--) closers += CLOSER[openAtCut[j] ?? '['] ?? ''
  return { json: text.slice(0, cut) + closers, closed: openAtCut.length }
}

/** The start of a JSON body as a tree, for {@link previewJsonTree}. */
export interface JsonPreview {
  model: JsonTreeModel
  /**
   * How many containers were still open where the text was cut: the root and, below it, the
   * containers on the model's last path down to this depth hold only what arrived so far.
   */
  stillOpen: number
}

/**
 * Characters of a body's start made into its preview tree: 64 K, a few hundred rows, far more than
 * a first screen, and a few ms of work (a whole first network chunk can be 2 MB).
 * @default 65_536
 */
export const PREVIEW_CHARS = 64 * 1024

/**
 * The tree of the start of a JSON body still arriving: its first `maxChars` characters,
 * completed ({@link completeJsonPrefix}), checked with `JSON.parse`, then scanned. Undefined when the
 * start is not (yet) a JSON object or array. Containers hold only the members and items received.
 * @param maxChars - characters of `text` used. @default PREVIEW_CHARS
 */
export function previewJsonTree(text: string, maxChars = PREVIEW_CHARS): JsonPreview | undefined {
  const completed = completePrefix(text.length > maxChars ? text.slice(0, maxChars) : text)
  if (completed === undefined) return undefined
  try {
    JSON.parse(completed.json)
  } catch {
    return undefined
  }
  return { model: scanJsonTree(completed.json), stillOpen: completed.closed }
}
