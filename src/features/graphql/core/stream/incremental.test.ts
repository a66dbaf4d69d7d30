import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'
import { applyIncremental, incrementalFromJson, incrementalToJson, pendingNote, startIncremental, type IncrementalResult } from './incremental'

const run = (initial: unknown, ...rest: unknown[]) => rest.reduce((result, payload) => applyIncremental(result as never, payload), startIncremental(initial)) as ReturnType<typeof startIncremental>

describe('incremental delivery (graphql-js 17 format)', () => {
  it('@defer: the initial data, the pending marker, then the deferred fields merged in', () => {
    const initial = startIncremental({ data: { hero: { id: '1' } }, pending: [{ id: '0', path: ['hero'], label: 'Name' }], hasNext: true })
    expect([...initial.pending.values()]).toEqual([{ id: '0', path: ['hero'], label: 'Name' }])
    expect(initial.hasNext).toBe(true)
    const done = applyIncremental(initial, { incremental: [{ id: '0', data: { name: 'Luke' } }], completed: [{ id: '0' }], hasNext: false })
    expect(done.data).toEqual({ hero: { id: '1', name: 'Luke' } })
    expect([...done.pending.values()]).toEqual([])
    expect(done.hasNext).toBe(false)
    expect(done.problems).toEqual([])
  })

  it('subPath places deferred data below the pending path; nested objects merge', () => {
    const result = run(
      { data: { a: { b: { c: 1 } } }, pending: [{ id: '0', path: ['a'] }], hasNext: true },
      { incremental: [{ id: '0', subPath: ['b'], data: { d: 2, e: { f: 3 } } }], completed: [{ id: '0' }], hasNext: false },
    )
    expect(result.data).toEqual({ a: { b: { c: 1, d: 2, e: { f: 3 } } } })
  })

  it('@stream: items are appended to the list, batch by batch, in order', () => {
    const result = run(
      { data: { posts: [{ id: 1 }] }, pending: [{ id: '0', path: ['posts'] }], hasNext: true },
      { incremental: [{ id: '0', items: [{ id: 2 }] }], hasNext: true },
      { incremental: [{ id: '0', items: [{ id: 3 }, { id: 4 }] }], completed: [{ id: '0' }], hasNext: false },
    )
    expect(result.data).toEqual({ posts: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] })
  })

  it('errors of payloads and of failed completions are kept in arrival order', () => {
    const result = run(
      { data: { a: {} }, errors: [{ message: 'first' }], pending: [{ id: '0', path: ['a'] }, { id: '1', path: ['a'] }], hasNext: true },
      { incremental: [{ id: '0', data: { x: null }, errors: [{ message: 'second' }] }], completed: [{ id: '0' }, { id: '1', errors: [{ message: 'third' }] }], hasNext: false },
    )
    expect(result.errors.map((e) => e.message)).toEqual(['first', 'second', 'third'])
  })

  it('payloads for ids never announced are skipped and said', () => {
    const result = run({ data: {}, hasNext: true }, { incremental: [{ id: '9', data: { x: 1 } }], completed: [{ id: '9' }], hasNext: false })
    expect(result.data).toEqual({})
    expect(result.problems).toEqual(['A payload for "9", which is not pending, was skipped.', 'Completed "9", which was never announced as pending.'])
  })
})

describe('incremental delivery (older path-based format)', () => {
  it('@defer with path and label', () => {
    const result = run({ data: { hero: { id: '1' } }, hasNext: true }, { incremental: [{ path: ['hero'], label: 'Name', data: { name: 'Luke' } }], hasNext: false })
    expect(result.data).toEqual({ hero: { id: '1', name: 'Luke' } })
  })

  it('@stream: the path ends with the index of the first item', () => {
    const result = run({ data: { list: ['a'] }, hasNext: true }, { incremental: [{ path: ['list', 1], items: ['b', 'c'] }], hasNext: false })
    expect(result.data).toEqual({ list: ['a', 'b', 'c'] })
  })

  it('a start index past the received items is refused (no sparse list of a billion holes)', () => {
    const result = run({ data: { list: [] }, hasNext: true }, { incremental: [{ path: ['list', 1e9], items: ['x'] }], hasNext: false })
    expect(result.data).toEqual({ list: [] })
    expect(result.problems[0]).toMatch(/start at 1000000000, past the 0 received/)
  })

  it('pending is empty once the server says hasNext: false', () => {
    expect(run({ data: {}, pending: [{ id: '0', path: [] }], hasNext: true }, { hasNext: false }).pending.size).toBe(0)
  })
})

describe('hostile payloads', () => {
  it('a "__proto__" key or path never reaches Object.prototype', () => {
    const initial = JSON.parse('{"data":{"a":{}},"pending":[{"id":"0","path":["__proto__"]}],"hasNext":true}')
    const payload = JSON.parse('{"incremental":[{"id":"0","data":{"polluted":true}},{"path":["a"],"data":{"__proto__":{"polluted":true}}}],"hasNext":false}')
    const result = run(initial, payload)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(result.data?.a)).toBe(Object.prototype)
    expect(Object.keys(result.data?.a as object)).toEqual(['__proto__'])
  })

  it('the initial payload is not mutated by later ones', () => {
    const initial = { data: { hero: { id: '1' } }, pending: [{ id: '0', path: ['hero'] }], hasNext: true }
    run(initial, { incremental: [{ id: '0', data: { name: 'Luke' } }], hasNext: false })
    expect(initial.data).toEqual({ hero: { id: '1' } })
  })

  it('property: never throws on any sequence of JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 5 }), (initial, rest) => {
        const result = run(initial, ...rest)
        expect(Array.isArray(result.problems)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('property: applying well-formed deferred payloads equals merging them by hand', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.integer()), fc.dictionary(fc.string({ minLength: 1 }), fc.integer()), (base, extra) => {
        const result = run({ data: { node: base }, pending: [{ id: '0', path: ['node'] }], hasNext: true }, { incremental: [{ id: '0', data: extra }], completed: [{ id: '0' }], hasNext: false })
        expect(result.data).toEqual({ node: { ...base, ...extra } })
      }),
    )
  })
})

