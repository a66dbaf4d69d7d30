import { describe, expect, it } from 'vitest'
import { createMemoryHistory, createRouter, START_LOCATION, type RouteLocationNormalized } from 'vue-router'
import { routes, scrollBehavior } from './router'

const router = createRouter({ history: createMemoryHistory(), routes })
const at = (path: string): RouteLocationNormalized => router.resolve(path) as RouteLocationNormalized

describe('scrollBehavior', () => {
  it('leaves the first load where it is (at the top) instead of forcing a layout', () => {
    expect(scrollBehavior(at('/rate-limits'), START_LOCATION, null)).toBeUndefined()
  })

  it('scrolls to the top when moving to another page', () => {
    expect(scrollBehavior(at('/rate-limits'), at('/'), null)).toEqual({ top: 0 })
  })

  it('stays put when only the query changes', () => {
    expect(scrollBehavior(at('/rate-limits?mode=lint'), at('/rate-limits'), null)).toBeUndefined()
  })

  it('restores a saved position, on the first load too (a reload)', () => {
    expect(scrollBehavior(at('/rate-limits'), at('/'), { left: 0, top: 120 })).toEqual({ left: 0, top: 120 })
    expect(scrollBehavior(at('/rate-limits'), START_LOCATION, { left: 0, top: 120 })).toEqual({ left: 0, top: 120 })
  })
})
