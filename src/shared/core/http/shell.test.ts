import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { containsNul, isShellVariableName, shellQuote, shellVariableReference } from './shell'

describe('shellQuote', () => {
  it('wraps in single quotes and writes a quote as close-escape-reopen', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`)
    expect(shellQuote('')).toBe("''")
    expect(shellQuote('$(rm -rf /) `x` \\ "q"')).toBe(`'$(rm -rf /) \`x\` \\ "q"'`)
  })

  it('leaves safe words bare only when asked', () => {
    expect(shellQuote('POST', { always: false })).toBe('POST')
    expect(shellQuote('-sS', { always: false })).toBe('-sS')
    expect(shellQuote('a b', { always: false })).toBe("'a b'")
    expect(shellQuote('POST')).toBe("'POST'")
  })

  it('round-trips through bash for tricky text', () => {
    for (const text of ["'", "''", "a'\\''b", '$HOME', '`id`', '\\n', 'line\nbreak\r\n', '!!', 'é 中 😀', '*', '-n']) {
      const out = execFileSync('/bin/bash', ['-c', `printf %s ${shellQuote(text)}`]).toString('utf8')
      expect(out).toBe(text)
    }
  })
})

describe('shell variables', () => {
  it('validates names and builds double-quoted references', () => {
    expect(isShellVariableName('X_API_KEY')).toBe(true)
    expect(isShellVariableName('_x1')).toBe(true)
    expect(isShellVariableName('1X')).toBe(false)
    expect(isShellVariableName('A-B')).toBe(false)
    expect(isShellVariableName('')).toBe(false)
    expect(shellVariableReference('TOKEN')).toBe('"$TOKEN"')
    expect(() => shellVariableReference('$(id)')).toThrow(RangeError)
  })

  it('detects NUL', () => {
    expect(containsNul('a\u0000b')).toBe(true)
    expect(containsNul('ab')).toBe(false)
  })
})
