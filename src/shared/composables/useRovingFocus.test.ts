import { describe, expect, it } from 'vitest'
import { nextTick, ref } from 'vue'
import { movementTarget, TYPE_AHEAD_MS, typeAheadTarget, useRovingFocus } from '@/shared/composables/useRovingFocus'

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
})

describe('movementTarget', () => {
  it('moves by one, to the ends and by a page, stopping at the ends', () => {
    expect(movementTarget('ArrowDown', 0, 5)).toBe(1)
    expect(movementTarget('ArrowDown', 4, 5)).toBe(4)
    expect(movementTarget('ArrowUp', 0, 5)).toBe(0)
    expect(movementTarget('Home', 3, 5)).toBe(0)
    expect(movementTarget('End', 0, 5)).toBe(4)
    expect(movementTarget('PageDown', 1, 50, 10)).toBe(11)
    expect(movementTarget('PageDown', 45, 50, 10)).toBe(49)
    expect(movementTarget('PageUp', 5, 50, 10)).toBe(0)
  })
  it('ignores other keys and empty lists', () => {
    expect(movementTarget('Enter', 0, 5)).toBeUndefined()
    expect(movementTarget('ArrowRight', 0, 5)).toBeUndefined()
    expect(movementTarget('ArrowDown', 0, 0)).toBeUndefined()
  })
})

describe('typeAheadTarget', () => {
  const labels = ['Query', 'Repository', 'RepositoryOwner', 'Release', 'User']
  const labelOf = (i: number) => labels[i] ?? ''

  it('finds the next label starting with the typed text, case-insensitively, wrapping', () => {
    expect(typeAheadTarget('u', 0, labels.length, labelOf)).toBe(4)
    expect(typeAheadTarget('Q', 4, labels.length, labelOf)).toBe(0)
    expect(typeAheadTarget('repositoryo', 1, labels.length, labelOf)).toBe(2)
  })
  it('keeps the current item while a longer prefix still matches it', () => {
    expect(typeAheadTarget('rep', 1, labels.length, labelOf)).toBe(1)
  })
  it('cycles through items with the same first letter when one letter is repeated', () => {
    expect(typeAheadTarget('r', 1, labels.length, labelOf)).toBe(2)
    expect(typeAheadTarget('rr', 2, labels.length, labelOf)).toBe(3)
    expect(typeAheadTarget('rrr', 3, labels.length, labelOf)).toBe(1)
  })
  it('gives -1 when nothing matches', () => {
    expect(typeAheadTarget('x', 0, labels.length, labelOf)).toBe(-1)
    expect(typeAheadTarget('', 0, labels.length, labelOf)).toBe(-1)
  })
})

describe('useRovingFocus', () => {
  function setup(labels: string[]) {
    const items = ref(labels)
    let clock = 0
    const roving = useRovingFocus({ count: () => items.value.length, labelOf: (i) => items.value[i] ?? '', now: () => clock })
    return { items, roving, tick: (ms: number) => (clock += ms) }
  }

  it('answers movement keys from the active item and lets modified keys through', () => {
    const { roving } = setup(['a', 'b', 'c'])
    roving.active.value = 1
    expect(roving.target(key('ArrowDown'))).toBe(2)
    expect(roving.target(key('Home'))).toBe(0)
    expect(roving.target(key('ArrowDown', { altKey: true }))).toBeUndefined()
    expect(roving.target(key('c', { ctrlKey: true }))).toBeUndefined()
    expect(roving.target(key('Enter'))).toBeUndefined()
    expect(roving.target(key(' '))).toBeUndefined()
  })

  it('builds a type-ahead string from quick keys and starts over after a pause', () => {
    const { roving, tick } = setup(['Query', 'Repository', 'RepositoryOwner', 'User'])
    expect(roving.target(key('r'))).toBe(1)
    roving.active.value = 1
    tick(100)
    expect(roving.target(key('e'))).toBe(1)
    tick(100)
    expect(roving.target(key('p'))).toBe(1)
    tick(TYPE_AHEAD_MS + 1)
    // A fresh "u" after the pause, not "repu".
    expect(roving.target(key('u'))).toBe(3)
  })

  it('stays put (but claims the key) when type-ahead finds nothing', () => {
    const { roving } = setup(['a', 'b'])
    roving.active.value = 1
    expect(roving.target(key('z'))).toBe(1)
  })

  it('keeps the active index inside the list when it shrinks', async () => {
    const { items, roving } = setup(['a', 'b', 'c', 'd'])
    roving.active.value = 3
    items.value = ['a', 'b']
    await nextTick()
    expect(roving.active.value).toBe(1)
    items.value = []
    await nextTick()
    expect(roving.active.value).toBe(0)
  })
})
