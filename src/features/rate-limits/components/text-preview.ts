/**
 * The preview of a held text: its first lines, each cut short, read without splitting the whole text
 * (a 10 MB paste is scanned only as far as the lines shown).
 */

/** A held text's preview: the lines shown and what they are, as the preview's accessible name. */
export interface TextPreview {
  text: string
  caption: string
}

/** The first `lines` lines of `text` (CRLF or LF), each cut to `width` characters with an ellipsis. */
export function textPreview(text: string, lines = 12, width = 200): TextPreview {
  const out: string[] = []
  let from = 0
  let cut = false
  while (out.length < lines && from <= text.length) {
    const end = text.indexOf('\n', from)
    const stop = end === -1 ? text.length : end
    const line = text.slice(from, Math.min(stop, from + width + 1)).replace(/\r$/, '')
    cut ||= line.length > width
    out.push(line.length > width ? `${line.slice(0, width)}…` : line)
    if (end === -1) break
    from = end + 1
  }
  const more = out.length === lines && from < text.length
  const caption = more ? `Preview: the first ${out.length} lines${cut ? ', long lines cut short' : ''}` : cut ? 'Preview: the text, long lines cut short' : 'Preview: the whole text'
  return { text: out.join('\n'), caption }
}
