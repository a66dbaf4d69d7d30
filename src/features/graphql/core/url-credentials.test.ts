import { describe, expect, it } from 'vitest'
import { extractUrlCredentials } from './url-credentials'
import { unboundSecretSend } from './environments'
import { sharedLinkReach } from './share'

describe('extractUrlCredentials', () => {
  it('replaces credential parameters by references, keeps the rest byte for byte, and takes free names', () => {
    const url = new URL('https://u%40x:p%3Aw@api.test:8443/graphql?page=2&access_token=a%2Bb&api-key=k+1&token={{t}}&cursor=abc#frag')
    const result = extractUrlCredentials(url, new Set(['access_token']))
    expect(result.endpoint).toBe('https://api.test:8443/graphql?page=2&access_token={{access_token_2}}&api-key={{api_key}}&token={{t}}&cursor=abc#frag')
    expect(result.secrets).toEqual([
      { name: 'access_token_2', value: 'a%2Bb' },
      { name: 'api_key', value: 'k+1' },
    ])
    expect(result.authorization).toBe(`Basic ${btoa('u@x:p:w')}`)
  })

  it('leaves a URL without credentials as it is', () => {
    const result = extractUrlCredentials(new URL('http://127.0.0.1:4400/graphql?first=1'))
    expect(result).toEqual({ endpoint: 'http://127.0.0.1:4400/graphql?first=1', secrets: [], notes: [] })
  })
})

describe('unboundSecretSend', () => {
  it('asks for an origin the environment is not bound to, only when a secret goes', () => {
    expect(unboundSecretSend({ allowedOrigins: ['https://api.test'] }, ['token'], 'https://api.test/graphql?x=1')).toBeUndefined()
    expect(unboundSecretSend({ allowedOrigins: ['https://api.test'] }, ['token', 'token'], 'https://api.test.evil.example/graphql')).toEqual({
      origin: 'https://api.test.evil.example',
      names: ['token'],
    })
    expect(unboundSecretSend({ allowedOrigins: ['https://api.test'] }, ['token'], 'http://api.test/graphql')).toMatchObject({ origin: 'http://api.test' })
    expect(unboundSecretSend(undefined, [], 'https://anywhere.test')).toBeUndefined()
  })
})

describe('sharedLinkReach', () => {
  it('names the origin and every reference of a link', () => {
    expect(
      sharedLinkReach({ endpoint: 'http://attacker.test/graphql?k={{token}}', headers: [{ name: 'X-Trace', value: '{{ token }}', secret: false }], variables: '{"a": "{{other}}"}' }),
    ).toEqual({ origin: 'http://attacker.test', references: ['token', 'other'] })
    expect(sharedLinkReach({ endpoint: '{{baseUrl}}/graphql', headers: [], variables: '' })).toEqual({ references: ['baseUrl'] })
    expect(sharedLinkReach({ endpoint: 'https://{{host}}.test/graphql', headers: [], variables: '' })).toEqual({ references: ['host'] })
  })
})
