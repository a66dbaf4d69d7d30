import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { endpointOfCacheKey, schemaCacheKey } from './cache-key'

const URL = 'https://api.example.com/graphql'

describe('schemaCacheKey', () => {
  it('is stable for the same endpoint and token, whatever the header case or order', async () => {
    const a = await schemaCacheKey(URL, { Authorization: 'Bearer abc', 'X-Api-Key': 'k1' })
    const b = await schemaCacheKey(URL, [
      ['x-api-key', 'k1'],
      ['authorization', 'Bearer abc'],
    ])
    expect(a).toBe(b)
    expect(endpointOfCacheKey(a)).toBe(URL)
    expect(a).toMatch(/^https:\/\/api\.example\.com\/graphql#auth=[0-9a-f]{32}$/)
  })

  it('changes when a token, a cookie or an API key changes, or when one is added or removed', async () => {
    const base = await schemaCacheKey(URL, { Authorization: 'Bearer abc', Cookie: 's=1' })
    const keys = await Promise.all([
      schemaCacheKey(URL, { Authorization: 'Bearer abd', Cookie: 's=1' }),
      schemaCacheKey(URL, { Authorization: 'Bearer abc', Cookie: 's=2' }),
      schemaCacheKey(URL, { Authorization: 'Bearer abc', Cookie: 's=1', 'X-API-Key': 'k' }),
      schemaCacheKey(URL, { Authorization: 'Bearer abc' }),
      schemaCacheKey(URL, {}),
    ])
    expect(new Set([base, ...keys]).size).toBe(keys.length + 1)
  })

  it('ignores headers that carry no credentials', async () => {
    const plain = await schemaCacheKey(URL, { Authorization: 'Bearer abc' })
    expect(await schemaCacheKey(URL, { Authorization: 'Bearer abc', Accept: 'application/json', 'X-Request-Id': '42' })).toBe(plain)
  })

  it('counts headers the user marked secret', async () => {
    const a = await schemaCacheKey(URL, { 'X-Tenant': 'one' }, ['x-tenant'])
    const b = await schemaCacheKey(URL, { 'X-Tenant': 'two' }, ['X-Tenant'])
    expect(a).not.toBe(b)
    expect(await schemaCacheKey(URL, { 'X-Tenant': 'one' })).toBe(await schemaCacheKey(URL, { 'X-Tenant': 'two' }))
  })

  it('differs per endpoint even with the same token', async () => {
    const headers = { Authorization: 'Bearer abc' }
    const a = await schemaCacheKey(URL, headers)
    const b = await schemaCacheKey('https://other.example.com/graphql', headers)
    expect(a.split('#auth=')[1]).not.toBe(b.split('#auth=')[1])
  })

  it('never contains the token, in clear, hex or base64', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 6, maxLength: 80 }).filter((s) => s.trim().length >= 6), async (token) => {
        const key = await schemaCacheKey(URL, { Authorization: `Bearer ${token}` })
        const hex = [...new TextEncoder().encode(token)].map((b) => b.toString(16).padStart(2, '0')).join('')
        const b64 = Buffer.from(token).toString('base64').replace(/={1,2}$/, '')
        const digest = key.slice(key.lastIndexOf('#auth=') + 6)
        expect(digest).toMatch(/^[0-9a-f]{32}$/)
        expect(key).not.toContain(token.trim())
        expect(digest).not.toContain(hex.slice(0, 12))
        expect(key).not.toContain(b64.slice(0, 8))
      }),
      { numRuns: 50 },
    )
  })
})
