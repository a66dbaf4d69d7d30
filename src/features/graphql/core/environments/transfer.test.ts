import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { exportEnvironment, exportFileName, MAX_IMPORTED_VARIABLES, parseEnvironmentImport } from './transfer'

const env = {
  name: ' Staging ',
  variables: [
    { id: '1', name: 'baseUrl', value: 'https://staging.example', secret: false },
    { id: '2', name: 'token', value: 'sk-live-123', secret: true },
    { id: '3', name: ' ', value: '', secret: false },
  ],
}

describe('exportEnvironment', () => {
  it('writes name and variables, a secret by name only', () => {
    const json = exportEnvironment(env)
    expect(json).not.toContain('sk-live-123')
    expect(JSON.parse(json)).toEqual({
      name: 'Staging',
      variables: [
        { name: 'baseUrl', value: 'https://staging.example' },
        { name: 'token', secret: true },
      ],
    })
  })

  it('names the file after the environment', () => {
    expect(exportFileName(' My Staging/EU ')).toBe('my-staging-eu.environment.json')
    expect(exportFileName('***')).toBe('environment.environment.json')
  })
})

describe('parseEnvironmentImport', () => {
  it('reads back an export (secret values were never in it)', () => {
    expect(parseEnvironmentImport(exportEnvironment(env))).toEqual({
      ok: true,
      name: 'Staging',
      variables: [
        { name: 'baseUrl', value: 'https://staging.example', secret: false },
        { name: 'token', value: '', secret: true },
      ],
    })
  })

  it('ignores a value given for a secret variable', () => {
    const result = parseEnvironmentImport('{"name":"X","variables":[{"name":"t","value":"planted","secret":true},{"name":"u"}]}')
    expect(result).toEqual({ ok: true, name: 'X', variables: [{ name: 't', value: '', secret: true }, { name: 'u', value: '', secret: false }] })
  })

  it('locates JSON syntax errors', () => {
    expect(parseEnvironmentImport('{\n  "name": "X",\n  "variables": [,]\n}')).toMatchObject({ ok: false, line: 3, column: 17 })
  })

  it('says what is wrong with the shape', () => {
    const cases: [string, string][] = [
      ['  ', 'Paste an exported environment (JSON) first.'],
      ['[]', 'Expected an object with "name" and "variables", as Export writes.'],
      ['{"variables":[]}', '"name" must be a non-empty string.'],
      ['{"name":"X"}', '"variables" must be a list of {"name", "value"} objects.'],
      ['{"name":"X","variables":[1]}', 'variables[0] must be an object with "name" and "value".'],
      ['{"name":"X","variables":[{"name":"a-b","value":""}]}', 'variables[0].name must be a variable name (letters, digits and _, not starting with a digit).'],
      ['{"name":"X","variables":[{"name":"a","value":""},{"name":"a","value":""}]}', 'variables[1]: "a" is defined twice.'],
      ['{"name":"X","variables":[{"name":"a","value":1}]}', 'variables[0].value must be a string.'],
      ['{"name":"X","variables":[{"name":"a","secret":"yes"}]}', 'variables[0].secret must be true or false.'],
    ]
    for (const [text, message] of cases) expect(parseEnvironmentImport(text)).toEqual({ ok: false, message })
    const many = JSON.stringify({ name: 'X', variables: Array.from({ length: MAX_IMPORTED_VARIABLES + 1 }, (_, i) => ({ name: `v${i}`, value: '' })) })
    expect(parseEnvironmentImport(many)).toEqual({ ok: false, message: `An environment holds at most ${MAX_IMPORTED_VARIABLES} variables; this one has ${MAX_IMPORTED_VARIABLES + 1}.` })
  })

  // A generous timeout: on a loaded 2-core machine the 150 runs took 5 s.
  it('never throws on any text (property)', { timeout: 30_000 }, () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => void parseEnvironmentImport(text)), { numRuns: 100 })
    fc.assert(fc.property(fc.json({ maxDepth: 3 }), (text) => void parseEnvironmentImport(text)), { numRuns: 50 })
  })
})