describe('pendingNote', () => {
  // The path-based payloads graphql-yoga's useDeferStream sends (deferSpec=20220824): no `pending`
  // list, only `hasNext`, and the deferred data with its `path` and `label`.
  const initial = { data: { user: { name: 'Ada' } }, hasNext: true }
  const deferred = { incremental: [{ data: { stats: { followers: 3 } }, path: ['user'], label: 'stats' }], hasNext: false }

  it('says "nothing pending" only once hasNext is false, not while the path-based format lists none', () => {
    const first = startIncremental(initial)
    expect([...first.pending.values()]).toEqual([])
    expect(pendingNote(first, true)).toBe('More parts are coming: the server says so (hasNext is true) without saying where they go.')
    expect(pendingNote(first, false)).toMatch(/^The response ended before its last parts/)
    const done = applyIncremental(first, deferred)
    expect(done.data).toEqual({ user: { name: 'Ada', stats: { followers: 3 } } })
    expect(pendingNote(done, false)).toBe('Nothing pending: every deferred part has arrived.')
  })

  it('leaves it to the list while pending parts are announced (graphql-js 17 format)', () => {
    expect(pendingNote(startIncremental({ data: {}, pending: [{ id: '0', path: [] }], hasNext: true }), true)).toBeUndefined()
  })
})

describe('incremental delivery at size', () => {
  /** n deferred fragments announced at once, each then delivered and completed in its own payload. */
  function deferMany(n: number, onePayload: boolean, value: (id: string) => object = (id) => ({ v: Number(id) })): IncrementalResult {
    const ids = Array.from({ length: n }, (_, i) => String(i))
    const data = Object.fromEntries(ids.map((id) => [`f${id}`, {}]))
    const result = startIncremental({ data, pending: ids.map((id) => ({ id, path: [`f${id}`] })), hasNext: true })
    if (onePayload) {
      return applyIncremental(result, { incremental: ids.map((id) => ({ id, data: value(id) })), completed: ids.map((id) => ({ id })), hasNext: false })
    }
    for (const id of ids) applyIncremental(result, { incremental: [{ id, data: value(id) }], completed: [{ id }], hasNext: true })
    return applyIncremental(result, { hasNext: false })
  }

  it('merges 20,000 deferred fragments and completes every one', () => {
    for (const onePayload of [true, false]) {
      const result = deferMany(20_000, onePayload)
      expect(result.pending.size).toBe(0)
      expect(result.problems).toEqual([])
      expect((result.data as Record<string, { v: number }>).f19999).toEqual({ v: 19999 })
    }
  })

  it('grows linearly with the number of pending ids (looked up by id, not searched)', () => {
    // Empty deferred data: the time measured is finding each id, not copying values.
    expect(growthRatio(3_000, (size) => size, (n) => deferMany(n, true, () => ({})), 3)).toBeLessThan(LINEAR_RATIO_BOUND)
    expect(growthRatio(3_000, (size) => size, (n) => deferMany(n, false, () => ({})), 3)).toBeLessThan(LINEAR_RATIO_BOUND)
  }, 60_000)

  it('a payload with 200,000 errors is kept whole (no spread past the argument limit)', () => {
    const errors = Array.from({ length: 200_000 }, (_, i) => ({ message: `e${i}` }))
    const result = applyIncremental(startIncremental({ data: {}, errors, hasNext: true }), { errors, hasNext: false })
    expect(result.errors).toHaveLength(400_000)
  })
})

describe('incrementalToJson / incrementalFromJson', () => {
  it('round-trips a result with pending parts in order, and a "__proto__" key stays own data', () => {
    const result = startIncremental(JSON.parse('{"data":{"a":{"__proto__":{"x":1}}},"pending":[{"id":"1","path":["a"],"label":"L"},{"id":"0","path":[]}],"hasNext":true}'))
    const back = incrementalFromJson(incrementalToJson(result))
    expect(back).toEqual(result)
    expect([...back.pending.keys()]).toEqual(['1', '0'])
    expect(Object.keys(back.data?.a as object)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})

describe('incrementalToJson with a cap on the pending parts', () => {
  it('lists the first ones and counts them all', () => {
    const result = startIncremental({ data: {}, pending: Array.from({ length: 250 }, (_, i) => ({ id: String(i), path: [] })), hasNext: true })
    const back = incrementalFromJson(incrementalToJson(result, 100))
    expect([back.pending.size, back.pendingTotal, [...back.pending.keys()].at(-1)]).toEqual([100, 250, '99'])
    expect(incrementalFromJson(incrementalToJson(result)).pendingTotal).toBeUndefined()
  })
})
