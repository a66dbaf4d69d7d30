/** WebCrypto HMAC and byte-encoding helpers used by the signers (standard web APIs only). */

const encoder = new TextEncoder()

/** UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text)
}

/**
 * HMAC-SHA256 of `message` (UTF-8) keyed with `key` (UTF-8 string or raw bytes), via `crypto.subtle`.
 * @returns the 32-byte MAC
 */
export async function hmacSha256(key: string | Uint8Array<ArrayBuffer>, message: string): Promise<Uint8Array> {
  const keyBytes = typeof key === 'string' ? utf8(key) : key
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, utf8(message)))
}

/** Lowercase hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out
}

/** Standard (RFC 4648 §4, padded) base64 of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

const BASE64 = /^(?:[A-Z0-9+/]{4})*(?:[A-Z0-9+/]{2}==|[A-Z0-9+/]{3}=)?$/i

/**
 * Decodes strict standard base64 (padding required, no whitespace).
 * @returns the bytes, or `null` when `text` is not valid base64
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64.test(text)) return null
  const binary = atob(text)
  const out = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i)
  return out
}
