import { describe, expect, it } from 'vitest'
import { nextTick, ref } from 'vue'
import { movementTarget, useRovingFocus } from '@/shared/composables/useRovingFocus'
import { TYPE_AHEAD_MS } from '@/shared/core/type-ahead'

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

// The type-ahead rule itself is tested in src/shared/core/type-ahead.test.ts.

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
