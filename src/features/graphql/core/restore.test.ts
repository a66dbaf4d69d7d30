import { describe, expect, it } from 'vitest'
import { restorePersistedState } from './restore'

describe('restorePersistedState: a saved request can never break the page', () => {
  it('restores what was saved', () => {
    const raw = JSON.stringify({ endpoint: 'https://a.test/graphql', query: '{ a }', variables: '{}', headers: [], timeout: '' })
    expect(restorePersistedState(raw)).toEqual({ state: { endpoint: 'https://a.test/graphql', query: '{ a }', variables: '{}', headers: [], timeout: '' } })
    expect(restorePersistedState(null)).toEqual({ state: {} })
  })

  it('the issue\'s query nested 2,500 levels is restored: analysis reports it at the field instead of throwing', () => {
    const query = '{a'.repeat(2_500) + '}'.repeat(2_500)
    expect(restorePersistedState(JSON.stringify({ query }))).toEqual({ state: { query } })
  })

  it('unreadable text starts clean, keeps the text to copy and says so', () => {
    expect(restorePersistedState('{"query": "{ a }"')).toEqual({
      state: {},
      failure: {
        message: 'Your saved request could not be restored (it is not a saved request), so the tester started clean. The saved text is below to copy.',
        text: '{"query": "{ a }"',
      },
    })
    expect(restorePersistedState('[1]').failure?.text).toBe('[1]')
  })

  it('state that throws when the tester first looks at it starts clean, with the reason', () => {
    const raw = JSON.stringify({ query: '{ a }' })
    const result = restorePersistedState(raw, () => {
      throw new RangeError('Maximum call stack size exceeded')
    })
    expect(result.state).toEqual({})
    expect(result.failure?.message).toContain('(RangeError: Maximum call stack size exceeded)')
    expect(result.failure?.text).toBe(raw)
  })
})
