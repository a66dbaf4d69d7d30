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
  /** The value, or `""` when `secret` (never the secret value). */
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
 * Headers with every secret value replaced by `""` (names kept, order kept).
 *
 * @param headers - as an object or as pairs.
 * @param secretHeaderNames - names the user marked secret. @default []
 */
export function redactHeaders(headers: HeaderList, secretHeaderNames: Iterable<string> = []): RedactedHeader[] {
  const secrets = [...secretHeaderNames]
  return headerPairs(headers).map(([name, value]) =>
    isSecretHeader(name, secrets, value) ? { name, value: '', secret: true } : { name, value, secret: false },
  )
}
