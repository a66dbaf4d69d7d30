/** A parsed JSON object: its members by name, each still unknown until read. */
export type JsonObject = Record<string, unknown>

/**
 * Whether a parsed JSON value is an object (not null, not an array): the check before reading its members.
 *
 * @param value - any parsed JSON value.
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A member read as text: the string itself, or '' for anything else (absent, a number, null).
 *
 * @param value - the member's value.
 */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : ''
}
