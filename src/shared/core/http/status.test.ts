import { STATUS_CODES } from 'node:http'
import { describe, expect, it } from 'vitest'
import { REASON_PHRASE_MAX, reasonPhrase } from './status'

describe('reasonPhrase', () => {
  it("keeps every reason phrase Node's HTTP server sends by default whole", () => {
    const phrases = Object.values(STATUS_CODES).filter((p): p is string => typeof p === 'string')
    expect(phrases.length).toBeGreaterThan(50)
    for (const phrase of phrases) expect(reasonPhrase(phrase)).toBe(phrase)
  })
  it("quotes a hostile server's kilobytes of reason phrase as an excerpt with its length", () => {
    const long = 'I Am A Teapot '.repeat(200)
    const said = reasonPhrase(long)
    expect(said).toBe(`${long.slice(0, REASON_PHRASE_MAX)}… (2,800 characters)`)
  })
})
