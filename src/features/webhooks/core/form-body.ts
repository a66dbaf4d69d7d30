/**
 * Form-encoded webhook bodies: Slack posts interactivity payloads (and GitHub, when a hook is set to
 * `application/x-www-form-urlencoded`, every event) as a single form field, `payload=<URL-encoded JSON>`.
 * The signature covers these exact form bytes, so the JSON is decoded only for reading and editing, and
 * written back with {@link encodeFormPayload}. Standard web APIs only (URLSearchParams).
 * @see https://api.slack.com/interactivity/handling#payloads
 */

/** How a body is laid out on the wire: a JSON document, or the form field `payload=` holding one. */
export type BodyEncoding = 'json' | 'form'

/** The Content-Type of a form-encoded body. */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'

const FORM_PAYLOAD = /^payload=/

/** Whether `body` is a form body with a `payload` field (it starts with `payload=`). */
export function isFormPayloadBody(body: string): boolean {
  return FORM_PAYLOAD.test(body)
}

/** The encoding of a body as it is sent: `form` when it starts with `payload=`, else `json`. */
export function bodyEncodingOf(body: string): BodyEncoding {
  return isFormPayloadBody(body) ? 'form' : 'json'
}

/**
 * The form body carrying `json` in its `payload` field, encoded as browsers and Slack encode forms
 * (`application/x-www-form-urlencoded`: spaces as `+`, everything but `*-._` and alphanumerics as `%XX`).
 */
export function encodeFormPayload(json: string): string {
  return new URLSearchParams({ payload: json }).toString()
}

/** The decoded `payload` field of a form body, or `null` when the body has none. */
export function decodeFormPayload(body: string): string | null {
  return new URLSearchParams(body).get('payload')
}

/** The JSON text of a body: the decoded `payload` field of a form body, any other body as it is. */
export function jsonTextOf(body: string): string {
  return isFormPayloadBody(body) ? (decodeFormPayload(body) ?? '') : body
}

/** Writes JSON text the way `encoding` sends it. */
export function encodeBody(json: string, encoding: BodyEncoding): string {
  return encoding === 'form' ? encodeFormPayload(json) : json
}
