/**
 * The "As curl" preview of the webhook page: the request Send would deliver, as a shell command,
 * with a note on what it holds (placeholder URL, signed just now, unsigned). Framework-free; the
 * webhook curl store runs it whenever the request changes.
 */
import { buildCurlCommand, type CurlEnvVar } from '@/shared/core/http'

/** Put in the command while the handler URL is empty or invalid, so the preview is always a whole command. */
export const PLACEHOLDER_HANDLER_URL = 'https://example.com/webhooks'

/** The request as the preview sees it (the store's prepared request, or the unsigned fallback). */
export interface PreviewRequest {
  url: string
  headers: Record<string, string>
  body: string
  /** Header names whose values are secrets, written as `$VARIABLE`s. @default [] */
  secretHeaders?: readonly string[]
}

/** What the preview shows: the command (empty when none can be built), its variables and a note. */
export interface CurlPreview {
  command: string
  envVars: CurlEnvVar[]
  /** One or two sentences under the command; '' when there is nothing to say. */
  note: string
}

/** The preview before the first request was prepared. */
export const EMPTY_CURL_PREVIEW: CurlPreview = Object.freeze({ command: '', envVars: [], note: '' }) as CurlPreview

/** Said when the handler URL cannot be used: the command carries {@link PLACEHOLDER_HANDLER_URL}. */
export const PLACEHOLDER_NOTE = 'Enter a valid handler URL to put it in the command; a placeholder is used until then.'
/** Said when the command carries a fresh signature. */
export const SIGNED_NOTE = 'Signed just now; timestamped signatures (Stripe, Slack, Standard Webhooks) are accepted for 5 minutes.'
/** Said when signing is on but the secret could not be used. */
export const UNSIGNED_NOTE = 'Unsigned: enter a valid secret to include the signature.'

/**
 * Builds the curl preview of a webhook request.
 * @param request - the request as prepared for Send (or unsigned, when signing failed)
 * @param options.urlOk - whether the handler URL is usable; when false the placeholder URL is used
 * @param options.signing - 'signed' (a signature is in the headers), 'failed' (signing was on but the
 *   secret was refused) or 'off'
 * @returns the command and its note; never throws (a request curl cannot carry gives its reason as the note)
 */
export function curlPreview(request: PreviewRequest, options: { urlOk: boolean; signing: 'signed' | 'failed' | 'off' }): CurlPreview {
  const notes: string[] = []
  if (!options.urlOk) notes.push(PLACEHOLDER_NOTE)
  if (options.signing === 'signed') notes.push(SIGNED_NOTE)
  if (options.signing === 'failed') notes.push(UNSIGNED_NOTE)
  const url = options.urlOk ? request.url : PLACEHOLDER_HANDLER_URL
  try {
    const built = buildCurlCommand({ url, method: 'POST', headers: request.headers, body: request.body }, { secretHeaders: [...(request.secretHeaders ?? [])] })
    return { command: built.command, envVars: built.envVars, note: notes.join(' ') }
  } catch (error) {
    return { command: '', envVars: [], note: error instanceof Error ? error.message : String(error) }
  }
}

/** What {@link latestOnly}'s wrapper resolves to: the task's value, or `stale` when a newer call began meanwhile. */
export type LatestResult<T> = { stale: false; value: T } | { stale: true }

/**
 * Keeps only the newest of overlapping async runs (the out-of-order guard): signing is async, so
 * an older, slower preview could otherwise land after a newer one and show an outdated command.
 * @param task - the async work, e.g. preparing and signing the request
 * @returns a function that runs `task` and resolves `{ stale: true }` when another call started
 *   after it, whichever finished first
 */
export function latestOnly<A extends unknown[], T>(task: (...args: A) => Promise<T>): (...args: A) => Promise<LatestResult<T>> {
  let latest = 0
  return async (...args: A) => {
    const id = ++latest
    const value = await task(...args)
    return id === latest ? { stale: false, value } : { stale: true }
  }
}
