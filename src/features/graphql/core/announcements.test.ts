import { describe, expect, it } from 'vitest'
import { HISTORY_CLEARED, deletedFromHistory, exampleLoaded, fieldInserted, openedFromHistory, tabClosed, tabOpened, variablesFilled } from './announcements'

describe('announcements', () => {
  it('name the example, the operation or the field', () => {
    expect(exampleLoaded('Mutation')).toBe('Loaded example: Mutation')
    expect(openedFromHistory('GetUser')).toBe('Opened GetUser from history. Nothing was sent.')
    expect(deletedFromHistory('GetUser')).toBe('Deleted GetUser from history')
    expect(fieldInserted('posts')).toBe('Inserted posts into the query')
  })

  it('say "request" for an anonymous operation', () => {
    expect(openedFromHistory(undefined)).toBe('Opened request from history. Nothing was sent.')
    expect(deletedFromHistory(undefined)).toBe('Deleted request from history')
  })

  it('say where filled variables came from', () => {
    expect(variablesFilled(true)).toBe('Variables filled from the operation and the schema')
    expect(variablesFilled(false)).toBe('Variables filled from the operation')
    expect(HISTORY_CLEARED).toBe('History cleared')
  })

  it('name the tab opened, and the tab closed with the one shown now', () => {
    expect(tabOpened('UserById')).toBe('Opened tab UserById')
    expect(tabClosed('AddUser', 'Untitled request')).toBe('Closed tab AddUser; showing Untitled request')
  })
})
