import { describe, expect, it } from 'vitest'
import { describeSaveFailure, saveFailureMessage, saveFailureReason } from './save-failure'

const thrown = (name: string, code = 0) => Object.assign(new Error(name), { name, code })

describe('saveFailureReason', () => {
  it('knows a full storage in every browser spelling', () => {
    expect(saveFailureReason(thrown('QuotaExceededError', 22))).toBe('full')
    expect(saveFailureReason(thrown('NS_ERROR_DOM_QUOTA_REACHED', 1014))).toBe('full')
    expect(saveFailureReason({ code: 22 })).toBe('full')
  })

  it('knows a storage the browser forbids', () => {
    expect(saveFailureReason(thrown('SecurityError', 18))).toBe('disabled')
    expect(saveFailureReason({ name: 'SecurityError' })).toBe('disabled')
  })

  it('calls anything else unavailable, without throwing on odd values', () => {
    for (const value of [new TypeError('x'), 'text', null, undefined, 42, {}]) expect(saveFailureReason(value)).toBe('unavailable')
  })
})

describe('saveFailureMessage', () => {
  it('says what was not saved, why, and what it means', () => {
    expect(saveFailureMessage('your request', 'full')).toBe('Could not save your request in this browser (storage is full); it will be lost on reload.')
    expect(saveFailureMessage('the history', 'disabled')).toBe('Could not save the history in this browser (storage is turned off); it will be lost on reload.')
    expect(saveFailureMessage('your theme choice', 'unavailable')).toContain('(storage is not available)')
  })

  it('describes a thrown error in one step', () => {
    expect(describeSaveFailure('your request', thrown('QuotaExceededError', 22))).toEqual({
      reason: 'full',
      message: 'Could not save your request in this browser (storage is full); it will be lost on reload.',
    })
  })
})
