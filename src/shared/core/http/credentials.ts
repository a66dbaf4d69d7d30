/**
 * Recognising credentials in request headers, so they never leave memory by accident:
 * not into storage, share links, history or a displayed curl command. Two signals, either one
 * enough: a name that usually carries a credential ({@link isSensitiveHeaderName}), and a value
 * shaped like a known token ({@link credentialKind}) under any name.
 */

/**
 * Header names (lower case) that carry credentials but that the word rule of
 * {@link isSensitiveHeaderName} (`api-key`, `token`, `secret`, `password`, `session`, `auth`, …) misses.
 */
const CREDENTIAL_NAMES = new Set(['authorization', 'proxy-authorization', 'cookie', 'ocp-apim-subscription-key', 'x-functions-key'])

/** Names ending in `-key` that are not credentials. */
const NOT_CREDENTIALS = new Set(['idempotency-key', 'x-idempotency-key', 'sec-websocket-key'])

/** Words that mark a credential header, as whole `-`/`_`-separated parts of the name. */
const CREDENTIAL_WORDS = /(?:^|[-_])(?:api[-_]?key|access[-_]?key|token|secret|password|passwd|session|signature|auth|credentials?)(?:[-_]|$)/

/**
 * Whether a header usually carries a credential, so the UI marks it secret by default (masked,
 * kept out of storage, and emitted in curl as an environment-variable reference). The name is
 * normalised first: `"Authorization "` and `" x-api-key"` count (surrounding whitespace must not slip
 * past the rule).
 *
 * Matches `Authorization`, `Proxy-Authorization`, `Cookie`, `Ocp-Apim-Subscription-Key`,
 * `X-Functions-Key`, any name ending in `-key` (but `Idempotency-Key`, `Sec-WebSocket-Key`), and
 * any name with a part `api-key`/`apikey`/`access-key`/`token`/`secret`/`password`/`passwd`/
 * `session`/`signature`/`auth`/`credential(s)`: `X-Api-Key`, `Api-Key`, `Apikey`,
 * `X-Auth-Token`, `Private-Token`, `X-Shopify-Access-Token`, `X-Goog-Api-Key`,
 * `X-Amz-Security-Token`, `X-Hasura-Admin-Secret`, …
 */
export function isSensitiveHeaderName(name: string): boolean {
  const lower = name.trim().toLowerCase()
  if (CREDENTIAL_NAMES.has(lower)) return true
  if (NOT_CREDENTIALS.has(lower)) return false
  return lower.endsWith('-key') || lower.endsWith('_key') || CREDENTIAL_WORDS.test(lower)
}

/** Token shapes: prefix (anchored at the value's start or after a separator) and what to call it. */
const TOKEN_SHAPES: readonly { pattern: RegExp; kind: string }[] = [
  { pattern: /^(?:bearer|basic|digest|token|bot)[ \t]+\S/i, kind: 'an Authorization credential' },
  { pattern: /(?:^|[^\w-])eyJ[\w-]{4,}\.eyJ[\w-]{4,}\./, kind: 'a JSON Web Token' },
  { pattern: /(?:^|\W)(?:gh[pousr]_[A-Za-z0-9]{20}|github_pat_\w{20})/, kind: 'a GitHub token' },
  { pattern: /(?:^|\W)glpat-[\w-]{20}/, kind: 'a GitLab token' },
  { pattern: /(?:^|\W)[sr]k_(?:live|test)_[A-Za-z0-9]{8}/, kind: 'a Stripe secret key' },
  { pattern: /(?:^|\W)xox[abposre]-[\w-]{8}/, kind: 'a Slack token' },
]

/**
 * What kind of credential a header value looks like, under any header name: `Bearer …`/`Basic …`,
 * a JWT, GitHub (`ghp_…`, `github_pat_…`), GitLab (`glpat-…`), Stripe secret (`sk_live_…`,
 * `sk_test_…`, `rk_…`) and Slack (`xoxb-…`, `xoxp-…`) tokens.
 *
 * @returns a noun phrase such as "a GitHub token", or undefined when the value looks ordinary.
 */
export function credentialKind(value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed.length < 8) return undefined
  return TOKEN_SHAPES.find((shape) => shape.pattern.test(trimmed))?.kind
}

/** Whether a header, by its name or its value, holds a credential. */
export function isCredentialHeader(name: string, value: string): boolean {
  return isSensitiveHeaderName(name) || credentialKind(value) !== undefined
}

/** Query parameter names that carry a credential and that the header rules miss (`?key=`, `?sig=`). */
const CREDENTIAL_PARAMETERS = new Set(['key', 'sig', 'code', 'jwt', 'pass', 'pwd'])

/**
 * Whether a URL query parameter holds a credential: the header rules by name and by value
 * (`access_token`, `api_key`, `apikey`, `token`, `client_secret`, `private_token`, `ghp_…` values),
 * and `key`, `sig`, `code`, `jwt`, `pass`, `pwd`.
 */
export function isCredentialQueryParameter(name: string, value: string): boolean {
  return CREDENTIAL_PARAMETERS.has(name.trim().toLowerCase()) || isCredentialHeader(name, value)
}
