/**
 * A POSIX-shell word splitter for pasted commands (the inverse of {@link shellQuote}): it turns a
 * command line into the arguments bash would pass, without running anything. It handles single
 * quotes, double quotes (with their four escapes), `$'…'` ANSI-C quoting (what Chrome's "Copy as
 * cURL (bash)" emits for control characters), backslash escapes, backslash-newline continuations
 * and `#` comments.
 *
 * What only a running shell could know is not guessed: command substitution (`$(…)`, backticks),
 * arithmetic, special parameters (`$1`, `$?`) and operators (`|`, `;`, `&&`, `>`) are refused
 * with where they are. Plain variable references (`$NAME`, `${NAME}`) are recorded on the word (an
 * unset variable expands to nothing) so the caller decides: ours emit secrets as `"$AUTHORIZATION"`.
 */

/** One argument, as bash would pass it. */
export interface ShellWord {
  /** The argument's text, with every variable reference expanded to '' (as if unset). */
  text: string
  /** Variables the word references, in order, e.g. `['AUTHORIZATION']` for `"Authorization: $AUTHORIZATION"`. */
  variables: string[]
  /** Offset of the word's first character in the input. */
  start: number
}

/** Result of {@link splitShellWords}. */
export type ShellWordsResult =
  | { ok: true; words: ShellWord[] }
  | { ok: false; message: string; line: number; column: number }

/** Thrown inside the splitter, turned into `{ ok: false }` with a position. */
class ShellSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message)
  }
}

const OPERATORS = '|;&<>()'

/** Backslash escapes of `$'…'` quoting (bash manual, "ANSI-C Quoting"). */
const ANSI_C_ESCAPES: Readonly<Record<string, string>> = {
  a: '\u0007', b: '\b', e: '\u001b', E: '\u001b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  '\\': '\\', "'": "'", '"': '"', '?': '?',
}

/**
 * Splits one shell command into its words.
 *
 * @returns the words, or `{ ok: false }` with a specific message and the 1-based line and column
 *   of what could not be read without running a shell (an unclosed quote, `$(…)`, a pipe, …).
 */
export function splitShellWords(input: string): ShellWordsResult {
  try {
    return { ok: true, words: new Splitter(input).words() }
  } catch (error) {
    if (!(error instanceof ShellSyntaxError)) throw error
    const before = input.slice(0, error.offset).split(/\r\n|\r|\n/)
    return { ok: false, message: error.message, line: before.length, column: (before.at(-1)?.length ?? 0) + 1 }
  }
}

class Splitter {
  private i = 0
  /** Where the input's last non-blank character ends: a newline before it starts a second command. */
  private readonly contentEnd: number
  constructor(private readonly s: string) {
    this.contentEnd = s.trimEnd().length
  }

  words(): ShellWord[] {
    const words: ShellWord[] = []
    for (;;) {
      this.skipBlanks()
      if (this.i >= this.s.length) return words
      const c = this.s[this.i]!
      if (c === '\n' || c === '\r') {
        this.i++
        if (words.length > 0 && this.i < this.contentEnd) {
          throw new ShellSyntaxError('A second command starts here: the line before does not end with "\\", so the shell would run it on its own. End each line of the command with "\\" or join the lines.', this.i)
        }
        continue
      }
      if (c === '#') {
        while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++
        continue
      }
      words.push(this.word())
    }
  }

  /** Blanks and backslash-newline continuations (also `\` CRLF, from Windows clipboards). */
  private skipBlanks(): void {
    for (;;) {
      const c = this.s[this.i]
      if (c === ' ' || c === '\t') this.i++
      else if (c === '\\' && this.continuationLength(this.i + 1) > 0) this.i += 1 + this.continuationLength(this.i + 1)
      else return
    }
  }

  private continuationLength(at: number): number {
    if (this.s.startsWith('\r\n', at)) return 2
    return this.s[at] === '\n' ? 1 : 0
  }

  private word(): ShellWord {
    const start = this.i
    let text = ''
    const variables: string[] = []
    while (this.i < this.s.length) {
      const c = this.s[this.i]!
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') break
      if (OPERATORS.includes(c)) {
        throw new ShellSyntaxError(`"${c}" is a shell operator (a pipe, redirection or second command): only one curl command can be imported. Remove what comes after it.`, this.i)
      }
      if (c === '`') throw this.substitution(this.i)
      if (c === "'") {
        const end = this.s.indexOf("'", this.i + 1)
        if (end < 0) throw new ShellSyntaxError('This single quote is never closed.', this.i)
        text += this.s.slice(this.i + 1, end)
        this.i = end + 1
      } else if (c === '"') {
        text += this.doubleQuoted(variables)
      } else if (c === '\\') {
        const continuation = this.continuationLength(this.i + 1)
        if (continuation > 0) this.i += 1 + continuation
        else {
          if (this.i + 1 >= this.s.length) throw new ShellSyntaxError('The command ends with a lone "\\".', this.i)
          text += this.s[this.i + 1]
          this.i += 2
        }
      } else if (c === '$' && this.s[this.i + 1] === "'") {
        text += this.ansiC()
      } else if (c === '$') {
        text += this.dollar(variables)
      } else {
        text += c
        this.i++
      }
    }
    return { text, variables, start }
  }

