/**
 * A curl command builder shared by the GraphQL tester and the webhook generator.
 *
 * Output is one POSIX-sh command (`curl -sS -X POST '<url>' -H '…' --data-raw '…'`) that sends
 * exactly the given method, headers and body bytes. Why each flag:
 * - every argument is single-quoted ({@link shellQuote}), so `$()`, backticks, quotes, backslashes
 *   and newlines reach curl untouched;
 * - `--data-raw`, not `-d`, because `-d @file` would read a file: a body starting with `@` must be sent literally;
 * - `-g` (globoff) when the URL holds `[]{}`, which curl would otherwise expand as globs;
 * - `--path-as-is` when the path has `.`/`..` segments, which curl would otherwise squash;
 * - `-H 'Name;'` for an empty value, because `-H 'Name:'` tells curl to remove the header.
 */
import { type HeaderList, headerPairs, headerValueProblem, isHttpToken } from './headers'
import { containsNul, isShellVariableName, shellQuote, shellVariableReference } from './shell'

/** What to send. The same shape serves GraphQL requests and webhook deliveries. */
export interface CurlRequest {
  /** Absolute URL, sent as given (curl percent-encodes non-ASCII bytes itself). */
  url: string
  /** HTTP method, e.g. `POST`; must be an HTTP token. */
  method: string
  /** Headers as an object or as pairs (pairs keep order and duplicates). */
  headers: HeaderList
  /** Body text, sent as UTF-8 bytes. Omitted: no body. */
  body?: string
}

/** Options of {@link buildCurlCommand}. */
export interface CurlOptions {
  /**
   * Header names (any case) whose values are secrets: they are emitted as `"$VARIABLE"` references
   * the shell expands at run time, so the command can be shared or logged without the token.
   * @default []
   */
  secretHeaders?: readonly string[]
  /**
   * Variable names to use for some secret headers, keyed by header name (any case); otherwise one
   * is derived with {@link envVarNameForHeader}.
   * @default {}
   */
  envVarNames?: Readonly<Record<string, string>>
  /**
   * Break the command into lines ending in ` \` (one option per line) for readability.
   * @default false
   */
  multiline?: boolean
  /**
   * Leading curl flags. `-sS` hides the progress meter but still prints errors.
   * @default ['-sS']
   */
  flags?: readonly string[]
}

/** A secret header emitted as an environment-variable reference. */
export interface CurlEnvVar {
  /** The header name as given in the request. */
  header: string
  /** The variable the command reads, e.g. `AUTHORIZATION`. */
  variable: string
}

/** A built command and the environment variables it expects. */
export interface CurlCommand {
  /** The command line, ready to paste into bash, zsh, dash or any POSIX sh. */
  command: string
  /** Variables to `export` before running it, in header order; empty without secret headers. */
  envVars: CurlEnvVar[]
}

/**
 * Names the shell or common tools rely on; a header called `Path` or `Home` must not overwrite or
 * read them, so such names get a `HEADER_` prefix.
 */
const RESERVED_VARIABLES = new Set([
  'PATH', 'HOME', 'IFS', 'PWD', 'OLDPWD', 'SHELL', 'USER', 'LOGNAME', 'TERM', 'LANG', 'ENV', 'CDPATH',
  'PS1', 'PS2', 'PS4', 'HOSTNAME', 'UID', 'EUID', 'PPID', 'RANDOM', 'SECONDS', 'LINENO', 'OPTIND',
  'OPTARG', 'TMPDIR', 'MAIL', 'MAILPATH', 'HISTFILE', 'SHLVL', 'EDITOR', 'PAGER', 'DISPLAY', 'TZ',
])

/**
 * Derives a conventional environment-variable name from a header name: upper case, every
 * non-alphanumeric character as `_` (`X-Api-Key` → `X_API_KEY`, `Authorization` → `AUTHORIZATION`),
 * prefixed with `HEADER_` when it would start with a digit or clash with a shell variable.
 */
export function envVarNameForHeader(headerName: string): string {
  const base = headerName.toUpperCase().replace(/[^A-Z0-9_]/g, '_') || 'HEADER'
  if (/^\d/.test(base) || RESERVED_VARIABLES.has(base) || base.startsWith('LC_') || base.startsWith('BASH')) {
    return `HEADER_${base}`
  }
  return base
}

/**
 * Builds the curl command for a request and lists the environment variables it reads.
 *
 * @throws RangeError when the request cannot be expressed faithfully: a method or header name that
 *   is not an HTTP token, a header value with CR/LF, NUL anywhere, an empty URL, or an invalid
 *   variable name in `envVarNames`.
 */
