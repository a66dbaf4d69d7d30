import { describe, expect, it } from 'vitest'
import {
  closeTab,
  distinctTabName,
  insertTab,
  moveTab,
  nextTabId,
  operationNameOf,
  persistableTabs,
  readPersistedTabs,
  restorePersistedTabs,
  MAX_RESTORED_TABS,
  renameTab,
  tabTitle,
  updateTabRequest,
  type RequestTab,
  type TabRequest,
  type TabsState,
} from './request-tabs'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'

const request = (over: Partial<TabRequest> = {}): TabRequest => ({
  endpoint: 'http://127.0.0.1:4400/graphql',
  query: '{ users { id } }',
  variables: '',
  headers: [],
  timeout: '',
  operationName: '',
  ...over,
})
const tab = (id: string, over: Partial<RequestTab> = {}): RequestTab => ({ id, name: '', request: request(), ...over })
const three: TabsState = { tabs: [tab('t1'), tab('t2'), tab('t3')], activeId: 't2' }
const ids = (state: TabsState) => state.tabs.map((t) => t.id).join(',')

describe('titles', () => {
  it('uses the name, else the first named operation (comments ignored), else Untitled', () => {
    expect(tabTitle(tab('t1', { name: ' Mine ' }))).toBe('Mine')
    expect(tabTitle(tab('t1', { request: request({ query: '# query Fake\nmutation AddUser { a }\nquery B { b }' }) }))).toBe('AddUser')
    expect(tabTitle(tab('t1'))).toBe('Untitled request')
    expect(operationNameOf('query($id: ID!) { a }')).toBeUndefined()
  })

  it('names a new tab apart from the open ones: its own title when free, else the first free number', () => {
    expect(distinctTabName(['UserById', 'Untitled request'], 'Products')).toBe('')
    expect(distinctTabName(['UserById'], 'UserById')).toBe('UserById (2)')
    expect(distinctTabName(['UserById', 'UserById (2)', 'UserById (4)'], 'UserById')).toBe('UserById (3)')
  })

  it('gives new ids past the highest in use', () => {
    expect(nextTabId([])).toBe('t1')
    expect(nextTabId([{ id: 't1' }, { id: 't7' }, { id: 'x' }])).toBe('t8')
  })
})

describe('open, close, move, rename', () => {
  it('inserts after the active tab and activates it', () => {
    const next = insertTab(three, tab('t4'))
    expect(ids(next)).toBe('t1,t2,t4,t3')
    expect(next.activeId).toBe('t4')
    expect(ids(insertTab(three, tab('t5'), 'nope'))).toBe('t1,t2,t3,t5')
  })

  it('closes: right neighbour becomes active, left one at the end; the last tab stays', () => {
    expect(closeTab(three, 't2')).toEqual({ tabs: [three.tabs[0], three.tabs[2]], activeId: 't3' })
    expect(closeTab({ ...three, activeId: 't3' }, 't3').activeId).toBe('t2')
    expect(closeTab(three, 't1').activeId).toBe('t2')
    const one = { tabs: [tab('t1')], activeId: 't1' }
    expect(closeTab(one, 't1')).toBe(one)
    expect(closeTab(three, 'nope')).toBe(three)
  })

  it('moves by keyboard steps, clamped at the ends', () => {
    expect(ids(moveTab(three, 't2', -1))).toBe('t2,t1,t3')
    expect(ids(moveTab(three, 't2', 1))).toBe('t1,t3,t2')
    expect(moveTab(three, 't1', -1)).toBe(three)
    expect(ids(moveTab(three, 't1', 9))).toBe('t2,t3,t1')
  })

  it('renames (blank: back to the operation name) and updates a request', () => {
    expect(renameTab(three, 't1', '  Users  ').tabs[0]!.name).toBe('Users')
    expect(updateTabRequest(three, 't3', request({ query: 'x' })).tabs[2]!.request.query).toBe('x')
  })
})

