/**
 * Framework-free core of the GraphQL tester: build a spec-conformant request from the user's
 * inputs (with located errors), send it, read the response the way the GraphQL-over-HTTP spec
 * says, and produce curl commands for the terminal and for CORS diagnosis.
 */
export {
  analyzeDocument,
  type AnalyzedOperation,
  type DeclaredVariable,
  type DocumentAnalysis,
  type DocumentError,
} from './analyze'
export {
  buildGraphQLRequest,
  DEFAULT_ACCEPT,
  type BuildOptions,
  type BuildWarning,
  type BuiltRequest,
  type GraphQLRequestInput,
} from './build'
export { preflightFor, toCurl, toCurlWithEnv, type GraphQLCurlOptions } from './curl'
export { validateEndpoint, type EndpointOptions } from './endpoint'
export { editorDiagnostics, type DiagnosticSources, type LocatedMessage, type RangedProblem } from './editor-diagnostics'
export {
  GraphQLInputError,
  type GraphQLInputErrorCode,
  type GraphQLInputField,
  type RelatedLocation,
} from './errors'
export { parseHeadersInput, parseVariablesInput, type LocatedHeader, type ParsedVariables } from './inputs'
export { lineColumn, parseJsonLocated, type JsonMember, type LocatedJson } from '../../../../shared/core/json/json-locate'
export { likelyNetworkCause, type LikelyCause, type NetworkContext } from '../../../../shared/core/http/network-error'
export { loadPrettierFormatter, prettifyQuery, printQuery, type GraphQLFormatter, type PrettifyOptions, type PrettifyResult } from './prettify'
export {
  isJsonMediaType,
  networkErrorOutcome,
  sendGraphQLRequest,
  type BodyStart,
  type GraphQLOutcome,
  type NetworkErrorOutcome,
  type ResponseOutcome,
  type SendOptions,
  type StoppedOutcome,
} from './send'
export {
  createSendJobs,
  isScannableBody,
  previewOfBodyStart,
  RESPONSE_TREE_OPENING,
  TEXT_PART_CHARS,
  type PostSendJobMessage,
  type SendJobEnvironment,
  type SendJobMessage,
  type SendJobOptions,
  type SendJobRequest,
} from './send-job'
export { readTimingPhases, type PerformanceLike, type TimingPhases } from './timing'
export { graphqlShape, responseVerdict, statusBadge, statusLabel, type ResponseVerdict } from './verdict'
export { envExportLines, type CurlEnvVar } from '../../../../shared/core/http/curl'
