/** Data shapes the webhook components display (the store produces them). */
import type { LikelyCause } from '@/shared/core/http/network-error'

/** One answered request. */
export interface DeliveryResult {
  /** HTTP status code. */
  status: number
  /** Status text as the server sent it (often empty over HTTP/2). */
  statusText: string
  /** Milliseconds from sending until the whole body was read. */
  durationMs: number
  /** When the request was sent. */
  sentAt: Date
  /** Response headers the browser let the page read, as name/value pairs. */
  headers: [string, string][]
  /** The response body as text (never rendered as HTML); when `truncated`, only its start. */
  body: string
  /** The body was over the size guard (`BODY_TEXT_LIMIT_BYTES`, 32 MB): `body` is its start. @default undefined */
  truncated?: boolean
  /** Bytes received, set when `truncated`. @default undefined */
  sizeBytes?: number
  /** Reading stopped at `BODY_READ_LIMIT_BYTES` (256 MB): the body is larger still. @default undefined */
  cut?: boolean
  /** The bytes read, for download, set when `truncated`. @default undefined */
  blob?: Blob
}

/** A request the browser could not complete (no response at all), or stopped waiting for. */
export interface DeliveryFailure {
  /** The cause found by `diagnoseNetworkFailure`; `timeout` and `cancelled` when the page stopped waiting. */
  cause: LikelyCause | 'timeout' | 'cancelled'
  /** The handler URL the request went to. @default undefined */
  url?: string
  /** The time limit that ran out (cause `timeout`), in milliseconds. */
  timeoutMs?: number
  /** The browser's error message, e.g. "Failed to fetch". */
  message: string
  /** The same request as a curl command. */
  curl: string
  /** Environment variables the curl command reads (a secret token header). */
  envVars: { header: string; variable: string }[]
  /** A curl command replaying the browser's CORS preflight. */
  preflightCurl: string
  /** Header names the preflight asked the handler to allow. */
  preflightHeaders: string[]
  /** The page's origin, which the handler must allow. */
  origin: string
}

/** The receiver fields a handler report may carry (the demo receiver answers all of them). */
export interface ReceiverReport {
  received?: boolean
  signatureValid?: boolean
  signatureError?: string
  duplicate?: boolean
  deliveryId?: string | null
  /**
   * What a checking receiver (the demo one) found wrong with the delivery and, for a sequence, across
   * the deliveries so far: its `checks.problems` and `sequence.problems`. Absent when it checks nothing.
   */
  problems?: string[]
}

/** The robustness variants offered as buttons. */
export type VariantKind = 'remove-field' | 'set-null' | 'add-unknown-field'

/** One row of a sequence's per-delivery result list. */
export interface SequenceDelivery {
  /** 1-based delivery number. */
  readonly position: number
  readonly event: string
  /** 1-based place of the event in the provider's order. */
  readonly step: number
  readonly deliveryId: string
  /** Delivery number this one repeats, or null. */
  readonly duplicateOf: number | null
  /** The response, once answered. */
  readonly result?: DeliveryResult
  /** Why it got no response (network) or was not sent (an earlier one failed). */
  readonly error?: string
}

/** One row of the replay lab's result list: a captured delivery sent again. */
export interface ReplayDelivery {
  /** 1-based delivery number. */
  readonly position: number
  /** What was sent: "Replay", "Duplicate of #1", or a rollover step ("Previous secret only"). */
  readonly label: string
  /** The provider's delivery id of this request, or `''` when the provider has none in a header. */
  readonly deliveryId: string
  /** Which secrets signed it, in words ("the new secret", "both secrets"); never a secret's value. */
  readonly signedWith: string
  /** The response, once answered. */
  readonly result?: DeliveryResult
  /** Why it got no response (network) or was not sent (an earlier one failed). */
  readonly error?: string
}