  /** `"…"`: only `$`, backtick and `\` before `$ \` " \` newline are special. */
  private doubleQuoted(variables: string[]): string {
    const open = this.i++
    let text = ''
    for (;;) {
      if (this.i >= this.s.length) throw new ShellSyntaxError('This double quote is never closed.', open)
      const c = this.s[this.i]!
      if (c === '"') {
        this.i++
        return text
      }
      if (c === '`') throw this.substitution(this.i)
      if (c === '$') {
        // Inside double quotes "$" before the closing quote is literal, not a $"…" quote.
        if (this.s[this.i + 1] === '"') {
          text += '$'
          this.i++
        } else text += this.dollar(variables)
        continue
      }
      if (c === '\\') {
        const next = this.s[this.i + 1]
        const continuation = this.continuationLength(this.i + 1)
        if (continuation > 0) {
          this.i += 1 + continuation
          continue
        }
        if (next === '$' || next === '`' || next === '"' || next === '\\') {
          text += next
          this.i += 2
          continue
        }
      }
      text += c
      this.i++
    }
  }

  /**
   * `$'…'` with its backslash escapes. `\xHH` and octal escapes are bytes: runs of them are decoded
   * as UTF-8 (`$'\xc3\xa9'` is "é" in a UTF-8 terminal); `\u`/`\U` are code points.
   */
  private ansiC(): string {
    const open = this.i
    this.i += 2
    let text = ''
    let bytes: number[] = []
    const flush = () => {
      if (bytes.length) text += new TextDecoder().decode(new Uint8Array(bytes))
      bytes = []
    }
    for (;;) {
      if (this.i >= this.s.length) throw new ShellSyntaxError("This $'…' quote is never closed.", open)
      const c = this.s[this.i]!
      if (c === "'") {
        this.i++
        flush()
        return text
      }
      const e = c === '\\' ? (this.s[this.i + 1] ?? '') : ''
      if (/[0-7]/.test(e) || e === 'x') {
        this.i += 2
        const digits = e === 'x' ? this.digits('', /[\dA-F]/i, 2) : this.digits(e, /[0-7]/, 2)
        if (digits === '') {
          flush()
          text += '\\x'
        } else bytes.push(Number.parseInt(digits, e === 'x' ? 16 : 8) & 0xff)
        continue
      }
      flush()
      if (c !== '\\') {
        text += c
        this.i++
        continue
      }
      this.i += 2
      if (e in ANSI_C_ESCAPES) text += ANSI_C_ESCAPES[e]
      else if (e === 'u' || e === 'U') text += this.codePoint(this.digits('', /[\dA-F]/i, e === 'u' ? 4 : 8))
      else if (e === 'c' && this.i < this.s.length) text += String.fromCharCode(this.s.charCodeAt(this.i++) & 0x1f)
      else text += `\\${e}`
    }
  }

  /** `first` and up to `max` more characters matching `digit`. */
  private digits(first: string, digit: RegExp, max: number): string {
    let digits = first
    while (digits.length - first.length < max && digit.test(this.s[this.i] ?? '')) digits += this.s[this.i++]
    return digits
  }

  /** The character of a hex code point ('' for none, U+FFFD for a surrogate or past U+10FFFF, as bash prints). */
  private codePoint(hex: string): string {
    if (hex === '') return ''
    const value = Number.parseInt(hex, 16)
    return value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff) ? '\ufffd' : String.fromCodePoint(value)
  }

  /**
   * `$NAME` or `${NAME}`: recorded, expands to ''. A `$` before a blank, the end or a quote is
   * literal (`$"…"` is a double quote). Anything else that needs a shell is refused.
   * @returns the text the `$` stands for.
   */
  private dollar(variables: string[]): string {
    const at = this.i
    const rest = this.s.slice(at + 1)
    if (rest.startsWith('(')) throw this.substitution(at)
    const name = /^\{([A-Z_]\w*)\}/i.exec(rest) ?? /^([A-Z_]\w*)/i.exec(rest)
    if (name) {
      variables.push(name[1]!)
      this.i += 1 + name[0].length
      return ''
    }
    if (rest.startsWith('"')) {
      this.i++
      return ''
    }
    if (rest === '' || /^[\s'\\]/.test(rest)) {
      this.i++
      return '$'
    }
    const shown = rest.startsWith('{') ? rest.slice(0, (rest.indexOf('}') + 1 || 12)) : rest[0]
    throw new ShellSyntaxError(`"$${shown}" needs a running shell to expand (a special parameter or an expansion with operators): replace it with its value.`, at)
  }

  private substitution(at: number): ShellSyntaxError {
    return new ShellSyntaxError('Command substitution ($(…) or backticks) would run a program to produce this value: replace it with the value it produces, or quote it with single quotes if it is literal text.', at)
  }
}
