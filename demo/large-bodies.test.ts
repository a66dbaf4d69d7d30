import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { gzipBomb, largeBodyChunks } from './large-bodies.ts'
import { startGraphQLDemo, type GraphQLDemoServer } from './graphql-demo.ts'
import { startWebhookReceiver } from './webhook-receiver.ts'

const join = (bytes: number, type: 'json' | 'text') => Buffer.concat([...largeBodyChunks(bytes, type)])

describe('large bodies for the crash tests', () => {
  test('JSON of exactly the asked size is a valid GraphQL response, sent in ~64 KB chunks', () => {
    for (const bytes of [30, 500, 300_001, 1024 * 1024]) {
      const body = join(bytes, 'json')
      expect(body.length).toBe(bytes)
      const value = JSON.parse(body.toString('utf8')) as { data: { products: { id: string }[] } }
      if (bytes > 200) expect(value.data.products[0]?.id).toBe('prod-000001')
    }
    expect(Math.max(...[...largeBodyChunks(1024 * 1024, 'json')].map((c) => c.length))).toBeLessThan(70 * 1024)
  })

  test('text of exactly the asked size, in lines', () => {
    const body = join(200_000, 'text')
    expect(body.length).toBe(200_000)
    expect(body.toString('utf8').startsWith('line 1: The compact keyboard')).toBe(true)
  })

  test('the gzip bomb is tiny on the wire and inflates to NUL bytes', async () => {
    const bomb = await gzipBomb(10_000_000)
    expect(bomb.length).toBeLessThan(20 * 1024)
    const inflated = gunzipSync(bomb)
    expect(inflated.length).toBe(10_000_000)
    expect(inflated.every((b) => b === 0)).toBe(true)
  })
})

describe('both demo servers serve them, with CORS', () => {
  let graphql: GraphQLDemoServer
  let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>
  beforeAll(async () => {
    graphql = await startGraphQLDemo({ port: 0 })
    webhook = await startWebhookReceiver(0)
  })
  afterAll(async () => {
    await graphql.close()
    webhook.server.closeAllConnections()
    await new Promise((resolve) => webhook.server.close(resolve))
  })

  test.each(['graphql', 'webhook'])('%s: /big and /gzip-bomb', async (which) => {
    const origin = which === 'graphql' ? graphql.origin : webhook.origin
    const init = { method: 'POST', headers: { origin: 'http://127.0.0.1:4173', 'content-type': 'application/json' }, body: '{}' }
    const big = await fetch(`${origin}/big?mb=2&type=text`, init)
    expect(big.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173')
    expect(big.headers.get('content-type')).toContain('text/plain')
    expect((await big.arrayBuffer()).byteLength).toBe(2_000_000)
    const bomb = await fetch(`${origin}/gzip-bomb?mb=1`, init)
    expect(bomb.headers.get('content-encoding')).toBe('gzip')
    expect((await bomb.arrayBuffer()).byteLength).toBe(1_000_000)
  })

  test('a held body sends its first 512 KB, then the rest once released', async () => {
    const response = await fetch(`${graphql.origin}/big?mb=2&type=json&hold=unit`, { method: 'POST', body: '{}' })
    const reader = response.body!.getReader()
    let received = 0
    let pending = reader.read()
    // Read until the stream goes quiet for 300 ms after the first 512 KB: the server holds the rest.
    for (;;) {
      const result = await Promise.race([pending, new Promise<'quiet'>((resolve) => setTimeout(() => resolve('quiet'), 300))])
      if (result === 'quiet') {
        if (received >= 512 * 1024) break
        continue
      }
      received += result.value?.byteLength ?? 0
      pending = reader.read()
    }
    expect(received).toBeLessThan(2_000_000)
    expect((await fetch(`${graphql.origin}/big/release?hold=unit`)).status).toBe(204)
    for (let result = await pending; !result.done; result = await reader.read()) received += result.value.byteLength
    expect(received).toBe(2_000_000)
    expect((await fetch(`${graphql.origin}/big/release?hold=unit`)).status).toBe(404) // released already
  })
})
