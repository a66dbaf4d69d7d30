import { describe, expect, it } from 'vitest'
import {
  findHeader,
  headerPairs,
  headerValueProblem,
  isForbiddenRequestHeader,
  isHttpToken,
  isSensitiveHeaderName,
  normalizeHeaderValue,
} from './headers'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'

describe('isHttpToken', () => {
  it('accepts RFC 9110 tokens', () => {
    for (const name of ['Authorization', 'x-api-key', "!#$%&'*+-.^_`|~", 'A1']) expect(isHttpToken(name)).toBe(true)
  })
  it('rejects empty, spaces, separators and non-ASCII', () => {
    for (const name of ['', 'X Api', 'X:Y', 'X"', '(x)', 'x/y', 'é', 'a\tb', 'x@y', '[x]', 'x,y', 'x;y', 'x=y', 'x\\y', '{x}', '<x>', 'x?'])
      expect(isHttpToken(name)).toBe(false)
  })
})

describe('headerValueProblem', () => {
  it('accepts ordinary values, tabs and Latin-1', () => {
    expect(headerValueProblem('Bearer abc.def')).toBeUndefined()
    expect(headerValueProblem('a\tb')).toBeUndefined()
    expect(headerValueProblem('café')).toBeUndefined()
    expect(headerValueProblem('')).toBeUndefined()
  })
  it('locates CR, LF and NUL', () => {
    expect(headerValueProblem('ab\ncd')).toMatchObject({ kind: 'newline', index: 2 })
    expect(headerValueProblem('\rx')).toMatchObject({ kind: 'newline', index: 0 })
    expect(headerValueProblem('x\u0000')).toMatchObject({ kind: 'nul', index: 1 })
  })
  it('rejects characters fetch cannot send unless allowed', () => {
    expect(headerValueProblem('5 €')).toMatchObject({ kind: 'non-latin1', index: 2 })
    expect(headerValueProblem('5 €', { allowNonLatin1: true })).toBeUndefined()
    expect(headerValueProblem('x\n€', { allowNonLatin1: true })).toMatchObject({ kind: 'newline' })
  })
  it('locates other control characters the browser refuses to send (reported as CORS before)', () => {
    expect(headerValueProblem('token\u0007')).toEqual({
      kind: 'control',
      index: 5,
      message: 'Header values cannot contain control characters: U+0007 at character 6; browsers refuse to send it.',
    })
    expect(headerValueProblem('a\u007fb', { allowNonLatin1: true })).toMatchObject({ kind: 'control', index: 1 })
    expect(headerValueProblem('\u001b[0m')).toMatchObject({ kind: 'control', index: 0 })
  })
})

describe('header helpers', () => {
  it('trims only HTTP whitespace', () => {
    expect(normalizeHeaderValue(' \t a b \t')).toBe('a b')
    expect(normalizeHeaderValue('\u00a0x')).toBe('\u00a0x')
  })
  it('knows forbidden request headers', () => {
    for (const name of ['Cookie', 'host', 'Content-Length', 'Origin', 'Sec-Fetch-Mode', 'Proxy-Authorization']) {
      expect(isForbiddenRequestHeader(name)).toBe(true)
    }
    for (const name of ['Authorization', 'Accept', 'Content-Type', 'X-Request-Id']) expect(isForbiddenRequestHeader(name)).toBe(false)
  })
  it('flags credential-bearing names as sensitive', () => {
    for (const name of ['Authorization', 'x-api-key', 'X-Auth-Token', 'apikey-secret', 'Cookie', 'X_API_KEY']) {
      expect(isSensitiveHeaderName(name)).toBe(true)
    }
    for (const name of ['Accept', 'Content-Type', 'X-Request-Id', 'X-Author']) expect(isSensitiveHeaderName(name)).toBe(false)
  })
  it('handles both header forms and finds names in any case', () => {
    expect(headerPairs({ A: '1', B: '2' })).toEqual([['A', '1'], ['B', '2']])
    expect(headerPairs([['A', '1'], ['A', '2']])).toEqual([['A', '1'], ['A', '2']])
    expect(findHeader({ 'content-TYPE': 'x' }, 'Content-Type')).toEqual(['content-TYPE', 'x'])
    expect(findHeader([['Accept', 'y']], 'content-type')).toBeUndefined()
  })
})

describe('normalizeHeaderValue on hostile input', () => {
  it('trims space and tab only, in one pass: a 100 KB run of spaces that does not reach the end (was 2.2 s)', () => {
    const value = `a${' '.repeat(100_000)}b`
    expect(normalizeHeaderValue(` \t${value}\t `)).toBe(value)
    expect(growthRatio(10_000, (n) => ` \ta${' '.repeat(n)}b\t `, normalizeHeaderValue)).toBeLessThan(LINEAR_RATIO_BOUND)
    expect(normalizeHeaderValue('\u00a0x\n')).toBe('\u00a0x\n')
  })
})
