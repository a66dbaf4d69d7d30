import { describe, expect, it } from 'vitest'
import { CANNOT_SEND_TEXT, doctorVerdictText, NO_RESPONSE_TEXT, regeneratedText, sendOutcomeText, variantText } from './announcements'

const receiver = (signatureValid: boolean, duplicate: boolean) => JSON.stringify({ received: true, signatureValid, duplicate, deliveryId: 'd1' })

describe('webhook announcements', () => {
  it('names the provider and event after Regenerate', () => {
    expect(regeneratedText('GitHub', 'Push')).toBe('New GitHub Push sample generated.')
  })

  it('says a variant without Markdown backticks', () => {
    expect(variantText('Removed `ref`.')).toBe('Removed ref.')
    expect(variantText('No field left to remove.')).toBe('No field left to remove.')
  })

  it('says one response with what the receiver reported', () => {
    expect(sendOutcomeText('sent', { results: [{ status: 200, body: receiver(true, false) }], times: 1 })).toBe(
      'Response: status 200, signature valid, not a duplicate.',
    )
  })

  it('says both deliveries of Send twice, first and second', () => {
    const results = [
      { status: 200, body: receiver(false, false) },
      { status: 409, body: receiver(false, true) },
    ]
    expect(sendOutcomeText('sent', { results, times: 2 })).toBe(
      'First: status 200, signature not valid, not a duplicate. Second: status 409, signature not valid, duplicate.',
    )
  })

  it('says only the status when the body is no receiver report', () => {
    expect(sendOutcomeText('sent', { results: [{ status: 204, body: '' }], times: 1 })).toBe('Response: status 204.')
    expect(sendOutcomeText('sent', { results: [{ status: 500, body: '<html>' }], times: 1 })).toBe('Response: status 500.')
  })

  it('says a network failure and points to the fallback', () => {
    expect(sendOutcomeText('failed', { results: [], times: 1 })).toBe(NO_RESPONSE_TEXT)
  })

  it('says why a send was refused, or a general sentence', () => {
    expect(sendOutcomeText('blocked', { results: [], times: 1, reason: 'Enter a valid handler URL first.' })).toBe('Enter a valid handler URL first.')
    expect(sendOutcomeText('blocked', { results: [], times: 2, reason: null })).toBe(CANNOT_SEND_TEXT)
    expect(sendOutcomeText('blocked', { results: [], times: 1 })).toBe(CANNOT_SEND_TEXT)
  })
})

describe('doctorVerdictText', () => {
  it('says the verdict and the first cause by its title', () => {
    expect(doctorVerdictText({ verdict: 'valid', causes: [] })).toBe('Signature valid.')
    expect(doctorVerdictText({ verdict: 'invalid', causes: [{ code: 'body-reserialized', message: 'x' }] })).toBe('Signature invalid: Body re-serialized.')
    expect(doctorVerdictText({ verdict: 'cannot-check', causes: [{ code: 'unknown-provider', message: 'x' }] })).toBe('Signature cannot be checked: Unknown provider.')
  })
})
