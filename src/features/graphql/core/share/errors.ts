/**
 * The one error type of share-link decoding. Links come from other people and from chat apps
 * that mangle URLs, so every way a fragment can be wrong has a code the UI can explain.
 */

/**
 * Why a share fragment was rejected.
 * - `missing`: the fragment has no share data (`gql=` parameter).
 * - `version`: made by a newer (or unknown) version of the app.
 * - `encoding`: not base64url, or the compressed data is corrupt, or not UTF-8 / JSON.
 * - `too-large`: longer than a share link may be, compressed or expanded (a "zip bomb" guard).
 * - `invalid`: decodes, but a field has the wrong type, size or form.
 * - `unsupported`: compressed, and this environment has no `DecompressionStream`.
 */
export type ShareLinkErrorCode = 'missing' | 'version' | 'encoding' | 'too-large' | 'invalid' | 'unsupported'

/** Thrown by `decodeShareFragment`. */
export class ShareLinkError extends Error {
  override name = 'ShareLinkError'
  /** Why, for code. */
  readonly code: ShareLinkErrorCode

  constructor(code: ShareLinkErrorCode, message: string) {
    super(message)
    this.code = code
  }
}
