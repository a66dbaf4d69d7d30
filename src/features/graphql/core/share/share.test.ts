import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isSecretHeader } from '../../../../shared/core/redact'
import { fromBase64Url, toBase64Url } from './base64url'
import { ShareLinkError, type ShareLinkErrorCode } from './errors'
import { SHARE_LIMITS, decodeShareFragment, encodeShareFragment, type ShareInput } from './share'

async function rejection(promise: Promise<unknown>): Promise<ShareLinkError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ShareLinkError)
    return error as ShareLinkError
  }
  throw new Error('expected a ShareLinkError')
}
const codeOf = async (fragment: string): Promise<ShareLinkErrorCode> => (await rejection(decodeShareFragment(fragment))).code
/** A hand-made fragment from raw JSON text, to test what a hostile or old link can contain. */
const handMade = (json: string, codec = 'j', version = '1'): string => `gql=${version}${codec}.${toBase64Url(new TextEncoder().encode(json))}`

const BASE: ShareInput = {
  endpoint: 'https://api.example.com/graphql',
  query: 'query Viewer($id: ID!) { node(id: $id) { id } }',
  variables: '{"id": "42"}',
  operationName: 'Viewer',
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('encodeShareFragment / decodeShareFragment', () => {
  it('round-trips a request, compact and versioned', async () => {
    const fragment = await encodeShareFragment({ ...BASE, query: `${BASE.query}\n${'# padding comment\n'.repeat(50)}` })
    expect(fragment).toMatch(/^gql=1d\.[\w-]+$/)
    expect(fragment.length).toBeLessThan(400)
    const decoded = await decodeShareFragment(`#${fragment}`)
    expect(decoded).toMatchObject({ endpoint: BASE.endpoint, variables: BASE.variables, operationName: 'Viewer', headers: [], transport: 'auto' })
    const odd = 'lone \uD800 and \uDFFF surrogates, emoji 🧪, NUL \u0000, RTL \u202E'
    expect((await decodeShareFragment(await encodeShareFragment({ ...BASE, query: odd }))).query).toBe(odd)
  })

  it('carries the subscription transport when it is not automatic', async () => {
    for (const transport of ['sse', 'ws'] as const) {
      expect((await decodeShareFragment(await encodeShareFragment({ ...BASE, transport }))).transport).toBe(transport)
    }
    const automatic = await encodeShareFragment({ ...BASE, transport: 'auto' })
    expect(automatic).toBe(await encodeShareFragment(BASE)) // nothing added for the default
    expect((await decodeShareFragment(automatic)).transport).toBe('auto')
  })

  it('round-trips arbitrary text, non-ASCII and lone surrogates included (property)', async () => {
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 200 }))
    await fc.assert(
      fc.asyncProperty(text, text, fc.array(fc.tuple(fc.stringMatching(/^X-[A-Za-z0-9]{1,10}$/), fc.string({ unit: 'grapheme-ascii', maxLength: 30 })), { maxLength: 4 }), async (query, variables, headers) => {
        const input = { endpoint: 'https://例え.jp/graphql?q=ü', query, variables, headers }
        const decoded = await decodeShareFragment(await encodeShareFragment(input))
        // Exact, lone surrogates too: JSON.stringify escapes them (\udXXX), so UTF-8 never sees them.
        expect(decoded.query).toBe(query)
        expect(decoded.variables).toBe(variables)
        expect(decoded.endpoint).toBe(input.endpoint)
        expect(decoded.headers).toEqual(headers.map(([name, value]) => ({ name, value, secret: isSecretHeader(name) })).map((h) => (h.secret ? { ...h, value: '' } : h)))
      }),
      { numRuns: 60 },
    )
  }, 30_000)

  it('never puts secret header values in the link, but keeps their names to fill in (property)', async () => {
    const name = fc.oneof(fc.constantFrom('Authorization', 'Cookie', 'X-Api-Key', 'X-Auth-Token', 'x-secret'), fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,12}$/))
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, fc.boolean()), { maxLength: 6 }), fc.nat(), async (headers, salt) => {
        const pairs = headers.map(([n], i) => [n, `S${salt}E${i}CRET`] as [string, string])
        const flagged = headers.filter(([, f]) => f).map(([n]) => n)
        const fragment = await encodeShareFragment({ ...BASE, headers: pairs, secretHeaderNames: flagged })
        const decoded = await decodeShareFragment(fragment)
        // Check the raw JSON inside the link, not only what the decoder returns.
        const raw = await rawJson(fragment)
        pairs.forEach(([n, value], i) => {
          const secret = isSecretHeader(n, flagged)
          expect(decoded.headers[i]).toEqual({ name: n, value: secret ? '' : value, secret })
          if (secret) expect(raw).not.toContain(value)
        })
      }),
      { numRuns: 50 },
    )
  }, 30_000)

  it('drops credentials a hand-made link carries, instead of making the receiver send them', async () => {
    const decoded = await decodeShareFragment(handMade('{"e":"https://x.test","q":"{a}","h":[["Authorization","Bearer ATTACKER"],["X-Debug","1"]]}'))
    expect(decoded.headers).toEqual([
      { name: 'Authorization', value: '', secret: true },
      { name: 'X-Debug', value: '1', secret: false },
    ])
  })

  it('falls back to plain base64url JSON without CompressionStream', async () => {
    vi.stubGlobal('CompressionStream', undefined)
    const fragment = await encodeShareFragment({ ...BASE, query: 'é'.repeat(300) })
    expect(fragment.startsWith('gql=1j.')).toBe(true)
    expect((await decodeShareFragment(fragment)).query).toBe('é'.repeat(300))
  })

  it('uses plain JSON when compression would not help', async () => {
    expect(await encodeShareFragment({ endpoint: '', query: '{a}' })).toMatch(/^gql=1j\./)
  })

  it('reports compressed links it cannot read without DecompressionStream', async () => {
    const fragment = await encodeShareFragment({ ...BASE, query: 'x'.repeat(500) })
    vi.stubGlobal('DecompressionStream', undefined)
    expect(await codeOf(fragment)).toBe('unsupported')
  })

  it('finds its parameter among others in the fragment', async () => {
    const fragment = await encodeShareFragment(BASE)
    expect((await decodeShareFragment(`#tab=graphql&${fragment}&x=1`)).query).toBe(BASE.query)
  })

  it('refuses to make a link the receiver would reject', async () => {
    const huge = Array.from({ length: 120_000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('')
    expect((await rejection(encodeShareFragment({ ...BASE, query: huge }))).code).toBe('too-large')
  })
})

