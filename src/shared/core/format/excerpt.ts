/**
 * What a page shows of a body it received: a 100 MB text response rendered in one
 * `<pre>` (or pretty-printed first) took the tab down. Views show at most {@link DISPLAY_LIMIT_CHARS}
 * characters, say so, and offer the whole body as a download.
 */
import { formatBytes } from './size'

/**
 * Most characters a view renders of one body: about 50 KB of text, some hundreds of lines. Laying
 * out the 200,000 it was took Chromium 100–170 ms in one task for a one-line (minified) body in the
 * wrapping raw view (measured); a quarter of it lays out in a quarter of the time.
 * @default 50_000
 */
export const DISPLAY_LIMIT_CHARS = 50_000

/** What {@link displayExcerpt} gives. */
export interface DisplayExcerpt {
  /** The text to render: all of it, or its start. */
  text: string
  /** Whether `text` is only the start. */
  truncated: boolean
  /** The sentence to show under a truncated view ('' when whole). */
  note: string
}

/**
 * The start of `text` when it is too long to render, cut before a lone surrogate half.
 *
 * @param limit - most characters to keep. @default {@link DISPLAY_LIMIT_CHARS}
 */
export function displayExcerpt(text: string, limit: number = DISPLAY_LIMIT_CHARS): DisplayExcerpt {
  if (text.length <= limit) return { text, truncated: false, note: '' }
  const end = /[\ud800-\udbff]/.test(text.charAt(limit - 1)) ? limit - 1 : limit
  const shown = text.slice(0, end)
  return {
    text: shown,
    truncated: true,
    note: `Showing the first ${formatBytes(utf8Length(shown))} of ${formatBytes(utf8Length(text))} so the page stays responsive; download the body for all of it.`,
  }
}

/** UTF-8 size of a string without encoding it (a 100 MB body need not be copied to be measured). */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}
