import { describe, expect, test } from 'vitest'
import { textPreview } from './text-preview'

describe('preview of a held text', () => {
  test('the first lines of a long text, CRLF or LF, each cut short with an ellipsis', () => {
    const text = Array.from({ length: 40_000 }, (_, i) => `set-cookie: c${i}=${'v'.repeat(240)}; Path=/`).join('\r\n')
    const preview = textPreview(text, 3, 20)
    expect(preview.text).toBe(['set-cookie: c0=vvvvv…', 'set-cookie: c1=vvvvv…', 'set-cookie: c2=vvvvv…'].join('\n'))
    expect(preview.caption).toBe('Preview: the first 3 lines, long lines cut short')
  })

  test('a short text is shown whole; one long line is said to be cut', () => {
    expect(textPreview('a: 1\nb: 2', 12)).toEqual({ text: 'a: 1\nb: 2', caption: 'Preview: the whole text' })
    expect(textPreview('x'.repeat(10_000_000), 12, 10)).toEqual({ text: `${'x'.repeat(10)}…`, caption: 'Preview: the text, long lines cut short' })
  })
})
