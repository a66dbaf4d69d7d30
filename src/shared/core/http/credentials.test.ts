import { describe, expect, it } from 'vitest'
import { credentialKind, isCredentialHeader, isSensitiveHeaderName } from './credentials'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'

/** The final credential-name list (each also with surrounding whitespace). */
const CREDENTIAL_HEADER_NAMES = [
  'Authorization',
  'Proxy-Authorization',
  'Cookie',
  'X-Api-Key',
  'Api-Key',
  'Apikey',
  'X-Auth-Token',
  'Private-Token',
  'X-Shopify-Access-Token',
  'X-Goog-Api-Key',
  'X-Amz-Security-Token',
  'X-Hasura-Admin-Secret',
  'Ocp-Apim-Subscription-Key',
  'X-Functions-Key',
  'X-Access-Key',
  'X-Client-Secret',
  'X-Session-Id',
  'X-Hub-Signature-256',
  'X_API_KEY',
]

describe('isSensitiveHeaderName', () => {
  it.each(CREDENTIAL_HEADER_NAMES)('%s, also with surrounding whitespace', (name) => {
    for (const variant of [name, `${name} `, ` ${name}`, `\t${name.toLowerCase()}\t`, name.toUpperCase()]) expect(isSensitiveHeaderName(variant), variant).toBe(true)
  })

  it('leaves ordinary headers alone, Idempotency-Key and X-Author included', () => {
    for (const name of ['Accept', 'Content-Type', 'X-Request-Id', 'X-Author', 'Idempotency-Key', 'Sec-WebSocket-Key', 'Keep-Alive', 'X-Keyboard']) {
      expect(isSensitiveHeaderName(name), name).toBe(false)
    }
  })
})

describe('credentialKind: credential-shaped values under any name', () => {
  it.each([
    ['Bearer abc.def', 'an Authorization credential'],
    ['basic dXNlcjpwYXNz', 'an Authorization credential'],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 'a JSON Web Token'],
    ['ghp_0123456789abcdefghijABCDEFGHIJ012345', 'a GitHub token'],
    ['github_pat_11ABCDEFG0123456789_abcdefghij', 'a GitHub token'],
    ['token=ghp_0123456789abcdefghijABCDEFGHIJ', 'a GitHub token'],
    ['sk_live_0123456789abcdef', 'a Stripe secret key'],
    ['sk_test_0123456789abcdef', 'a Stripe secret key'],
    ['xoxb-1234567890-abcdefghij', 'a Slack token'],
    ['glpat-0123456789abcdefghij', 'a GitLab token'],
  ])('%s is %s', (value, kind) => {
    expect(credentialKind(value)).toBe(kind)
    expect(isCredentialHeader('X-Note', value)).toBe(true)
  })

  it('ordinary values are not', () => {
    for (const value of ['application/json', 'no-cache', '12345', 'Bearer', 'pk_live_0123456789abcdef', 'my-ghp_not', 'sk_live_', '']) {
      expect(credentialKind(value), value).toBeUndefined()
    }
    expect(isCredentialHeader('X-Note', 'hello')).toBe(false)
  })

  it.each(['eyJ', 'a', '-', 'ghp_', ' ', 'xoxb-'])('is linear on a long run of %j', (unit) => {
    expect(growthRatio(10_000, (n) => unit.repeat(n / unit.length), credentialKind)).toBeLessThan(LINEAR_RATIO_BOUND)
  })
})
