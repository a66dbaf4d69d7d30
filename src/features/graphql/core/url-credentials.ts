/**
 * Credentials written into an imported URL: `?access_token=…`, `?api_key=…` (also what
 * `-G --data-urlencode` puts there) and `user:password@`. An endpoint is saved, shared, kept in the
 * history and printed in curl, so it must not hold them: each query credential becomes a
 * `{{name}}` reference to a secret environment variable (memory only, `$NAME` in curl), and the
 * user info becomes a secret `Authorization: Basic` header, as curl's `-u` sends it.
 */
import { isCredentialQueryParameter } from '@/shared/core/http/credentials'
import { isVariableName } from './environments/references'

/** A secret the URL held, for a secret environment variable. */
export interface UrlSecret {
  /** The variable name the endpoint references as `{{name}}`. */
  name: string
  /** The value exactly as it stood in the URL (still percent-encoded), so substitution restores the same URL. */
  value: string
}

/** What {@link extractUrlCredentials} gives. */
export interface UrlCredentials {
  /** The URL with each credential parameter's value replaced by `{{name}}` and without user info. */
  endpoint: string
  /** The secrets taken out of the query, in URL order. */
  secrets: UrlSecret[]
  /** `Basic …` for the user info, as curl sends it; undefined without user info. */
  authorization?: string
  /** One sentence per change, for the import's notes. */
  notes: string[]
}

/** `api-key` → `api_key`: a variable name (letters, digits, `_`, not starting with a digit). */
function variableNameFor(parameter: string): string {
  const name = parameter.replace(/\W/g, '_')
  return isVariableName(name) ? name : `p_${name}`
}

/** `Basic base64(user:password)` of the UTF-8 bytes, user info percent-decoded as curl does. */
function basicAuthorization(user: string, password: string): string {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text)
    } catch {
      return text
    }
  }
  const bytes = new TextEncoder().encode(`${decode(user)}:${decode(password)}`)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

/**
 * Takes the credentials out of `url` (an absolute URL).
 *
 * @param taken - variable names already in use (each secret gets a name not among them).
 */
export function extractUrlCredentials(url: URL, taken: ReadonlySet<string> = new Set()): UrlCredentials {
  const notes: string[] = []
  const copy = new URL(url.href)
  let authorization: string | undefined
  if (copy.username !== '' || copy.password !== '') {
    authorization = basicAuthorization(copy.username, copy.password)
    notes.push('The user and password in the URL became a secret Authorization: Basic header (as curl sends them); the endpoint no longer holds them.')
    copy.username = ''
    copy.password = ''
  }
  const secrets: UrlSecret[] = []
  const used = new Set(taken)
  const search = copy.search.slice(1)
  if (search === '') return { endpoint: copy.href, secrets, ...(authorization ? { authorization } : {}), notes }
  const parts = search.split('&').map((part) => {
    const at = part.indexOf('=')
    if (at <= 0) return part
    const rawName = part.slice(0, at)
    const rawValue = part.slice(at + 1)
    let name: string
    let value: string
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '))
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '))
    } catch {
      return part
    }
    if (rawValue === '' || rawValue.includes('{{') || !isCredentialQueryParameter(name, value)) return part
    let variable = variableNameFor(name)
    for (let n = 2; used.has(variable); n++) variable = `${variableNameFor(name)}_${n}`
    used.add(variable)
    secrets.push({ name: variable, value: rawValue })
    return `${rawName}={{${variable}}}`
  })
  if (secrets.length) {
    const list = secrets.map((secret) => `{{${secret.name}}}`).join(', ')
    notes.push(`Credentials in the URL's query became secret environment variables (${list}): kept in memory only, $NAME in curl, never in links or history.`)
  }
  // The URL class would percent-encode the braces: the endpoint is put together as text.
  const base = copy.href.slice(0, copy.href.length - copy.search.length - copy.hash.length)
  return { endpoint: `${base}?${parts.join('&')}${copy.hash}`, secrets, ...(authorization ? { authorization } : {}), notes }
}
