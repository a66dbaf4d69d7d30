import { describe, expect, it } from 'vitest'
import { createTypeAheadBuffer, isTypeAheadKey, TYPE_AHEAD_MS, typeAheadTarget } from './type-ahead'

describe('typeAheadTarget', () => {
  const labels = ['Query', 'Repository', 'RepositoryOwner', 'Release', 'User']
  const labelOf = (i: number) => labels[i] ?? ''

  it('finds the next label starting with the typed text, case-insensitively, wrapping', () => {
    expect(typeAheadTarget('u', 0, labels.length, labelOf)).toBe(4)
    expect(typeAheadTarget('Q', 4, labels.length, labelOf)).toBe(0)
    expect(typeAheadTarget('repositoryo', 1, labels.length, labelOf)).toBe(2)
    expect(typeAheadTarget('REL', 0, labels.length, labelOf)).toBe(3)
  })
  it('keeps the current item while a longer prefix still matches it', () => {
    expect(typeAheadTarget('rep', 1, labels.length, labelOf)).toBe(1)
  })
  it('searches after the current item for one letter, so pressing it again moves on', () => {
    expect(typeAheadTarget('q', 0, labels.length, labelOf)).toBe(0)
    expect(typeAheadTarget('u', 4, labels.length, labelOf)).toBe(4)
    expect(typeAheadTarget('r', 3, labels.length, labelOf)).toBe(1)
  })
  it('cycles through items with the same first letter when one letter is repeated', () => {
    expect(typeAheadTarget('r', 1, labels.length, labelOf)).toBe(2)
    expect(typeAheadTarget('rr', 2, labels.length, labelOf)).toBe(3)
    expect(typeAheadTarget('rrr', 3, labels.length, labelOf)).toBe(1)
  })
  it('gives -1 when nothing matches, for an empty string and for an empty list', () => {
    expect(typeAheadTarget('x', 0, labels.length, labelOf)).toBe(-1)
    expect(typeAheadTarget('repx', 0, labels.length, labelOf)).toBe(-1)
    expect(typeAheadTarget('', 0, labels.length, labelOf)).toBe(-1)
    expect(typeAheadTarget('q', 0, 0, labelOf)).toBe(-1)
  })
  it('matches digits and punctuation, and empty labels never', () => {
    const keys = ['', '0', '10', '$schema', 'a-b']
    const of = (i: number) => keys[i] ?? ''
    expect(typeAheadTarget('1', 0, keys.length, of)).toBe(2)
    expect(typeAheadTarget('$', 0, keys.length, of)).toBe(3)
    expect(typeAheadTarget('a-', 0, keys.length, of)).toBe(4)
  })
  it('reads only labels it passes (a large list stops at the first match)', () => {
    const read: number[] = []
    const found = typeAheadTarget('b', 0, 1_000_000, (i) => (read.push(i), i === 3 ? 'b' : 'a'))
    expect(found).toBe(3)
    expect(read).toEqual([1, 2, 3])
  })
})

describe('isTypeAheadKey', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...mods,
  })
  it('takes one printable character', () => {
    expect(isTypeAheadKey(key('a'))).toBe(true)
    expect(isTypeAheadKey(key('R'))).toBe(true)
    expect(isTypeAheadKey(key('1'))).toBe(true)
    expect(isTypeAheadKey(key('ü'))).toBe(true)
  })
  it('leaves space, named keys and shortcuts alone', () => {
    expect(isTypeAheadKey(key(' '))).toBe(false)
    expect(isTypeAheadKey(key('Enter'))).toBe(false)
    expect(isTypeAheadKey(key('ArrowDown'))).toBe(false)
    expect(isTypeAheadKey(key('c', { ctrlKey: true }))).toBe(false)
    expect(isTypeAheadKey(key('c', { metaKey: true }))).toBe(false)
    expect(isTypeAheadKey(key('c', { altKey: true }))).toBe(false)
  })
})

describe('createTypeAheadBuffer', () => {
  it('joins quick characters and starts over after a pause', () => {
    let clock = 1_000
    const buffer = createTypeAheadBuffer(() => clock)
    expect(buffer.push('r')).toBe('r')
    clock += 100
    expect(buffer.push('e')).toBe('re')
    clock += TYPE_AHEAD_MS
    expect(buffer.push('p')).toBe('rep')
    clock += TYPE_AHEAD_MS + 1
    expect(buffer.push('u')).toBe('u')
  })
  it('starts with an empty buffer even at time 0', () => {
    const buffer = createTypeAheadBuffer(() => 0)
    expect(buffer.push('a')).toBe('a')
    expect(buffer.push('b')).toBe('ab')
  })
})
