import { describe, expect, it } from 'vitest'
import { redactHeaders } from '../../../shared/core/redact'
import { decodeShareFragment, encodeShareFragment } from './share/share'
import { credentialNotice, newHeaderRow, persistableState, readPersistedState, secretHeaderNames } from './tester'

// Credential headers that slipped past the secret rule.
const state = (rows: ReturnType<typeof newHeaderRow>[]) => persistableState({ endpoint: 'https://a.test/graphql', query: '{ a }', variables: '', headers: rows, timeout: '' })

describe('credential headers never leave memory by accident', () => {
  it('"X-Api-Key " (trailing space) is secret by default, and its value is never persisted', () => {
    const row = newHeaderRow('X-Api-Key ', 'k-123456789')
    expect(row.secret).toBe(true)
    expect(JSON.stringify(state([row]))).not.toContain('k-123456789')
    expect(secretHeaderNames([row])).toEqual(['X-Api-Key'])
  })

  it('unticking Secret on Authorization does not save "Bearer …" (was written to localStorage)', () => {
    const row = { ...newHeaderRow('Authorization', 'Bearer s3cr3t-token'), secret: false }
    expect(JSON.stringify(state([row]))).not.toContain('s3cr3t')
    expect(credentialNotice(row)).toBe('This value looks like an Authorization credential.')
  })

  it('only "remember on this device" saves a credential-looking value that is not secret, and only locally', async () => {
    const row = { ...newHeaderRow('X-Note', 'ghp_0123456789abcdefghijABCDEFGHIJ'), secret: false, remember: true }
    const saved = state([row])
    expect(saved.headers).toEqual([{ name: 'X-Note', value: 'ghp_0123456789abcdefghijABCDEFGHIJ', secret: false, remember: true }])
    expect(readPersistedState(JSON.stringify(saved)).headers?.[0]?.value).toBe('ghp_0123456789abcdefghijABCDEFGHIJ')
    // Never into a share link or the history, remembered or not.
    const fragment = await encodeShareFragment({ endpoint: 'https://a.test/graphql', query: '{ a }', headers: [['X-Note', row.value]] })
    expect(fragment).not.toContain('ghp_')
    expect((await decodeShareFragment(fragment)).headers).toEqual([{ name: 'X-Note', value: '', secret: true }])
    expect(redactHeaders([['X-Note', row.value]])).toEqual([{ name: 'X-Note', value: '', secret: true }])
  })

  it('a hand-edited store cannot bring a credential value back without remember', () => {
    const raw = JSON.stringify({ headers: [{ name: 'Authorization ', value: 'Bearer x-123456', secret: false }, { name: 'X-Trace', value: 'xoxb-1234567890-abc', secret: false }] })
    expect(readPersistedState(raw).headers).toEqual([
      { name: 'Authorization ', value: '', secret: false },
      { name: 'X-Trace', value: '', secret: false },
    ])
  })

  it('history (redactHeaders) keeps names of credential headers, never their values', () => {
    const redacted = redactHeaders([['Authorization ', 'Bearer abc'], ['X-Api-Key ', 'k1'], ['X-Trace', 'sk_live_0123456789abcdef'], ['Accept', 'application/json']])
    expect(redacted).toEqual([
      { name: 'Authorization ', value: '', secret: true },
      { name: 'X-Api-Key ', value: '', secret: true },
      { name: 'X-Trace', value: '', secret: true },
      { name: 'Accept', value: 'application/json', secret: false },
    ])
  })
})

describe('header values the browser refuses are refused at the field before sending', () => {
  it.each(['\u0007', '\u007f'])('%j in a value is a located problem at that row', async (char) => {
    const { headerRowProblems } = await import('./tester')
    const row = newHeaderRow('X-Trace', `abc${char}`)
    expect(headerRowProblems([row]).get(row.id)).toEqual({
      field: 'value',
      message: `Header values cannot contain control characters: U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at character 4; browsers refuse to send it.`,
    })
  })
})
