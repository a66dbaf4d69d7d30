/**
 * POSIX-sh quoting. Single quotes are the only quoting in which the shell interprets nothing at
 * all (no `$`, backtick, backslash or history expansion), so every argument is wrapped in them and
 * the one byte they cannot hold, `'` itself, is written as `'\''` (close, escaped quote, reopen).
 */

/** Characters that never need quoting in any POSIX shell position, so short words stay readable. */
const SAFE_WORD = /^[\w@%+=:,./-]+$/

/**
 * Quotes `value` as one POSIX-sh word that the shell turns back into exactly `value`.
 *
 * Correct for every character except NUL, which no process argument can carry (callers must reject
 * it first; {@link containsNul}). Non-ASCII text passes through unchanged: the shell copies the
 * bytes, so a UTF-8 terminal sends UTF-8.
 *
 * @param value - the text to protect.
 * @param options.always - quote even words made only of safe characters.
 *   @default true — the commands we print quote every argument the same way, which is easier to read and edit.
 * @returns the quoted word, e.g. `'it'\''s'` for `it's`, `''` for the empty string.
 */
export function shellQuote(value: string, options: { always?: boolean } = {}): string {
  const always = options.always ?? true
  if (!always && SAFE_WORD.test(value)) return value
  return `'${value.replaceAll("'", `'\\''`)}'`
}

/**
 * Whether a string contains a NUL character, which a shell command line cannot carry: the kernel
 * passes arguments as C strings, so everything after the NUL would be silently cut off.
 */
export function containsNul(value: string): boolean {
  return value.includes('\u0000')
}

/**
 * A shell word that expands an environment variable inside double quotes (`"$NAME"`), so the value
 * is substituted but neither split on spaces nor globbed.
 *
 * @param name - a valid variable name (see {@link isShellVariableName}).
 * @throws RangeError when `name` is not a valid POSIX variable name — emitting it would run code.
 */
export function shellVariableReference(name: string): string {
  if (!isShellVariableName(name)) throw new RangeError(`Not a valid shell variable name: ${name}`)
  return `"$${name}"`
}

/** Whether `name` is a POSIX shell variable name: `[A-Za-z_][A-Za-z0-9_]*`. */
export function isShellVariableName(name: string): boolean {
  return /^[A-Z_]\w*$/i.test(name)
}
