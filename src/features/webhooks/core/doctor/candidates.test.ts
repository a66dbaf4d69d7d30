import { describe, expect, it } from 'vitest'
import { bodyCandidates, keyCandidates } from './candidates'
import { schemeOf } from './schemes'

describe('bodyCandidates', () => {
  it('line endings first, then re-serialisations, without duplicates or the body itself', () => {
    const body = '{"b":"é/","a":[1,2]}'
    const c = bodyCandidates(body)
    expect(c.map((x) => x.body)).not.toContain(body)
    expect(new Set(c.map((x) => x.body)).size).toBe(c.length)
    expect(c[0]!.code).toBe('body-line-endings')
    const bodies = c.filter((x) => x.code === 'body-reserialized').map((x) => x.body)
    expect(bodies).toEqual(expect.arrayContaining([
      '{\n  "b": "é/",\n  "a": [\n    1,\n    2\n  ]\n}',
      '{"b": "é/", "a": [1, 2]}',
      '{"b":"\\u00e9/","a":[1,2]}',
      '{"b":"é\\/","a":[1,2]}',
      '{"a":[1,2],"b":"é/"}',
    ]))
  })

  it('a JSON string holding the body is unwrapped', () => {
    expect(bodyCandidates('"{\\"a\\":1}"').map((c) => c.body)).toContain('{"a":1}')
  })

  it('a body that is not JSON gets line-ending and byte-order-mark candidates only', () => {
    const c = bodyCandidates('a=1\r\nb=2')
    expect(c.every((x) => x.code === 'body-line-endings' || (x.code === 'body-charset' && x.body === '\uFEFFa=1\r\nb=2'))).toBe(true)
  })

  it('undoes UTF-8 read as Latin-1 only where the bytes are UTF-8', () => {
    const undo = (body: string) => bodyCandidates(body).filter((c) => c.code === 'body-charset' && !c.change.includes('byte-order')).map((c) => c.body)
    expect(undo('{"name":"ZoÃ«"}')).toEqual(['{"name":"Zoë"}'])
    // "Zoë" itself is not UTF-8 read as Latin-1 (ë alone is not a UTF-8 sequence), nor is text beyond Latin-1.
    expect(undo('{"name":"Zoë"}')).toEqual([])
    expect(undo('{"name":"Zoë ✓"}')).toEqual([])
  })
})

describe('keyCandidates', () => {
  it('Stripe: prefix added or removed, base64 after the prefix, trimmed', () => {
    expect(keyCandidates(schemeOf('stripe'), ' whsec_QUJD\n').map((k) => k.change)).toEqual([
      'the secret with surrounding whitespace removed',
      'the secret trimmed and after whsec_ base64-decoded',
      'the secret trimmed and without the whsec_ prefix',
      'the secret trimmed and base64-decoded',
    ])
    expect(keyCandidates(schemeOf('stripe'), 'abc').map((k) => k.change)).toEqual(['the secret with the whsec_ prefix'])
  })

  it('Standard Webhooks: the whole string and the part after the prefix as text', () => {
    expect(keyCandidates(schemeOf('standard-webhooks'), 'whsec_QUJD').map((k) => k.change)).toEqual([
      'the secret read as UTF-8 text, whsec_ included, not base64-decoded',
      'the secret after whsec_ read as UTF-8 text, not base64-decoded',
    ])
  })
})