describe('persistence', () => {
  const secret = request({
    headers: [
      { name: 'Authorization', value: 'Bearer top-secret', secret: true },
      { name: 'X-Trace', value: 'abc', secret: false },
    ],
    operationName: 'B',
  })

  it('never saves a secret value, and reads the tabs back', () => {
    const saved = JSON.stringify(persistableTabs({ tabs: [tab('t1', { request: secret, name: 'Auth' })], activeId: 't1' }))
    expect(saved).not.toContain('top-secret')
    const back = readPersistedTabs(saved, request())!
    expect(back.activeId).toBe('t1')
    expect(back.tabs[0]!.name).toBe('Auth')
    expect(back.tabs[0]!.request.headers).toEqual([
      { name: 'Authorization', value: '', secret: true },
      { name: 'X-Trace', value: 'abc', secret: false },
    ])
    expect(back.tabs[0]!.request.operationName).toBe('B')
  })

  it('ignores a secret value written by hand, malformed tabs and repeated ids', () => {
    const raw = JSON.stringify({
      activeId: 't9',
      tabs: [
        { id: 't1', name: 1, request: { headers: [{ name: 'Authorization', value: 'sneaky', secret: true }] } },
        { id: 't1', request: {} },
        { id: 'bad id', request: {} },
        null,
      ],
    })
    const back = readPersistedTabs(raw, request({ endpoint: 'http://fallback' }))!
    expect(back.tabs).toHaveLength(1)
    expect(back.activeId).toBe('t1')
    expect(back.tabs[0]!.name).toBe('')
    expect(back.tabs[0]!.request.endpoint).toBe('http://fallback')
    expect(JSON.stringify(back)).not.toContain('sneaky')
  })

  it('gives undefined for nothing usable', () => {
    expect(readPersistedTabs(null, request())).toBeUndefined()
    expect(readPersistedTabs('{', request())).toBeUndefined()
    expect(readPersistedTabs('{"tabs":[]}', request())).toBeUndefined()
    expect(readPersistedTabs('[1]', request())).toBeUndefined()
  })
})

describe('restoring saved tabs says what it left out', { timeout: 60_000 }, () => {
  const saved = (count: number, extra: unknown[] = []) =>
    JSON.stringify({ activeId: 't1', tabs: [...Array.from({ length: count }, (_, i) => ({ id: `t${i + 1}`, name: '', request: { query: `query Q${i} { a }` } })), ...extra] })

  it('nothing saved is not a failure', () => {
    expect(restorePersistedTabs(null, request())).toEqual({})
    expect(restorePersistedTabs('', request())).toEqual({})
    expect(restorePersistedTabs('{"tabs":[]}', request())).toEqual({})
  })

  it('names damaged tabs and keeps the saved text to copy', () => {
    const raw = saved(2, [{ id: 't1', request: {} }, 'junk', { id: 'x', request: {} }])
    const restored = restorePersistedTabs(raw, request())
    expect(restored.state?.tabs.map((t) => t.id)).toEqual(['t1', 't2'])
    expect(restored.failure?.text).toBe(raw)
    expect(restored.failure?.message).toBe(
      '3 saved tabs could not be restored (not a tab, or a repeated id) and were left out. Your tabs are not saved until you choose to, so the saved text stays as it was; it is below to copy.',
    )
  })

  it('says why nothing could be restored', () => {
    expect(restorePersistedTabs('{', request())).toEqual({ failure: { message: expect.stringContaining('(they are not valid JSON)'), text: '{' } })
    expect(restorePersistedTabs('[1]', request()).failure?.message).toContain('(they are not a list of tabs)')
    expect(restorePersistedTabs('{"tabs":[1,{"id":"no"}]}', request()).failure?.message).toContain('(none of them is a tab)')
  })

  it('opens at most the limit, and says how many were saved', () => {
    const restored = restorePersistedTabs(JSON.stringify({ activeId: 't500', tabs: JSON.parse(saved(50_000)).tabs }), request())
    expect(restored.state?.tabs).toHaveLength(MAX_RESTORED_TABS)
    expect(restored.state?.activeId).toBe('t1')
    expect(restored.failure?.message).toContain(`Only the first ${MAX_RESTORED_TABS} tabs of 50,000 saved tabs were opened.`)
    expect(restorePersistedTabs(saved(MAX_RESTORED_TABS), request()).failure).toBeUndefined()
  })

  it('takes time in proportion to the number of saved tabs', () => {
    expect(growthRatio(1000, (n) => saved(n, Array.from({ length: n }, () => ({ id: 't1' }))), (raw) => restorePersistedTabs(raw, request()))).toBeLessThan(LINEAR_RATIO_BOUND)
  })
})