describe('decodeShareFragment rejects malformed links with typed errors', () => {
  it('missing data', async () => {
    for (const fragment of ['', '#', '#tab=1', 'gql=']) expect(await codeOf(fragment)).toBe('missing')
  })
  it('unknown versions and codecs', async () => {
    expect(await codeOf(handMade('{}', 'j', '2'))).toBe('version')
    expect(await codeOf(handMade('{}', 'z'))).toBe('version')
    expect(await codeOf('gql=hello')).toBe('version')
  })
  it('damaged encodings', async () => {
    expect(await codeOf('gql=1j.abc$def')).toBe('encoding')
    expect(await codeOf('gql=1j.a')).toBe('encoding')
    expect(await codeOf('gql=1d.AAAA')).toBe('encoding')
    expect(await codeOf(`gql=1j.${toBase64Url(new Uint8Array([0xff, 0xfe, 0x7b]))}`)).toBe('encoding')
    expect(await codeOf(handMade('{"e": "x",'))).toBe('encoding')
    const good = await encodeShareFragment({ ...BASE, query: 'y'.repeat(400) })
    expect(await codeOf(good.slice(0, good.length - 6))).toBe('encoding')
  })
  it('wrong types, forms and unknown flags', async () => {
    for (const json of [
      '[]',
      '"text"',
      '{"q": "{a}"}',
      '{"e": "", "q": 5}',
      '{"e": "javascript:alert(1)", "q": "{a}"}',
      '{"e": "", "q": "{a}", "v": {"a": 1}}',
      '{"e": "", "q": "{a}", "o": "not a name"}',
      '{"e": "", "q": "{a}", "h": {"A": "b"}}',
      '{"e": "", "q": "{a}", "h": [["Bad Name", "v"]]}',
      '{"e": "", "q": "{a}", "h": [["A", 1]]}',
      '{"e": "", "q": "{a}", "h": [["A", "", 2]]}',
      '{"e": "", "q": "{a}", "t": "auto"}',
      '{"e": "", "q": "{a}", "t": "http"}',
      '{"e": "", "q": "{a}", "t": 1}',
    ]) {
      expect(await codeOf(handMade(json)), json).toBe('invalid')
    }
  })
  it('drops unknown keys', async () => {
    const decoded = await decodeShareFragment(handMade('{"e": "", "q": "{a}", "run": true, "__proto__": {"x": 1}}'))
    expect(Object.keys(decoded).sort()).toEqual(['endpoint', 'headers', 'query', 'transport', 'variables'])
  })
  it('bounds sizes before and after decompression', async () => {
    expect(await codeOf(`gql=1j.${'A'.repeat(SHARE_LIMITS.fragmentChars + 2_000)}`)).toBe('too-large')
    expect(await codeOf(handMade(JSON.stringify({ e: '', q: 'q'.repeat(SHARE_LIMITS.queryChars + 1) })))).toBe('too-large')
    expect(await codeOf(handMade(JSON.stringify({ e: '', q: '', h: Array.from({ length: 101 }, () => ['A', 'b']) })))).toBe('invalid')
    // A "zip bomb": 8 MB of spaces deflate to a few kB; decoding must stop at the limit.
    const bomb = await deflateRaw(new TextEncoder().encode(`{"e":"","q":"${' '.repeat(8_000_000)}"}`))
    expect(bomb.length).toBeLessThan(SHARE_LIMITS.fragmentChars)
    expect(await codeOf(`gql=1d.${toBase64Url(bomb)}`)).toBe('too-large')
  }, 30_000)
})

describe('base64url', () => {
  it('round-trips bytes and rejects foreign characters (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64Url(bytes)
        expect(text).toBe(Buffer.from(bytes).toString('base64url'))
        expect(fromBase64Url(text)).toEqual(bytes)
      }),
    )
    for (const bad of ['a+b/', 'ab==', 'a b', 'é', 'a']) expect(fromBase64Url(bad)).toBeUndefined()
  })
})

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

async function rawJson(fragment: string): Promise<string> {
  const [, codec, data] = /^gql=1([dj])\.(.*)$/.exec(fragment) ?? []
  const bytes = fromBase64Url(data ?? '')!
  if (codec === 'j') return new TextDecoder().decode(bytes)
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw'))
  return new TextDecoder().decode(await new Response(stream).arrayBuffer())
}
