/**
 * Streams of GraphQL results: the transports, the multipart/mixed framing of `@defer` /
 * `@stream` answers and how their payloads merge into one result. Framework-free.
 */
export type { StreamEvent, StreamEventKind, StreamState, StreamStatus } from './events'
export { streamKindOf, type OperationRunKind } from './operation'
export { SUMMARY_MAX_LENGTH, summarizeStreamPayload } from './summary'
export { boundaryOf, createMultipartReader, MultipartPartTooLargeError, type MultipartPart, type MultipartReader, type MultipartReaderOptions } from './multipart'
export { createSseReader, SseEventTooLargeError, type SseMessage, type SseReader, type SseReaderOptions } from './sse'
export { limitMessage, skippedNote, STREAM_LIMITS, WS_HOLD_LIMITS, type StreamLimitKind, type StreamLimits } from './limits'
export { applyIncremental, incrementalFromJson, incrementalToJson, pendingNote, startIncremental, type IncrementalResult, type PendingPayload, type ResponseError } from './incremental'
export {
  chooseTransport,
  describeWebSocketClose,
  LEGACY_PROTOCOL_WORDS,
  httpUrl,
  SUBSCRIPTION_TRANSPORT_LABELS,
  webSocketUrl,
  type GraphQLTransport,
  type SubscriptionTransportPreference,
  type TransportInput,
} from './transport'
export { SSE_ACCEPT, toGraphQLWsNodeSnippet, toSseCurl, type NodeSnippet, type StreamCommandOptions } from './commands'
