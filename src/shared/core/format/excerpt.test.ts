import { describe, expect, it } from 'vitest'
import { DISPLAY_LIMIT_CHARS, displayExcerpt } from './excerpt'

describe('displayExcerpt (a 100 MB body took the tab down)', () => {
  it('keeps short text whole', () => {
    expect(displayExcerpt('{"a":1}')).toEqual({ text: '{"a":1}', truncated: false, note: '' })
  })

  it('a 100 MB text response: renders the first ~50 KB and says how to get all of it', () => {
    const body = 'x'.repeat(100_000_000)
    const shown = displayExcerpt(body)
    expect(shown.text).toHaveLength(DISPLAY_LIMIT_CHARS)
    expect(shown.truncated).toBe(true)
    expect(shown.note).toBe('Showing the first 50 kB of 100 MB so the page stays responsive; download the body for all of it.')
  })

  it('never cuts a surrogate pair in half, and counts UTF-8 bytes', () => {
    const shown = displayExcerpt('ab😀cd', 3)
    expect(shown.text).toBe('ab')
    expect(displayExcerpt('é'.repeat(10), 4).note).toBe('Showing the first 8 B of 20 B so the page stays responsive; download the body for all of it.')
  })
})