export function buildCurlCommand(request: CurlRequest, options: CurlOptions = {}): CurlCommand {
  const { url, method, body } = request
  if (url === '') throw new RangeError('The URL is empty.')
  if (!isHttpToken(method)) throw new RangeError(`The method "${method}" is not an HTTP token.`)
  for (const [what, text] of [['URL', url], ['body', body ?? '']] as const) {
    if (containsNul(text)) throw new RangeError(`The ${what} contains a NUL character, which a shell command cannot carry.`)
  }
  if (/[\r\n]/.test(url)) throw new RangeError('The URL contains a line break.')

  const secret = new Set((options.secretHeaders ?? []).map((n) => n.toLowerCase()))
  const chosenNames = new Map(Object.entries(options.envVarNames ?? {}).map(([h, v]) => [h.toLowerCase(), v]))
  const envVars: CurlEnvVar[] = []
  const usedVariables = new Set<string>()

  const first: string[] = ['curl', ...(options.flags ?? ['-sS']).map((f) => shellQuote(f, { always: false }))]
  first.push('-X', shellQuote(method, { always: false }))
  if (/[[\]{}]/.test(url)) first.push('-g')
  if (hasDotSegment(url)) first.push('--path-as-is')
  // A URL starting with "-" would be read as an option; --url makes it unambiguous.
  first.push(...(url.startsWith('-') ? ['--url', shellQuote(url)] : [shellQuote(url)]))

  const parts: string[] = [first.join(' ')]
  for (const [name, value] of headerPairs(request.headers)) {
    if (!isHttpToken(name)) throw new RangeError(`The header name "${name}" is not an HTTP token.`)
    if (secret.has(name.toLowerCase())) {
      const variable = uniqueVariable(chosenNames.get(name.toLowerCase()) ?? envVarNameForHeader(name), usedVariables)
      envVars.push({ header: name, variable })
      parts.push(`-H ${secretHeaderWord(name, variable)}`)
      continue
    }
    const problem = headerValueProblem(value, { allowNonLatin1: true })
    if (problem) throw new RangeError(`Header "${name}": ${problem.message}`)
    parts.push(`-H ${shellQuote(value === '' ? `${name};` : `${name}: ${value}`)}`)
  }
  if (body !== undefined) parts.push(`--data-raw ${shellQuote(body)}`)

  return { command: parts.join(options.multiline ? ' \\\n  ' : ' '), envVars }
}

/**
 * The curl command for a request, as a string; see {@link buildCurlCommand} for the variables
 * that secret headers read.
 *
 * @example
 * toCurlCommand({ url: 'https://api.example.com/graphql', method: 'POST',
 *   headers: { 'Content-Type': 'application/json' }, body: '{"query":"{ me { id } }"}' })
 * // curl -sS -X POST 'https://api.example.com/graphql' -H 'Content-Type: application/json' --data-raw '{"query":"{ me { id } }"}'
 */
export function toCurlCommand(request: CurlRequest, options: CurlOptions = {}): string {
  return buildCurlCommand(request, options).command
}

/**
 * `export` lines a user can paste before running a command with secret headers.
 *
 * @param envVars - from {@link buildCurlCommand}.
 * @param values - actual values by header name (any case); omitted values get a placeholder so a
 *   secret is only ever written out when the caller asks for it.
 *   @default {}
 * @returns e.g. `export AUTHORIZATION='<value of Authorization>'`, one line per variable.
 */
export function envExportLines(envVars: readonly CurlEnvVar[], values: Readonly<Record<string, string>> = {}): string[] {
  const byLower = new Map(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]))
  return envVars.map(({ header, variable }) => {
    const value = byLower.get(header.toLowerCase()) ?? `<value of ${header}>`
    return `export ${variable}=${shellQuote(value)}`
  })
}

/** `-H` argument for a secret header: the name is literal text, only the variable expands. */
function secretHeaderWord(name: string, variable: string): string {
  // Inside double quotes `$`, backtick, `"`, `\` and `!` are special; token names may hold some of
  // them, so such names are single-quoted and concatenated with the double-quoted reference.
  if (/^[\w.-]+$/.test(name)) return `"${name}: $${variable}"`
  return `${shellQuote(`${name}: `)}${shellVariableReference(variable)}`
}

function uniqueVariable(wanted: string, used: Set<string>): string {
  if (!isShellVariableName(wanted)) throw new RangeError(`Not a valid shell variable name: ${wanted}`)
  let name = wanted
  for (let n = 2; used.has(name); n++) name = `${wanted}_${n}`
  used.add(name)
  return name
}

/** Whether the URL path has `.` or `..` segments that curl would normalise away. */
function hasDotSegment(url: string): boolean {
  const afterScheme = url.replace(/^[A-Z][A-Z0-9+.-]*:\/\/[^/?#]*/i, '')
  const path = afterScheme.split(/[?#]/, 1)[0] ?? ''
  return /(?:^|\/)\.\.?(?:\/|$)/.test(path)
}

/**
 * Whether pasted text is meant as a curl command (starts with `curl`, maybe after a `$ ` prompt).
 * Here, not in `curl-import.ts`, so the endpoint field can check a paste without loading the parser.
 */
export function looksLikeCurl(text: string): boolean {
  return /^\s*(?:\$\s+)?curl(?:\.exe)?(?:\s|$)/.test(text)
}
