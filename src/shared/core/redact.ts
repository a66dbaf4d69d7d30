/**
 * The one rule for which header values may leave memory (history, share links): a header is
 * secret when the user flagged it, or when its name usually carries a credential
 * (`isSensitiveHeaderName`: Authorization, Cookie, X-API-Key, …). Both, not either: a forgotten
 * flag must not leak a token, and a flag on an unusual name (`X-Tenant-Pass`) must be honoured.
 */
import { headerPairs, isSensitiveHeaderName, type HeaderList } from './http/headers'

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
 */
export function isSecretHeader(name: string, secretHeaderNames: Iterable<string> = []): boolean {
  if (isSensitiveHeaderName(name)) return true
  const lower = name.toLowerCase()
  for (const secret of secretHeaderNames) if (secret.toLowerCase() === lower) return true
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
    isSecretHeader(name, secrets) ? { name, value: '', secret: true } : { name, value, secret: false },
  )
}
