/**
 * Reading a pasted `curl` command back into a request: the inverse of {@link buildCurlCommand}
 * (round trip proven in `curl-import.test.ts`), and what DevTools "Copy as cURL" (Chrome bash,
 * Firefox) and API docs produce. The command is split like bash would ({@link splitShellWords}),
 * never run: a file (`-d @body.json`), a command substitution or a variable whose value only the
 * user's shell knows is refused with a specific message, except a header that is exactly one
 * variable (`-H "Authorization: $AUTHORIZATION"`, how our commands carry secrets), which comes back
 * as an empty secret header to fill in.
 */
import { type CurlRequest, looksLikeCurl } from './curl'
import { isCredentialHeader } from './credentials'
import { type ShellWord, splitShellWords } from './shell-words'
import { excerpt } from '../text'

/** A request read from a curl command. */
export interface ImportedCurl {
  /** URL, method, headers (pairs, in command order) and body, as curl would send them. */
  request: CurlRequest & { headers: [string, string][] }
  /** Headers whose value was a shell variable (`"$AUTHORIZATION"`), imported with an empty value. */
  placeholders: { header: string; variable: string }[]
  /** Names of the headers that hold credentials (by name or value, `-u`, and every placeholder). */
  secretHeaders: string[]
  /**
   * What was ignored or assumed, one sentence each, e.g. `--compressed: the browser negotiates
   * compression itself.` Each says once; at most {@link MAX_NOTES}, words in them quoted short.
   */
  notes: string[]
}

/** Result of {@link parseCurl}: the request, or why not and where (1-based, when known). */
export type CurlImportResult =
  | ({ ok: true } & ImportedCurl)
  | { ok: false; message: string; line?: number; column?: number }

/** Thrown inside the parser, returned as `{ ok: false }`. */
class CurlImportError extends Error {}

type Handler = (value: string, word: ShellWord, state: ParseState) => void

interface ParseState {
  urls: ShellWord[]
  method?: string
  data: string[]
  get: boolean
  json: boolean
  headers: [string, string][]
  placeholders: { header: string; variable: string }[]
  credentials: Set<string>
  notes: string[]
  /** Options the importer does not know, as spelled (quoted short), in order; one note names them. */
  unknown: string[]
  /** `-g/--globoff`: curl reads the URL as it is, backslashes included. */
  globoff: boolean
}

/** Why an option changes nothing for a request sent from a browser tab. */
const IGNORED_WITH_NOTE: Readonly<Record<string, string>> = {
  compressed: 'the browser negotiates compression itself',
  insecure: 'a browser never skips certificate checks',
  location: 'fetch follows redirects itself',
  'max-time': 'set a timeout in the Settings tab instead',
  proxy: 'the browser uses its own proxy settings',
  'unix-socket': 'a browser cannot reach a Unix socket',
  cert: 'client certificates come from the browser',
  cacert: 'the browser trusts its own certificate store',
  resolve: 'the browser resolves host names itself',
  'connect-to': 'the browser resolves host names itself',
}

/** Options that only change what curl prints or how it connects, ignored silently. */
const SILENT = new Set([
  'silent', 'show-error', 'verbose', 'include', 'globoff', 'path-as-is', 'fail', 'fail-with-body', 'no-buffer',
  'http1.1', 'http2', 'http2-prior-knowledge', 'http3', 'ipv4', 'ipv6', 'progress-bar', 'no-progress-meter',
  'raw', 'http1.0', 'tr-encoding', 'no-keepalive', 'tcp-nodelay', 'no-sessionid', 'styled-output', 'no-styled-output', 'create-dirs',
])

