/**
 * Chooses between the JSON and text input forms.
 */
import { parseJsonInput } from './input-json.ts'
import { parseTextInput, type ExtractedInput } from './input-text.ts'

export type { ExtractedInput } from './input-text.ts'

/**
 * Extracts headers from any supported paste. Text that starts like JSON but does not parse falls back to the
 * text reader with an `invalid-json` warning, so a half-pasted HAR still yields what can be read.
 */
export function extractHeaders(input: string): ExtractedInput {
  const trimmed = input.trim()
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    // JSON.parse accepts surrounding whitespace, so the original text keeps line numbers exact.
    const json = parseJsonInput(input)
    if (json) return json
    const text = parseTextInput(input)
    text.warnings.unshift({ code: 'invalid-json', message: 'The input starts like JSON but is not valid JSON; it was read as header lines.' })
    return text
  }
  return parseTextInput(input)
}
