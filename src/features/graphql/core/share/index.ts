/**
 * Framework-free share links for the GraphQL tester: a request in the URL fragment, never with
 * secret header values, decoded as untrusted data.
 */
export { ShareLinkError, type ShareLinkErrorCode } from './errors'
export {
  SHARE_LIMITS,
  SHARE_PARAM,
  decodeShareFragment,
  encodeShareFragment,
  type ShareInput,
  type SharedRequest,
} from './share'
export { sharedLinkReach, type SharedLinkReach } from './reach'
export { fromBase64Url, toBase64Url } from './base64url'
/** Re-exported so the UI can mark "not included in the link" with the same rule. */
export { isSecretHeader, type RedactedHeader } from '../../../../shared/core/redact'
