/**
 * Framework-free HTTP helpers shared by the GraphQL tester and the webhook generator: curl
 * commands that are exact for every byte, a CORS preflight probe, and header/URL validation.
 * (`curl-import.ts` is imported by path, not from here: the app loads it on first use.)
 */
export {
  buildCurlCommand,
  envExportLines,
  envVarNameForHeader,
  looksLikeCurl,
  toCurlCommand,
  type CurlCommand,
  type CurlEnvVar,
  type CurlOptions,
  type CurlRequest,
} from './curl'
export {
  findHeader,
  headerPairs,
  headerValueProblem,
  isForbiddenRequestHeader,
  isHttpToken,
  isSensitiveHeaderName,
  normalizeHeaderValue,
  type HeaderList,
  type HeaderValueProblem,
} from './headers'
export { credentialKind, isCredentialHeader } from './credentials'
export {
  corsPreflightHeaderNames,
  isCorsSafelistedRequestHeader,
  needsPreflight,
  toPreflightCurl,
  type PreflightCurlOptions,
} from './preflight'
export { containsNul, isShellVariableName, shellQuote, shellVariableReference } from './shell'
export { isLoopbackHost, isMixedContent, looksReachable, parseUrl, sameOrigin } from './url'
export { addressSpaceOf, localNetworkPermission, supportsTargetAddressSpace, withTargetAddressSpace, type LocalNetworkPermission, type LocalNetworkRequestInit, type TargetAddressSpace } from './address-space'
export { diagnoseNetworkFailure, isFetchTypeError, likelyNetworkCause, type LikelyCause, type NetworkContext, type NetworkProbe } from './network-error'
export { REASON_PHRASE_MAX, reasonPhrase } from './status'
export { describeNetworkFailure, hostOf, type NetworkFailureWords, type NetworkFailureWordsOptions } from './network-failure-words'
