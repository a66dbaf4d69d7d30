/**
 * Keys for the per-endpoint schema cache. A schema may differ per user (field visibility by
 * role), so the key covers the credentials too; but the key is stored next to the schema, so it
 * must not contain them. It holds a SHA-256 digest of the auth-relevant header values instead:
 * a changed token gives a different key (the cached schema is shown as stale) and the token cannot
 * be read back from storage.
 */
import { headerPairs, isSensitiveHeaderName, type HeaderList } from '../../../../shared/core/http/headers'

/** Separates endpoint and digest; cannot occur in a hex digest. */
const SEPARATOR = '#auth='

/**
 * Cache key for the schema of `endpoint` as seen with `headers`: `<endpoint>#auth=<digest>`.
 *
 * Only headers that carry credentials count (names matched by `isSensitiveHeaderName`, such as
 * Authorization, Cookie, X-API-Key, plus any the user flagged secret), so editing an Accept or a
 * tracing header does not mark the schema stale. Names are compared case-insensitively and order
 * does not matter. The endpoint is part of the hashed text, so equal tokens on two endpoints give
 * unrelated digests; the digest is truncated to 128 bits, plenty for telling tokens apart while
 * revealing less. (A digest of a short password could still be brute-forced offline; bearer
 * tokens and API keys are long and random, which is what this is for.)
 *
 * @param endpoint - the endpoint URL as the request uses it (compared exactly, after trimming).
 * @param headers - the request headers, secret ones included. @default []
 * @param secretHeaderNames - extra names the user marked secret. @default []
 * @returns a promise, because `crypto.subtle.digest` is asynchronous.
 */
export async function schemaCacheKey(
  endpoint: string,
  headers: HeaderList = [],
  secretHeaderNames: readonly string[] = [],
): Promise<string> {
  const target = endpoint.trim()
  const extra = new Set(secretHeaderNames.map((n) => n.toLowerCase()))
  const auth = headerPairs(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim()] as const)
    .filter(([name]) => isSensitiveHeaderName(name) || extra.has(name))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
  // JSON framing makes the hashed text unambiguous (no "a:b" + "c" vs "a" + "b:c" collisions).
  const material = JSON.stringify(['awb-schema-cache-v1', target, auth])
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(material))
  return `${target}${SEPARATOR}${toHex(new Uint8Array(digest).subarray(0, 16))}`
}

/** The endpoint part of a key from {@link schemaCacheKey}, e.g. to list cached endpoints. */
export function endpointOfCacheKey(key: string): string {
  const at = key.lastIndexOf(SEPARATOR)
  return at < 0 ? key : key.slice(0, at)
}

function toHex(bytes: Uint8Array): string {
  let hex = ''
  for (const b of bytes) hex += b.toString(16).padStart(2, '0')
  return hex
}
