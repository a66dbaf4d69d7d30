/** A response's status line as the app shows and announces it. */
import { excerpt } from '../text'

/**
 * The most characters of a reason phrase quoted. The longest standard one, "Network Authentication
 * Required", has 31.
 */
export const REASON_PHRASE_MAX = 40

/**
 * A response's reason phrase as the app shows and says it: whole when a standard one, an excerpt
 * with its length when a server sends kilobytes of it (HTTP/1.1 lets it), so a badge, a heading or
 * an announcement stays a line.
 */
export function reasonPhrase(statusText: string): string {
  return excerpt(statusText, REASON_PHRASE_MAX)
}