/** Options with an argument that is ignored (output files, timing, retries, TLS files). */
const SILENT_WITH_ARGUMENT = new Set([
  'output', 'connect-timeout', 'write-out', 'retry', 'retry-delay', 'retry-max-time', 'dump-header', 'trace',
  'trace-ascii', 'stderr', 'limit-rate', 'max-redirs', 'cookie-jar', 'proxy-user', 'interface', 'range',
  'time-cond', 'speed-limit', 'speed-time', 'key', 'key-type', 'cert-type', 'capath', 'ciphers', 'dns-servers',
  'abstract-unix-socket', 'keepalive-time', 'expect100-timeout', 'output-dir',
])

/** Long names of the short options. */
const SHORT: Readonly<Record<string, string>> = {
  H: 'header', d: 'data', X: 'request', u: 'user', A: 'user-agent', e: 'referer', b: 'cookie', G: 'get', I: 'head',
  F: 'form', T: 'upload-file', K: 'config', o: 'output', m: 'max-time', x: 'proxy', w: 'write-out', D: 'dump-header',
  c: 'cookie-jar', U: 'proxy-user', r: 'range', z: 'time-cond', E: 'cert', Y: 'speed-limit', y: 'speed-time',
  s: 'silent', S: 'show-error', v: 'verbose', i: 'include', g: 'globoff', k: 'insecure', L: 'location', f: 'fail',
  N: 'no-buffer', '4': 'ipv4', '6': 'ipv6', '#': 'progress-bar', '0': 'http1.0',
}

/** Options that take an argument (long names), beyond the ignored ones. */
const WITH_ARGUMENT = new Set([
  'header', 'data', 'data-raw', 'data-binary', 'data-ascii', 'data-urlencode', 'json', 'request', 'url', 'user',
  'user-agent', 'referer', 'cookie', 'oauth2-bearer', 'form', 'form-string', 'upload-file', 'config', 'variable',
  'expand-url', 'expand-data', 'expand-header', 'max-time', 'proxy', 'unix-socket', 'cert', 'cacert', 'resolve', 'connect-to',
  ...SILENT_WITH_ARGUMENT,
])

/** A body argument that curl would read from a file or from standard input. */
function refuseFileData(option: string, value: string): void {
  if (!value.startsWith('@')) return
  const from = value === '@-' ? 'standard input' : `the file "${excerpt(value.slice(1))}"`
  throw new CurlImportError(
    `${option} ${excerpt(value)} reads the body from ${from}, which a web page cannot read: paste the body itself (with --data-raw '…').`,
  )
}

/**
 * curl's `--data-urlencode` escaping, byte for byte as curl 8 sends it: unreserved characters
 * (`A-Za-z0-9-._~`) as they are, space as `+`, every other UTF-8 byte as lower-case `%xx`.
 */
function urlEncode(text: string): string {
  let out = ''
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte)
    if (/[\w.~-]/.test(c)) out += c
    else if (c === ' ') out += '+'
    else out += `%${byte.toString(16).padStart(2, '0')}`
  }
  return out
}

function base64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function addHeader(state: ParseState, name: string, value: string, secret = false): void {
  state.headers.push([name, value])
  if (secret) state.credentials.add(name.toLowerCase())
}

function hasHeader(state: ParseState, name: string): boolean {
  return state.headers.some(([n]) => n.toLowerCase() === name)
}

/** `-H`: `Name: value`, `Name;` (empty value), `Name:` (curl removes its own header: ignored). */
function header(value: string, word: ShellWord, state: ParseState): void {
  if (value.startsWith('@')) throw new CurlImportError(`-H ${excerpt(value)} reads headers from a file, which a web page cannot read: paste them as -H 'Name: value'.`)
  const colon = value.indexOf(':')
  if (colon < 0) {
    if (value.endsWith(';') && !word.variables.length) addHeader(state, value.slice(0, -1).trim(), '')
    else throw new CurlImportError(`-H '${excerpt(value)}' is not a header: write it as 'Name: value'.`)
    return
  }
  const name = value.slice(0, colon).trim()
  const headerValue = value.slice(colon + 1).replace(/^[ \t]+/, '')
  if (word.variables.length === 1 && headerValue.trim() === '') {
    const variable = word.variables[0]!
    state.placeholders.push({ header: name, variable })
    addHeader(state, name, '', true)
    state.notes.push(`${excerpt(name)} comes from the shell variable $${excerpt(variable)}, which is not in the command: imported as a secret header with an empty value; type its value in the Headers tab.`)
    return
  }
  refuseVariables(`The header "${excerpt(name)}"`, word)
  if (headerValue === '') {
    state.notes.push(`-H '${excerpt(value)}' tells curl to leave out its own ${excerpt(name)} header; ignored.`)
    return
  }
  addHeader(state, name, headerValue)
}

