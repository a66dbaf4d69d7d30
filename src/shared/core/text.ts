/**
 * Text helpers that stay linear on hostile input. A regex such as `/^[ \t]+|[ \t]+$/g` or `/\s+$/`
 * retries its run at every start position and takes seconds on 100 KB of spaces; these
 * walk the string once instead.
 */

/**
 * Removes the given characters from both ends of `text`.
 * @param characters every character to strip, e.g. `' \t'`
 * @param ends which ends to strip. @default 'both'
 */
export function trimCharacters(text: string, characters: string, ends: 'both' | 'start' | 'end' = 'both'): string {
  let start = 0
  let end = text.length
  if (ends !== 'end') while (start < end && characters.includes(text.charAt(start))) start++
  if (ends !== 'start') while (end > start && characters.includes(text.charAt(end - 1))) end--
  return start === 0 && end === text.length ? text : text.slice(start, end)
}

/**
 * `text` as a message may quote it: whole when short, else its start, an ellipsis and its length
 * (`--aaaa… (1,048,576 characters)`), so a hostile word cannot make a message megabytes long.
 * @param max - the most characters quoted. @default 60
 */
export function excerpt(text: string, max = 60): string {
  if (text.length <= max) return text
  let cut = max
  // Do not split a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut--
  return `${text.slice(0, cut)}… (${text.length.toLocaleString('en-US')} characters)`
}
