import { describe, expect, it } from 'vitest'
import { buildCurlCommand, envExportLines, envVarNameForHeader, toCurlCommand } from './curl'

const base = { url: 'https://api.example.com/graphql', method: 'POST' }

describe('toCurlCommand', () => {
  it('produces the documented shape', () => {
    expect(toCurlCommand({ ...base, headers: { 'Content-Type': 'application/json' }, body: '{"query":"{ me { id } }"}' })).toBe(
      `curl -sS -X POST 'https://api.example.com/graphql' -H 'Content-Type: application/json' --data-raw '{"query":"{ me { id } }"}'`,
    )
  })

  it('escapes single quotes in URL, headers and body', () => {
    const cmd = toCurlCommand({ url: "https://a.example/it's", method: 'POST', headers: [['X-Q', "a'b"]], body: "{\"q\":\"it's\"}" })
    expect(cmd).toBe(`curl -sS -X POST 'https://a.example/it'\\''s' -H 'X-Q: a'\\''b' --data-raw '{"q":"it'\\''s"}'`)
  })

  it('sends a body starting with @ literally via --data-raw', () => {
    expect(toCurlCommand({ ...base, headers: {}, body: '@/etc/passwd' })).toContain(`--data-raw '@/etc/passwd'`)
  })

  it('omits the data argument without a body, keeps duplicates and order of pairs', () => {
    expect(toCurlCommand({ url: 'https://a.example/', method: 'GET', headers: [['X-A', '1'], ['X-A', '2']] })).toBe(
      `curl -sS -X GET 'https://a.example/' -H 'X-A: 1' -H 'X-A: 2'`,
    )
  })

  it('writes an empty value as "Name;" because "Name:" removes the header in curl', () => {
    expect(toCurlCommand({ ...base, headers: { 'X-Empty': '' } })).toContain(`-H 'X-Empty;'`)
  })

  it('adds -g for glob characters, --path-as-is for dot segments and --url for a leading dash', () => {
    expect(toCurlCommand({ ...base, url: 'https://a.example/?q={a}[0]', headers: {} })).toBe(`curl -sS -X POST -g 'https://a.example/?q={a}[0]'`)
    expect(toCurlCommand({ ...base, url: 'https://a.example/a/../b', headers: {} })).toContain('--path-as-is')
    expect(toCurlCommand({ ...base, url: 'https://a.example/a/..b?x=/../', headers: {} })).not.toContain('--path-as-is')
    expect(toCurlCommand({ ...base, url: '-K/etc/x', headers: {} })).toContain(`--url '-K/etc/x'`)
  })

  it('quotes an unusual method and accepts custom flags', () => {
    expect(toCurlCommand({ ...base, method: "M'X", headers: {} }, { flags: ['-i', '--compressed'] })).toBe(
      `curl -i --compressed -X 'M'\\''X' 'https://api.example.com/graphql'`,
    )
  })

  it('breaks lines with backslash-newline when multiline', () => {
    expect(toCurlCommand({ ...base, headers: { A: '1' }, body: 'x' }, { multiline: true })).toBe(
      `curl -sS -X POST 'https://api.example.com/graphql' \\\n  -H 'A: 1' \\\n  --data-raw 'x'`,
    )
  })

  it('refuses what a command line cannot carry faithfully', () => {
    expect(() => toCurlCommand({ ...base, headers: { 'X-A': 'a\r\nInjected: 1' } })).toThrow(/line breaks/)
    expect(() => toCurlCommand({ ...base, headers: { 'Bad Name': 'x' } })).toThrow(/not an HTTP token/)
    expect(() => toCurlCommand({ ...base, headers: {}, body: 'a\u0000b' })).toThrow(/NUL/)
    expect(() => toCurlCommand({ ...base, method: 'PO ST', headers: {} })).toThrow(/method/)
    expect(() => toCurlCommand({ ...base, url: '', headers: {} })).toThrow(/empty/)
    expect(() => toCurlCommand({ ...base, url: 'https://a.example/\nx', headers: {} })).toThrow(/line break/)
  })
})

describe('secret headers', () => {
  it('emits "$VAR" references and lists the variables, whatever the case of the name', () => {
    const { command, envVars } = buildCurlCommand(
      { ...base, headers: { authorization: 'Bearer s3cret', 'X-Api-Key': 'k' } },
      { secretHeaders: ['Authorization', 'x-api-key'] },
    )
    expect(command).toBe(`curl -sS -X POST 'https://api.example.com/graphql' -H "authorization: $AUTHORIZATION" -H "X-Api-Key: $X_API_KEY"`)
    expect(command).not.toContain('s3cret')
    expect(envVars).toEqual([
      { header: 'authorization', variable: 'AUTHORIZATION' },
      { header: 'X-Api-Key', variable: 'X_API_KEY' },
    ])
  })

  it('does not validate a secret value it never prints, and de-duplicates variable names', () => {
    const { command, envVars } = buildCurlCommand(
      { ...base, headers: [['X-Api-Key', 'a\nb'], ['X_Api_Key', 'c']] },
      { secretHeaders: ['x-api-key', 'x_api_key'] },
    )
    expect(envVars.map((v) => v.variable)).toEqual(['X_API_KEY', 'X_API_KEY_2'])
    expect(command).toContain('"X_Api_Key: $X_API_KEY_2"')
  })

  it('uses chosen variable names and rejects invalid ones', () => {
    const request = { ...base, headers: { Authorization: 'x' } }
    expect(buildCurlCommand(request, { secretHeaders: ['Authorization'], envVarNames: { authorization: 'GH_TOKEN' } }).command).toContain(
      '"Authorization: $GH_TOKEN"',
    )
    expect(() => buildCurlCommand(request, { secretHeaders: ['Authorization'], envVarNames: { Authorization: '$(id)' } })).toThrow(RangeError)
  })

  it('derives conventional, safe variable names', () => {
    expect(envVarNameForHeader('Authorization')).toBe('AUTHORIZATION')
    expect(envVarNameForHeader('X-Api-Key')).toBe('X_API_KEY')
    expect(envVarNameForHeader('Path')).toBe('HEADER_PATH')
    expect(envVarNameForHeader('1st')).toBe('HEADER_1ST')
    expect(envVarNameForHeader('Bash-Env')).toBe('HEADER_BASH_ENV')
    expect(envVarNameForHeader("X-$`'")).toBe('X____')
  })

  it('prints export lines with placeholders unless values are given', () => {
    const envVars = [{ header: 'Authorization', variable: 'AUTHORIZATION' }]
    expect(envExportLines(envVars)).toEqual([`export AUTHORIZATION='<value of Authorization>'`])
    expect(envExportLines(envVars, { authorization: "Bearer it's" })).toEqual([`export AUTHORIZATION='Bearer it'\\''s'`])
  })
})