function refuseVariables(what: string, word: ShellWord): void {
  if (word.variables.length === 0) return
  const names = excerpt(word.variables.map((v) => `$${v}`).join(', '), 200)
  throw new CurlImportError(`${what} uses the shell variable ${names}, whose value only your shell knows: replace it with the value (single-quoted).`)
}

const data = (option: string, mode: 'ascii' | 'raw' | 'binary' | 'json'): Handler => (value, word, state) => {
  refuseVariables(`The body (${option})`, word)
  if (mode !== 'raw') refuseFileData(option, value)
  state.data.push(value)
  if (mode === 'json') state.json = true
}

const HANDLERS: Readonly<Record<string, Handler>> = {
  header,
  data: data('-d', 'ascii'),
  'data-ascii': data('--data-ascii', 'ascii'),
  'data-raw': data('--data-raw', 'raw'),
  'data-binary': data('--data-binary', 'binary'),
  json: data('--json', 'json'),
  'data-urlencode': (value, word, state) => {
    refuseVariables('The body (--data-urlencode)', word)
    const at = /^[^=@]*@/.exec(value)
    if (at) throw new CurlImportError(`--data-urlencode ${excerpt(value)} reads from the file "${excerpt(value.slice(at[0].length))}", which a web page cannot read: paste the value itself.`)
    const eq = value.indexOf('=')
    state.data.push(eq < 0 ? urlEncode(value) : `${value.slice(0, eq) === '' ? '' : `${value.slice(0, eq)}=`}${urlEncode(value.slice(eq + 1))}`)
  },
  request: (value, _word, state) => (state.method = value),
  url: (_value, word, state) => void state.urls.push(word),
  user: (value, word, state) => {
    refuseVariables('-u', word)
    if (!value.includes(':')) state.notes.push(`-u ${excerpt(value)} has no password (curl would ask for it): imported with an empty password.`)
    addHeader(state, 'Authorization', `Basic ${base64(value.includes(':') ? value : `${value}:`)}`, true)
  },
  'oauth2-bearer': (value, word, state) => {
    refuseVariables('--oauth2-bearer', word)
    addHeader(state, 'Authorization', `Bearer ${value}`, true)
  },
  'user-agent': (value, _word, state) => addHeader(state, 'User-Agent', value),
  referer: (value, _word, state) => addHeader(state, 'Referer', value),
  cookie: (value, word, state) => {
    if (!value.includes('=')) throw new CurlImportError(`-b ${excerpt(value)} reads cookies from a file, which a web page cannot read: paste them as -b 'name=value'.`)
    refuseVariables('The cookie', word)
    addHeader(state, 'Cookie', value, true)
  },
  get: (_value, _word, state) => (state.get = true),
  globoff: (_value, _word, state) => (state.globoff = true),
  head: (_value, _word, state) => (state.method ??= 'HEAD'),
}

/** The most notes an import gives; more are counted in a last one. */
export const MAX_NOTES = 20
/** The most items a note lists by name; more are counted. */
const MAX_LISTED = 5

/**
 * `items` as a sentence's list, the distinct ones in order, at most {@link MAX_LISTED} by name:
 * `-Q, -j and --frob`, or `-Q, -j, …, --frob and 99,995 more`.
 */
