/**
 * The one rule for which header values may leave memory (history, share links): a header is
 * secret when the user flagged it, when its name usually carries a credential
 * (`isSensitiveHeaderName`: Authorization, Cookie, X-API-Key, …), or when its value looks like one
 * (`credentialKind`: `Bearer …`, a JWT, `ghp_…`, …). Any, not all: a forgotten flag must not leak
 * a token, and a flag on an unusual name (`X-Tenant-Pass`) must be honoured.
 */
import { credentialKind, isSensitiveHeaderName } from './http/credentials'
import { headerPairs, type HeaderList } from './http/headers'

/** A header as kept in history or a share link; a secret one keeps its name and an empty value. */
export interface RedactedHeader {
  name: string
  /**
   * The value; for a secret header `""`, or its environment references when the value is made of
   * nothing else (`Bearer {{token}}`) — never a secret value.
   */
  value: string
  /** Whether the value was withheld, so the UI can ask the user to fill it. */
  secret: boolean
}

/**
 * Whether the value of header `name` must not be stored or shared.
 *
 * @param name - the header name, any case.
 * @param secretHeaderNames - names the user marked secret, any case. @default []
 * @param value - the value, checked for credential shapes. @default ''
 */
export function isSecretHeader(name: string, secretHeaderNames: Iterable<string> = [], value = ''): boolean {
  if (isSensitiveHeaderName(name) || credentialKind(value) !== undefined) return true
  const lower = name.trim().toLowerCase()
  for (const secret of secretHeaderNames) if (secret.trim().toLowerCase() === lower) return true
  return false
}

/**
 * Whether a value only names secrets without holding one: environment references (`{{token}}`),
 * after an optional authorization scheme (`Bearer {{token}}`, `Basic {{credentials}}`). Such a value
 * may be kept in history and share links (they keep the `{{name}}` reference, never the
 * value); a scheme other than the common ones could itself be a secret, so it is not accepted.
 */
export function isReferenceOnlyValue(value: string): boolean {
  return /^\s*(?:(?:Bearer|Basic|Token|Bot|Digest|ApiKey|JWT)\s+)?(?:\{\{\s*[A-Z_]\w*\s*\}\}\s*)+$/i.test(value)
}

/**
 * Headers with every secret value replaced by `""` (names kept, order kept); a secret value made
 * only of environment references ({@link isReferenceOnlyValue}) is kept, still marked secret.
 *
 * @param headers - as an object or as pairs.
 * @param secretHeaderNames - names the user marked secret. @default []
 */
export function redactHeaders(headers: HeaderList, secretHeaderNames: Iterable<string> = []): RedactedHeader[] {
  const secrets = [...secretHeaderNames]
  return headerPairs(headers).map(([name, value]) =>
    isSecretHeader(name, secrets, value)
      ? { name, value: isReferenceOnlyValue(value) ? value : '', secret: true }
      : { name, value, secret: false },
  )
}
