/**
 * Header validation shared by the GraphQL tester and the webhook generator. The rules come from
 * RFC 9110 (field names are tokens, values carry no CR/LF/NUL) and from the Fetch standard (what a
 * page is allowed to send), so both tools reject the same inputs with the same words.
 */

import { trimCharacters } from '../text'

/** Headers as an object or as ordered name/value pairs (pairs keep duplicates and order). */
export type HeaderList = Record<string, string> | readonly (readonly [string, string])[]

/** RFC 9110 §5.6.2 `token`: one or more tchar. */
const TOKEN = /^[!#$%&'*+\-.^\w`|~]+$/

/**
 * Whether `name` is a valid HTTP field name (an RFC 9110 token). Spaces, colons, quotes, brackets,
 * non-ASCII and the empty string are all rejected — fetch would throw a TypeError for them.
 */
export function isHttpToken(name: string): boolean {
  return TOKEN.test(name)
}

/** What is wrong with a header value, if anything. */
export interface HeaderValueProblem {
  /**
   * - `newline`: CR or LF, which would end the header line (header injection).
   * - `nul`: NUL, forbidden by RFC 9110 and impossible on a command line.
   * - `non-latin1`: a code point above U+00FF, which fetch refuses to send (TypeError).
   * - `control`: another control character (U+0001–U+0008, U+000B–U+001F, U+007F; tab is fine),
   *   which RFC 9110 forbids and browsers refuse to send — the failure looked like CORS.
   */
  kind: 'newline' | 'nul' | 'non-latin1' | 'control'
  /** Zero-based index of the offending character in the value. */
  index: number
  /** A sentence for the user. */
  message: string
}

/**
 * Checks a header value for characters that cannot be sent.
 *
 * @param value - the value as the user typed it.
 * @param options.allowNonLatin1 - accept code points above U+00FF. curl sends them as UTF-8 bytes,
 *   but browsers' fetch throws on them, so the GraphQL tester rejects them.
 *   @default false
 * @returns the first problem, or `undefined` when the value can be sent.
 */
export function headerValueProblem(
  value: string,
  options: { allowNonLatin1?: boolean } = {},
): HeaderValueProblem | undefined {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code === 0x0d || code === 0x0a) {
      return { kind: 'newline', index: i, message: 'Header values cannot contain line breaks (CR or LF).' }
    }
    if (code === 0) return { kind: 'nul', index: i, message: 'Header values cannot contain NUL characters.' }
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) {
      const codePoint = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
      return { kind: 'control', index: i, message: `Header values cannot contain control characters: ${codePoint} at character ${i + 1}; browsers refuse to send it.` }
    }
    if (code > 0xff && !options.allowNonLatin1) {
      return {
        kind: 'non-latin1',
        index: i,
        message: `Browsers cannot send "${String.fromCodePoint(value.codePointAt(i) ?? code)}" in a header value (only ISO-8859-1 characters); percent-encode or base64 it.`,
      }
    }
  }
  return undefined
}

/**
 * Trims the HTTP whitespace (space, tab) around a value, as fetch does before sending it, so what
 * we validate and show is what goes on the wire.
 */
export function normalizeHeaderValue(value: string): string {
  return trimCharacters(value, HTTP_WHITESPACE) // not /^[ \t]+|[ \t]+$/g: 2.2 s on 100 KB
}

/** HTTP whitespace (RFC 9110 OWS): space and horizontal tab. */
const HTTP_WHITESPACE = ' \t'

/**
 * Forbidden request headers of the Fetch standard: a page's fetch silently drops them, so a tester
 * must warn instead of pretending they were sent (curl, however, does send them).
 */
const FORBIDDEN = new Set([
  'accept-charset', 'accept-encoding', 'access-control-request-headers', 'access-control-request-method',
  'connection', 'content-length', 'cookie', 'cookie2', 'date', 'dnt', 'expect', 'host', 'keep-alive',
  'origin', 'referer', 'set-cookie', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'via',
])

/** Whether browsers refuse to let a page set this request header (Fetch "forbidden request-header"). */
export function isForbiddenRequestHeader(name: string): boolean {
  const lower = name.toLowerCase()
  return FORBIDDEN.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')
}

export { isSensitiveHeaderName } from './credentials'

/** Converts either header form into ordered pairs, keeping duplicates as given. */
export function headerPairs(headers: HeaderList): [string, string][] {
  if (Array.isArray(headers)) return headers.map(([n, v]) => [n, v] as [string, string])
  return Object.entries(headers as Record<string, string>)
}

/**
 * Finds a header case-insensitively (HTTP names are case-insensitive, users type any case).
 *
 * @returns the first matching `[name as stored, value]`, or `undefined`.
 */
export function findHeader(headers: HeaderList, name: string): [string, string] | undefined {
  const lower = name.toLowerCase()
  return headerPairs(headers).find(([n]) => n.toLowerCase() === lower)
}