export function listed(items: readonly string[], more: string): string {
  const distinct = [...new Set(items)]
  const named = distinct.slice(0, MAX_LISTED)
  const rest = distinct.length - named.length
  if (rest > 0) return `${named.join(', ')} and ${rest.toLocaleString('en-US')} ${more}`
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? '')
}

/** Each note once, at most {@link MAX_NOTES}, the rest counted. */
export function boundedNotes(notes: readonly string[]): string[] {
  const distinct = [...new Set(notes)]
  if (distinct.length <= MAX_NOTES) return distinct
  const rest = distinct.length - (MAX_NOTES - 1)
  return [...distinct.slice(0, MAX_NOTES - 1), `And ${rest.toLocaleString('en-US')} more notes like these.`]
}

function refusal(option: string): string | undefined {
  switch (option) {
    case 'form':
    case 'form-string':
      return `--${option} sends a multipart form (a file upload), which this tester does not import: send the JSON body with --data-raw.`
    case 'upload-file':
      return '-T uploads a file, which a web page cannot read: paste the body with --data-raw.'
    case 'config':
      return '-K reads options from a file, which a web page cannot read: paste the options themselves.'
    case 'variable':
    case 'expand-url':
    case 'expand-data':
    case 'expand-header':
      return `--${option} uses curl's own variables, which the importer does not expand: paste the values themselves.`
    default:
      return undefined
  }
}

/**
 * Parses a curl command into the request it sends.
 *
 * Understood: `-H/--header`, `-d/--data`, `--data-raw`, `--data-binary`, `--data-ascii`,
 * `--data-urlencode`, `--json` (joined with `&` like curl, and put in the query with `-G/--get`),
 * `-X/--request`, `--url`, `-u/--user` and `--oauth2-bearer` (an `Authorization` header), `-A`,
 * `-e`, `-b 'name=value'` (a `Cookie` header), short options bundled (`-sSL`, `-XPOST`). Options
 * that change nothing in a browser (`--compressed`, `-k`, `-L`, `-m`, …) are ignored with a note;
 * output options (`-s`, `-v`, `-o`, …) silently.
 *
 * @returns `{ ok: true, … }` with notes, or `{ ok: false, message }` (with a line and column when
 *   the shell text itself is the problem) for: input that is not a curl command, no URL, a body or
 *   header read from a file or stdin (`-d @file`, `-d @-`), `$(…)`/backticks, a variable used in a
 *   value (named, so the user knows what to paste), a multipart form, or a Windows cmd command.
 */
export function parseCurl(text: string): CurlImportResult {
  if (text.trim() === '') return { ok: false, message: 'Paste a curl command, e.g. curl https://api.example.com/graphql --json \'{"query":"{ me { id } }"}\'' }
  if (!looksLikeCurl(text)) {
    const start = text.trim().split(/\s/, 1)[0]!.slice(0, 40)
    return { ok: false, message: `This is not a curl command: it starts with "${start}", not "curl".` }
  }
  // Chrome's "Copy as cURL (cmd)" wraps every argument, the URL first, in ^"…^".
  if (/^\s*curl(?:\.exe)?\s+\^"/.test(text)) {
    return { ok: false, message: 'This looks like a Windows cmd command (^ escapes): in DevTools choose "Copy as cURL (bash)" instead.' }
  }
  const split = splitShellWords(text)
  if (!split.ok) return split
  const words = split.words[0]?.text === '$' ? split.words.slice(1) : split.words
  const state: ParseState = { urls: [], data: [], get: false, json: false, headers: [], placeholders: [], credentials: new Set(), notes: [], unknown: [], globoff: false }
  try {
    readOptions(words.slice(1), state)
    return { ok: true, ...toRequest(state) }
  } catch (error) {
    if (error instanceof CurlImportError) return { ok: false, message: error.message }
    throw error
  }
}

