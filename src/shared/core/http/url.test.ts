import { describe, expect, it } from 'vitest'
import { isLoopbackHost, isMixedContent, looksReachable, parseUrl, sameOrigin } from './url'

describe('url facts', () => {
  it('parses without throwing', () => {
    expect(parseUrl('nope')).toBeUndefined()
    expect(parseUrl('/x', 'https://a.example')?.href).toBe('https://a.example/x')
  })
  it('recognises loopback hosts', () => {
    for (const h of ['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', '127.0.0.1', '127.1.2.3', '127.255.255.255', '[::1]', '::1']) {
      expect(isLoopbackHost(h)).toBe(true)
    }
    for (const h of ['', 'localhost.example.com', 'notlocalhost', '128.0.0.1', '127.0.0', '127.0.0.1.example.com', '10.0.0.1', '0.0.0.0', '[::2]', 'example.com']) {
      expect(isLoopbackHost(h)).toBe(false)
    }
  })
  it('detects mixed content only from https pages to non-loopback http', () => {
    expect(isMixedContent('http://api.example.com/graphql', 'https://app.example')).toBe(true)
    expect(isMixedContent('http://localhost:4000/graphql', 'https://app.example')).toBe(false)
    expect(isMixedContent('http://127.0.0.1:4000/', 'https://app.example')).toBe(false)
    expect(isMixedContent('https://api.example.com/', 'https://app.example')).toBe(false)
    expect(isMixedContent('http://api.example.com/', 'http://app.example')).toBe(false)
    expect(isMixedContent('http://api.example.com/', undefined)).toBe(false)
  })
  it('judges whether an endpoint looks reachable', () => {
    for (const u of ['https://api.github.com/graphql', 'http://localhost:4000', 'http://10.1.2.3/', 'http://[2001:db8::1]/', 'https://xn--bcher-kva.ch/'])
      expect(looksReachable(u)).toBe(true)
    for (const u of ['http://api/graphql', 'ftp://a.example.com', 'https://api.example/x', 'https://x.invalid/', 'https://printer.local/', 'junk'])
      expect(looksReachable(u)).toBe(false)
  })
  it('compares origins', () => {
    expect(sameOrigin('https://a.example/x', 'https://a.example')).toBe(true)
    expect(sameOrigin('https://a.example:8443/', 'https://a.example')).toBe(false)
    expect(sameOrigin('https://a.example/', undefined)).toBe(false)
  })
})
