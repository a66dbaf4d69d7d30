/**
 * `{{name}}` references to environment variables, as Altair, Hoppscotch and Insomnia write them:
 * finding them, and replacing them with values, with every reference that cannot be replaced
 * reported at its place (offset, line, column) so the UI can mark it in the field it was typed in.
 * Total: no input makes these functions throw.
 */
import { lineColumn } from '@/shared/core/json/json-locate'

/** A `{{…}}` in some text. Braces cannot nest, so `{{a{{b}}` holds one reference, `{{b}}`. */
const REFERENCE = /\{\{([^{}]*)\}\}/g

/** What a variable name may be: a shell-friendly identifier, so curl can read a secret as `$NAME`. */
const VARIABLE_NAME = /^[A-Z_]\w*$/i

/** Whether `name` is a valid environment variable name: a letter or `_`, then letters, digits, `_`. */
export function isVariableName(name: string): boolean {
  return VARIABLE_NAME.test(name)
}

/** One `{{…}}` found in a text. */
export interface Reference {
  /** The name inside the braces, without surrounding spaces (`{{ token }}` → `token`). */
  name: string
  /** Offset (UTF-16) of the first `{`. */
  start: number
  /** Offset just after the last `}`. */
  end: number
  /** 1-based line of `start`. */
  line: number
  /** 1-based column of `start` (UTF-16 units, as editors count). */
  column: number
}

/** A reference that could not be replaced, and why. */
export interface UnresolvedReference extends Reference {
  /** `unknown`: no variable of that name; `invalid`: the braces hold no valid name (`{{}}`, `{{a-b}}`). */
  reason: 'unknown' | 'invalid'
}

/** Every `{{…}}` in `text`, in order. */
export function findReferences(text: string): Reference[] {
  const found: Reference[] = []
  for (const match of text.matchAll(REFERENCE)) {
    const start = match.index
    found.push({ name: (match[1] ?? '').trim(), start, end: start + match[0].length, ...lineColumn(text, start) })
  }
  return found
}

/** Whether `text` holds at least one `{{…}}`. */
export function hasReferences(text: string): boolean {
  return text.includes('{{') && findReferences(text).length > 0
}

/** What {@link substituteReferences} gives. */
export interface Substitution {
  /** The text with every resolvable reference replaced (unresolved ones are left as typed). */
  text: string
  /** The references that could not be replaced, in order. */
  unresolved: UnresolvedReference[]
}

/** Options of {@link substituteReferences}. */
export interface SubstituteOptions {
  /**
   * The text is JSON (the variables editor): a reference inside a JSON string gets its value
   * escaped for that string (quotes, backslashes, control characters), so any value keeps the JSON
   * valid; outside strings the value is inserted as is (`{"first": {{limit}}}`). @default false
   */
  json?: boolean
}

/**
 * Replaces each `{{name}}` in `text` with `lookup(name, inString)`; a name `lookup` does not know (returns
 * undefined) and braces without a valid name are left in place and reported with their position.
 *
 * @param lookup - the value of a variable, or undefined when there is none; `inString` tells whether
 *   the reference stands inside a JSON string (always false without `json`).
 */
export function substituteReferences(
  text: string,
  lookup: (name: string, inString: boolean) => string | undefined,
  options: SubstituteOptions = {},
): Substitution {
  const references = findReferences(text)
  if (references.length === 0) return { text, unresolved: [] }
  const inString = options.json ? jsonStringFlags(text, references) : undefined
  const unresolved: UnresolvedReference[] = []
  let out = ''
  let from = 0
  references.forEach((reference, i) => {
    const value = isVariableName(reference.name) ? lookup(reference.name, inString?.[i] ?? false) : undefined
    if (value === undefined) {
      unresolved.push({ ...reference, reason: isVariableName(reference.name) ? 'unknown' : 'invalid' })
      return
    }
    out += text.slice(from, reference.start) + (inString?.[i] ? JSON.stringify(value).slice(1, -1) : value)
    from = reference.end
  })
  return { text: out + text.slice(from), unresolved }
}

/**
 * For each reference, whether it starts inside a JSON string literal of `text` (a forward scan of
 * quotes and backslash escapes; text that is not valid JSON still gets an answer).
 */
function jsonStringFlags(text: string, references: readonly Reference[]): boolean[] {
  const flags: boolean[] = []
  let inString = false
  let escaped = false
  let at = 0
  for (const reference of references) {
    for (; at < reference.start; at++) {
      const char = text[at]
      if (escaped) escaped = false
      else if (inString && char === '\\') escaped = true
      else if (char === '"') inString = !inString
    }
    flags.push(inString)
  }
  return flags
}

/**
 * The sentence shown at the field for an unresolved reference, e.g.
 * `Unknown environment variable {{tokn}} at line 2, column 9: add it to "Staging" or fix the name.`
 *
 * @param environmentName - the active environment's name; undefined when none is selected.
 * @param where - how the place is said. @default `line L, column C`
 */
export function unresolvedMessage(reference: UnresolvedReference, environmentName: string | undefined, where = `line ${reference.line}, column ${reference.column}`): string {
  const braces = `{{${reference.name}}}`
  if (reference.reason === 'invalid') {
    return `${braces} at ${where} is not a variable name: use letters, digits and _ (not starting with a digit).`
  }
  const fix = environmentName === undefined ? 'pick an environment that defines it' : `add it to "${environmentName}" or fix the name`
  return `Unknown environment variable ${braces} at ${where}: ${fix}.`
}
