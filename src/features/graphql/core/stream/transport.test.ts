import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chooseTransport, describeWebSocketClose, httpUrl, webSocketUrl } from './transport'

describe('chooseTransport', () => {
  it.each([
    [{ operationType: 'query', endpoint: 'https://x/graphql' }, 'http'],
    [{ operationType: 'mutation', endpoint: 'https://x/graphql' }, 'http'],
    [{ operationType: 'query', incremental: true, endpoint: 'https://x/graphql' }, 'multipart'],
    [{ operationType: 'subscription', endpoint: 'https://x/graphql' }, 'sse'],
    [{ operationType: 'subscription', endpoint: ' WSS://x/graphql' }, 'ws'],
    [{ operationType: 'subscription', endpoint: 'ws://x/graphql' }, 'ws'],
    [{ operationType: 'subscription', endpoint: 'https://x/graphql', preference: 'ws' }, 'ws'],
    [{ operationType: 'subscription', endpoint: 'ws://x/graphql', preference: 'sse' }, 'sse'],
    [{ operationType: 'query', endpoint: 'ws://x/graphql', preference: 'ws' }, 'http'],
  ] as const)('%o → %s', (input, transport) => {
    expect(chooseTransport(input)).toBe(transport)
  })
})

describe('webSocketUrl and httpUrl', () => {
  it.each([
    ['http://127.0.0.1:4400/graphql', 'ws://127.0.0.1:4400/graphql'],
    ['https://api.example.com/graphql?x=1', 'wss://api.example.com/graphql?x=1'],
    ['wss://api.example.com/graphql', 'wss://api.example.com/graphql'],
  ])('%s → %s', (endpoint, ws) => {
    expect(webSocketUrl(endpoint)).toBe(ws)
  })

  it.each(['', 'not a url', 'ftp://x/graphql', 'javascript:alert(1)'])('no WebSocket URL for %j', (endpoint) => {
    expect(webSocketUrl(endpoint)).toBeUndefined()
  })

  it('httpUrl maps ws(s) back and keeps http(s)', () => {
    expect(httpUrl('wss://a/graphql')).toBe('https://a/graphql')
    expect(httpUrl('ws://a/graphql')).toBe('http://a/graphql')
    expect(httpUrl('https://a/graphql')).toBe('https://a/graphql')
  })
})

describe('describeWebSocketClose', () => {
  it('names the protocol problem for the graphql-transport-ws codes the issue lists', () => {
    for (const code of [4400, 4401, 4403, 4406, 4409, 4429, 4500]) expect(describeWebSocketClose(code)).toContain(`${code}`)
    expect(describeWebSocketClose(4406)).toMatch(/legacy subscriptions-transport-ws/)
    expect(describeWebSocketClose(1006)).toMatch(/may not accept WebSockets/)
  })

  it("appends the server's reason when it adds something, capped at 200 characters", () => {
    expect(describeWebSocketClose(4403, 'Token expired')).toBe('Forbidden (4403): the server refused this connection or operation. The server said: "Token expired"')
    expect(describeWebSocketClose(4403, 'Forbidden')).toBe('Forbidden (4403): the server refused this connection or operation.')
    expect(describeWebSocketClose(4401, 'x'.repeat(500)).length).toBeLessThan(400)
  })

  it('any code gives a sentence', () => {
    fc.assert(
      fc.property(fc.integer(), fc.string(), (code, reason) => {
        expect(describeWebSocketClose(code, reason)).toMatch(/\.|"$/)
      }),
    )
  })
})
