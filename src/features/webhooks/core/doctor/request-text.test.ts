import { describe, expect, it } from 'vitest'
import { headerValue, readHeaderLines, readRequestInput, readRequestText } from './request-text'

describe('readRequestText', () => {
  it('raw HTTP with a request line and CRLF: the body is byte for byte what follows the blank line', () => {
    const r = readRequestText('POST /hook HTTP/1.1\r\nHost: x\r\nX-Hub-Signature-256: sha256=ab\r\n\r\n{"a":1}\r\n')
    expect(r).toEqual({ ok: true, form: 'http', bodyWasParsed: false, headers: [['Host', 'x'], ['X-Hub-Signature-256', 'sha256=ab']], body: '{"a":1}\r\n' })
  })

  it('without a request line, LF endings, leading blank lines, folded headers, colons in values', () => {
    const r = readRequestText('\n\nstripe-signature: t=1,\n  v1=ab\nX-Url: https://a.b:8080/c\n\n{\n  "a": 1\n}')
    expect(r).toMatchObject({ ok: true, headers: [['stripe-signature', 't=1, v1=ab'], ['X-Url', 'https://a.b:8080/c']], body: '{\n  "a": 1\n}' })
  })

  it('headers only: empty body', () => {
    expect(readRequestText('X-Gitlab-Token: t')).toMatchObject({ ok: true, headers: [['X-Gitlab-Token', 't']], body: '' })
  })

  it('the logging-middleware JSON form: record or pairs, body text or parsed data (flagged)', () => {
    expect(readRequestText('{"headers":{"X-A":"1","x-n":2,"x-list":["a","b"]},"body":"{\\"a\\":1}"}')).toEqual({
      ok: true, form: 'json', bodyWasParsed: false, headers: [['X-A', '1'], ['x-n', '2'], ['x-list', 'a, b']], body: '{"a":1}',
    })
    expect(readRequestText('  {"headers":[["X-A","1"]],"body":{"a": 1}}')).toMatchObject({ ok: true, headers: [['X-A', '1']], body: '{"a":1}', bodyWasParsed: true })
  })

  it('a JSON body alone is not a header line', () => {
    expect(readRequestText('{"a":1}')).toMatchObject({ ok: false, message: expect.stringMatching(/^Line 1 is not a header/) })
  })

  it('empty input asks for a paste', () => {
    expect(readRequestText('  \n')).toMatchObject({ ok: false, message: expect.stringMatching(/^Paste the request/) })
  })
})

describe('helpers', () => {
  it('readHeaderLines names the first bad line', () => {
    expect(readHeaderLines('A: 1\nnot a header')).toEqual({ ok: false, message: 'Line 2 is not a header ("Name: value"): "not a header".' })
  })
  it('headerValue is case-insensitive and takes the first', () => {
    expect(headerValue([['X-A', '1'], ['x-a', '2']], 'x-A')).toBe('1')
  })
  it('readRequestInput takes parts as they are', () => {
    expect(readRequestInput({ headers: { A: 'b' }, body: ' x ' })).toEqual({ ok: true, form: 'parts', bodyWasParsed: false, headers: [['A', 'b']], body: ' x ' })
  })
})
