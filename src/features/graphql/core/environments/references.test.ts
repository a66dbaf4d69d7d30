import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { findReferences, hasReferences, isVariableName, substituteReferences, unresolvedMessage } from './references'

const values: Record<string, string> = { baseUrl: 'https://api.example.com', token: 's3cr"et\\', n: '5' }
const lookup = (name: string) => values[name]

describe('findReferences', () => {
  it('finds each {{name}} with its offsets, line and column, trimming spaces inside the braces', () => {
    expect(findReferences('{{baseUrl}}/graphql?x={{ token }}')).toEqual([
      { name: 'baseUrl', start: 0, end: 11, line: 1, column: 1 },
      { name: 'token', start: 22, end: 33, line: 1, column: 23 },
    ])
    expect(findReferences('{\n  "a": "{{n}}"\n}')).toEqual([{ name: 'n', start: 10, end: 15, line: 2, column: 9 }])
  })

  it('does not nest braces: {{a{{b}} holds {{b}}; single braces are text', () => {
    expect(findReferences('{{a{{b}}').map((r) => r.name)).toEqual(['b'])
    expect(findReferences('{a} { b } {{}')).toEqual([])
    expect(hasReferences('no braces')).toBe(false)
    expect(hasReferences('{{x}}')).toBe(true)
  })
})

describe('isVariableName', () => {
  it('accepts shell-friendly identifiers only', () => {
    for (const ok of ['a', 'baseUrl', '_x', 'TOKEN_2']) expect(isVariableName(ok)).toBe(true)
    for (const bad of ['', '2x', 'a-b', 'a.b', 'a b', 'é']) expect(isVariableName(bad)).toBe(false)
  })
})

describe('substituteReferences', () => {
  it('replaces known names and leaves text without references untouched', () => {
    expect(substituteReferences('{{baseUrl}}/graphql', lookup)).toEqual({ text: 'https://api.example.com/graphql', unresolved: [] })
    expect(substituteReferences('plain', lookup)).toEqual({ text: 'plain', unresolved: [] })
  })

  it('reports unknown and invalid names at their place and keeps them as typed', () => {
    const result = substituteReferences('a {{tokn}} b {{a-b}} {{token}}', lookup)
    expect(result.text).toBe('a {{tokn}} b {{a-b}} s3cr"et\\')
    expect(result.unresolved).toEqual([
      { name: 'tokn', start: 2, end: 10, line: 1, column: 3, reason: 'unknown' },
      { name: 'a-b', start: 13, end: 20, line: 1, column: 14, reason: 'invalid' },
    ])
  })

  it('in JSON, escapes values inside strings and inserts them as is outside', () => {
    const result = substituteReferences('{"t": "Bearer {{token}}", "first": {{n}}, "q": "\\"{{n}}"}', lookup, { json: true })
    expect(result.unresolved).toEqual([])
    expect(JSON.parse(result.text)).toEqual({ t: 'Bearer s3cr"et\\', first: 5, q: '"5' })
  })

  it('tells lookup whether each reference stands in a JSON string', () => {
    const seen: [string, boolean][] = []
    substituteReferences('{"a": "{{x}}", "b": {{y}}, "c\\\\": "{{z}}"}', (name, inString) => (seen.push([name, inString]), ''), { json: true })
    expect(seen).toEqual([['x', true], ['y', false], ['z', true]])
  })

  it('never throws, and reports every unknown name with the offsets of its braces (property)', () => {
    const known = fc.constantFrom('baseUrl', 'token', 'n')
    const unknown = fc.stringMatching(/^[A-Za-z_]\w{0,8}$/).filter((name) => !(name in values))
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme' }).map((s) => s.replace(/[{}]/g, '')),
      known.map((name) => ({ known: name })),
      unknown.map((name) => ({ unknown: name })),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, json) => {
        let text = ''
        const expected: { name: string; start: number; end: number }[] = []
        for (const p of pieces) {
          if (typeof p === 'string') text += p
          else if ('known' in p) text += `{{${p.known}}}`
          else {
            expected.push({ name: p.unknown, start: text.length, end: text.length + p.unknown.length + 4 })
            text += `{{${p.unknown}}}`
          }
        }
        const result = substituteReferences(text, lookup, { json })
        expect(result.unresolved.map(({ name, start, end }) => ({ name, start, end }))).toEqual(expected)
        for (const u of result.unresolved) expect(text.slice(u.start, u.end)).toBe(`{{${u.name}}}`)
      }),
    )
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (text, json) => {
        const result = substituteReferences(text, lookup, { json })
        for (const u of result.unresolved) expect(text.slice(u.start, u.end).startsWith('{{')).toBe(true)
      }),
    )
  })
})

describe('unresolvedMessage', () => {
  const [reference] = substituteReferences('x\n  {{tokn}}', lookup).unresolved
  it('says where, what is wrong and how to fix it', () => {
    if (!reference) throw new Error('expected a reference')
    expect(unresolvedMessage(reference, 'Staging')).toBe('Unknown environment variable {{tokn}} at line 2, column 3: add it to "Staging" or fix the name.')
    expect(unresolvedMessage(reference, undefined, 'column 3 of the endpoint')).toBe(
      'Unknown environment variable {{tokn}} at column 3 of the endpoint: pick an environment that defines it.',
    )
    const [invalid] = substituteReferences('{{ }}', lookup).unresolved
    if (!invalid) throw new Error('expected a reference')
    expect(unresolvedMessage(invalid, 'Staging')).toBe('{{}} at line 1, column 1 is not a variable name: use letters, digits and _ (not starting with a digit).')
  })
})