function readOptions(words: readonly ShellWord[], state: ParseState): void {
  let optionsEnded = false
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    const text = word.text
    if (optionsEnded || !text.startsWith('-') || text === '-') {
      state.urls.push(word)
      continue
    }
    if (text === '--') {
      optionsEnded = true
      continue
    }
    const takeArgument = (option: string): ShellWord => {
      const next = words[++i]
      if (!next) throw new CurlImportError(`${excerpt(option)} needs a value after it.`)
      return next
    }
    if (text.startsWith('--')) {
      const name = text.slice(2)
      const argument = WITH_ARGUMENT.has(name) ? takeArgument(text) : undefined
      apply(name, text, argument, state)
      continue
    }
    // Short options, maybe bundled: -sSL, -XPOST, -H'Name: v'.
    for (let at = 1; at < text.length; at++) {
      const letter = text[at]!
      const name = SHORT[letter]
      if (!name) {
        state.unknown.push(`-${letter}`)
        continue
      }
      if (!WITH_ARGUMENT.has(name)) {
        apply(name, `-${letter}`, undefined, state)
        continue
      }
      const rest = text.slice(at + 1)
      const argument = rest === '' ? takeArgument(`-${letter}`) : { ...word, text: rest }
      apply(name, `-${letter}`, argument, state)
      break
    }
  }
}

function apply(name: string, spelled: string, argument: ShellWord | undefined, state: ParseState): void {
  const refused = refusal(name)
  if (refused) throw new CurlImportError(refused)
  const handler = HANDLERS[name]
  if (handler) return handler(argument?.text ?? '', argument ?? { text: '', variables: [], start: 0 }, state)
  if (name in IGNORED_WITH_NOTE) {
    state.notes.push(`${spelled}: ignored, ${IGNORED_WITH_NOTE[name]}.`)
    return
  }
  if (SILENT.has(name) || SILENT_WITH_ARGUMENT.has(name)) return
  state.unknown.push(excerpt(spelled, 40))
}

function toRequest(state: ParseState): ImportedCurl {
  const [urlWord, ...more] = state.urls
  if (!urlWord) throw new CurlImportError('The command has no URL: add the endpoint after curl.')
  if (more.length) state.notes.push(`Only the first URL is imported; ${listed(more.map((w) => excerpt(w.text)), 'more')} ignored.`)
  refuseVariables('The URL', urlWord)
  // curl's URL globbing reads \{ \} \[ \] as the plain characters; Chrome's and Safari's "Copy as
  // cURL" escape them so. With -g curl sends the backslashes too.
  let url = state.globoff ? urlWord.text : urlWord.text.replace(/\\([[\]{}])/g, '$1')
  if (!/^[A-Z][\w+.-]*:\/\//i.test(url)) {
    url = `http://${url}`
    state.notes.push(`The URL has no scheme; curl assumes http://, so did the import: ${excerpt(url, 200)}`)
  }
  const body = state.data.length ? state.data.join('&') : undefined
  if (state.json) {
    if (!hasHeader(state, 'content-type')) addHeader(state, 'Content-Type', 'application/json')
    if (!hasHeader(state, 'accept')) addHeader(state, 'Accept', 'application/json')
  }
  const request: ImportedCurl['request'] = { url, method: state.method ?? 'GET', headers: state.headers }
  if (state.get && body !== undefined) {
    request.url = `${url}${url.includes('?') ? '&' : '?'}${body}`
  } else if (body !== undefined) {
    request.body = body
    request.method = state.method ?? 'POST'
  }
  const secretHeaders = state.headers.filter(([n, v]) => state.credentials.has(n.toLowerCase()) || isCredentialHeader(n, v)).map(([n]) => n)
  if (state.unknown.length) state.notes.push(`${listed(state.unknown, 'more')} ${state.unknown.length === 1 ? 'is not an option' : 'are not options'} the importer knows: ignored.`)
  return { request, placeholders: state.placeholders, secretHeaders, notes: boundedNotes(state.notes) }
}
