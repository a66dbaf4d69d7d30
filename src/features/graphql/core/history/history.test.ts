import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createHistory, type HistoryInput, type HistoryStorage } from './history'
import { isSecretHeader, redactHeaders } from '../../../../shared/core/redact'

/** An in-memory storage that records every text saved, to prove what reached it. */
function memory(initial: string | null = null): HistoryStorage & { text: string | null; saves: string[] } {
  const store = {
    text: initial,
    saves: [] as string[],
    load: () => store.text,
    save(text: string) {
      store.text = text
      store.saves.push(text)
    },
  }
  return store
}

let counter = 0
const ids = (): string => `id-${++counter}`
const request = (n: number, extra: Partial<HistoryInput> = {}): HistoryInput => ({
  endpoint: `https://api${n % 3}.example.com/graphql`,
  operationName: `Op${n}`,
  query: `query Op${n} { field${n} }`,
  variables: `{"n": ${n}}`,
  status: 200,
  durationMs: n,
  time: 1_000 + n,
  ...extra,
})

describe('createHistory', () => {
  it('lists newest first and survives a reload', () => {
    const storage = memory()
    const history = createHistory(storage, { newId: ids })
    for (let n = 1; n <= 3; n++) history.add(request(n))
    expect(history.list().map((e) => e.operationName)).toEqual(['Op3', 'Op2', 'Op1'])
    const reopened = createHistory(storage)
    expect(reopened.list()).toEqual(history.list())
    expect(reopened.problem).toBeUndefined()
  })

  it('keeps at most `limit` entries (100 by default), evicting the oldest', () => {
    const storage = memory()
    const history = createHistory(storage, { newId: ids })
    for (let n = 1; n <= 105; n++) history.add(request(n))
    const list = history.list()
    expect(list).toHaveLength(100)
    expect(list[0]?.operationName).toBe('Op105')
    expect(list.at(-1)?.operationName).toBe('Op6')
    const small = createHistory(memory(), { limit: 2, newId: ids })
    for (let n = 1; n <= 3; n++) small.add(request(n))
    expect(small.list().map((e) => e.operationName)).toEqual(['Op3', 'Op2'])
    expect(createHistory(storage, { limit: 10 }).list()).toHaveLength(10)
  })

  it('evicts the oldest to keep the stored text under maxStoredChars', () => {
    const storage = memory()
    const history = createHistory(storage, { maxStoredChars: 5_000, newId: ids })
    for (let n = 1; n <= 20; n++) history.add(request(n, { query: `query Op${n} { ${'x '.repeat(300)} }` }))
    expect(storage.text!.length).toBeLessThanOrEqual(5_000)
    expect(history.list()[0]?.operationName).toBe('Op20')
    expect(history.list().length).toBeLessThan(20)
  })

  it('searches endpoint, operation name and query text, every word, case-insensitively', () => {
    const history = createHistory(memory(), { newId: ids })
    for (let n = 1; n <= 12; n++) history.add(request(n))
    expect(history.search('op12').map((e) => e.operationName)).toEqual(['Op12'])
    expect(history.search('API1.example').map((e) => e.operationName)).toEqual(['Op10', 'Op7', 'Op4', 'Op1'])
    expect(history.search('field1 api1').map((e) => e.operationName)).toEqual(['Op10', 'Op1'])
    expect(history.search('  ')).toHaveLength(12)
    expect(history.search('nothing-like-this')).toEqual([])
  })

  it('removes one entry and clears all, persisting both', () => {
    const storage = memory()
    const history = createHistory(storage, { newId: ids })
    const first = history.add(request(1))
    const second = history.add(request(2))
    expect(history.get(first.id)?.query).toBe(first.query)
    expect(history.remove(first.id)).toBe(true)
    expect(history.remove(first.id)).toBe(false)
    expect(createHistory(storage).list().map((e) => e.id)).toEqual([second.id])
    history.clear()
    expect(history.list()).toEqual([])
    expect(createHistory(storage).list()).toEqual([])
  })

  it('uses crypto.randomUUID ids and the current time by default', () => {
    const history = createHistory(memory())
    const { time: _time, ...input } = request(1)
    const entry = history.add(input)
    expect(entry.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(Math.abs(entry.time - Date.now())).toBeLessThan(60_000)
  })

  it('returns copies: callers cannot change the stored history', () => {
    const history = createHistory(memory(), { newId: ids })
    history.add(request(1))
    const [entry] = history.list()
    entry!.query = 'changed'
    expect(history.list()[0]?.query).toBe('query Op1 { field1 }')
  })

  it('keeps secret header names with empty values and non-secret values as they are', () => {
    const storage = memory()
    const history = createHistory(storage, { newId: ids })
    const entry = history.add(
      request(1, {
        headers: { Authorization: 'Bearer TOPSECRET', 'X-Tenant': 'tenant-pass', Accept: 'application/json', Cookie: 'sid=COOKIESECRET' },
        secretHeaderNames: ['x-tenant'],
      }),
    )
    expect(entry.headers).toEqual([
      { name: 'Authorization', value: '', secret: true },
      { name: 'X-Tenant', value: '', secret: true },
      { name: 'Accept', value: 'application/json', secret: false },
      { name: 'Cookie', value: '', secret: true },
    ])
    expect(storage.text).not.toMatch(/TOPSECRET|tenant-pass|COOKIESECRET/)
  })

  it('never stores a secret header value (property)', () => {
    const headerName = fc.oneof(
      fc.constantFrom('Authorization', 'authorization', 'Cookie', 'X-API-Key', 'x-auth-token', 'Proxy-Authorization', 'X-Session'),
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/),
    )
    fc.assert(
      fc.property(
        fc.array(fc.tuple(headerName, fc.boolean()), { maxLength: 8 }),
        fc.integer({ min: 0, max: 1e9 }),
        (headers, salt) => {
          const storage = memory()
          const history = createHistory(storage, { newId: ids })
          // Secret values are unique markers so finding one anywhere proves a leak.
          const pairs = headers.map(([name], i) => [name, `v${salt}x${i}q`] as [string, string])
          const flagged = headers.filter(([, flag]) => flag).map(([name]) => name)
          const entry = history.add(request(1, { headers: pairs, secretHeaderNames: flagged }))
          pairs.forEach(([name, value], i) => {
            const secret = isSecretHeader(name, flagged)
            const stored = entry.headers[i]
            expect(stored?.name).toBe(name)
            expect(stored?.secret).toBe(secret)
            if (secret) {
              expect(stored?.value).toBe('')
              for (const text of storage.saves) expect(text).not.toContain(value)
              expect(JSON.stringify(history.list())).not.toContain(value)
            } else expect(stored?.value).toBe(value)
          })
        },
      ),
      { numRuns: 200 },
    )
  })

  it('re-redacts on load: stored secret values from older or tampered data are dropped', () => {
    const stored = JSON.stringify({
      format: 1,
      entries: [
        {
          id: 'a', endpoint: 'https://x', query: '{ a }', variables: '', status: 200, durationMs: 1, time: 1,
          headers: [{ name: 'Authorization', value: 'Bearer LEAK', secret: false }, { name: 'X-Flag', value: 'LEAK2', secret: true }],
          extra: 'dropped',
        },
      ],
    })
    const history = createHistory(memory(stored))
    expect(history.list()[0]?.headers).toEqual([
      { name: 'Authorization', value: '', secret: true },
      { name: 'X-Flag', value: '', secret: true },
    ])
    expect(history.list()[0]).not.toHaveProperty('extra')
  })

  it('starts empty and reports corrupt or foreign stored data, then overwrites it on the next add', () => {
    for (const text of ['{not json', '[]', '{"format": 99, "entries": []}', '{"format": 1}', 'null', '42']) {
      const storage = memory(text)
      const history = createHistory(storage, { newId: ids })
      expect(history.list()).toEqual([])
      expect(history.problem).toMatch(/history/i)
      history.add(request(1))
      expect(history.problem).toBeUndefined()
      expect(createHistory(storage).list()).toHaveLength(1)
    }
  })

  it('keeps the valid entries of partly corrupt data and says how many were dropped', () => {
    const good = { id: 'g', endpoint: 'https://x', query: '{ a }', variables: '', headers: [], status: null, durationMs: 3, time: 5 }
    const stored = JSON.stringify({ format: 1, entries: [good, { ...good, id: 'b', status: 'x' }, 7, { ...good, id: 'g' }, { ...good, id: 'c', headers: [[1]] }] })
    const history = createHistory(memory(stored))
    expect(history.list().map((e) => e.id)).toEqual(['g'])
    expect(history.problem).toBe('4 unreadable history entries were dropped.')
  })

  it('reports storage that throws instead of throwing', () => {
    const broken: HistoryStorage = {
      load() {
        throw new Error('SecurityError: access denied')
      },
      save() {
        throw new Error('QuotaExceededError')
      },
    }
    const history = createHistory(broken, { newId: ids })
    expect(history.problem).toMatch(/access denied/)
    expect(() => history.add(request(1))).not.toThrow()
    expect(history.problem).toMatch(/QuotaExceededError/)
    expect(history.list()).toHaveLength(1)
  })
})

describe('redactHeaders', () => {
  it('keeps order and duplicates, matching names case-insensitively', () => {
    expect(redactHeaders([['A', '1'], ['authorization', 'x'], ['A', '2']], [])).toEqual([
      { name: 'A', value: '1', secret: false },
      { name: 'authorization', value: '', secret: true },
      { name: 'A', value: '2', secret: false },
    ])
    expect(redactHeaders({ 'X-Custom': 'v' }, ['x-CUSTOM'])).toEqual([{ name: 'X-Custom', value: '', secret: true }])
  })
})
