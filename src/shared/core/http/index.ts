/**
 * Framework-free HTTP helpers shared by the GraphQL tester and the webhook generator: curl
 * commands that are exact for every byte, a CORS preflight probe, and header/URL validation.
 */
export {
  buildCurlCommand,
  envExportLines,
  envVarNameForHeader,
  toCurlCommand,
  type CurlCommand,
  type CurlEnvVar,
  type CurlOptions,
  type CurlRequest,
} from './curl'
export { looksLikeCurl, parseCurl, type CurlImportResult, type ImportedCurl } from './curl-import'
export { splitShellWords, type ShellWord, type ShellWordsResult } from './shell-words'
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
