import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'
import { boundaryOf, createMultipartReader, MultipartPartTooLargeError, type MultipartPart } from './multipart'

const bytes = (text: string) => new TextEncoder().encode(text)

/** A body as graphql-yoga / Apollo Server send it for `@defer`. */
function body(payloads: string[], boundary = '-', close = true): string {
  const parts = payloads.map((p) => `\r\n--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${p}`).join('')
  return `${parts}\r\n--${boundary}${close ? '--\r\n' : ''}`
}

function readAll(input: Uint8Array, cuts: number[], boundary = '-'): { parts: MultipartPart[]; closed: boolean } {
  const reader = createMultipartReader(boundary)
  const parts: MultipartPart[] = []
  let from = 0
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    parts.push(...reader.push(input.slice(from, cut)))
    from = cut
  }
  parts.push(...reader.push(input.slice(from)))
  const end = reader.end()
  return { parts: [...parts, ...end.parts], closed: end.closed }
}

describe('boundaryOf', () => {
  it.each([
    ['multipart/mixed; boundary="-"; deferSpec=20220824', '-'],
    ['multipart/mixed;boundary=graphql;subscriptionSpec=1.0', 'graphql'],
    ['Multipart/Mixed; Boundary="a b"', 'a b'],
  ])('%s → %s', (contentType, boundary) => {
    expect(boundaryOf(contentType)).toBe(boundary)
  })

  it.each([null, undefined, '', 'application/json', 'multipart/form-data; boundary=x', 'multipart/mixed', `multipart/mixed; boundary=${'x'.repeat(71)}`])(
    'not a usable multipart/mixed: %s',
    (contentType) => {
      expect(boundaryOf(contentType)).toBeUndefined()
    },
  )
})

describe('createMultipartReader', () => {
  const first = '{"data":{"hero":{"id":"1"}},"pending":[{"id":"0","path":["hero"]}],"hasNext":true}'
  const second = '{"incremental":[{"id":"0","data":{"name":"Luke"}}],"completed":[{"id":"0"}],"hasNext":false}'

  it('reads each part with its headers and byte size, and sees the closing delimiter', () => {
    const { parts, closed } = readAll(bytes(body([first, second])), [])
    expect(parts.map((p) => p.body)).toEqual([first, second])
    expect(parts[0]?.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(parts[0]?.size).toBe(first.length)
    expect(closed).toBe(true)
  })

  it('gives each part as soon as the delimiter after it arrives, not at the end', () => {
    const reader = createMultipartReader('-')
    const input = body([first, second])
    const afterFirst = input.indexOf('\r\n---', 5) + '\r\n---'.length
    expect(reader.push(bytes(input.slice(0, afterFirst - 1)))).toEqual([])
    expect(reader.push(bytes(input.slice(afterFirst - 1, afterFirst))).map((p) => p.body)).toEqual([first])
    expect(reader.push(bytes(input.slice(afterFirst))).map((p) => p.body)).toEqual([second])
  })

  it('ignores a preamble and an epilogue; accepts a delimiter at the very start and parts without headers', () => {
    const input = `--b\r\n\r\n{"a":1}\r\n--b\r\n\r\n{"a":2}\r\n--b--\r\nepilogue`
    expect(readAll(bytes('preamble\r\n' + input), [], 'b').parts.map((p) => p.body)).toEqual(['{"a":1}', '{"a":2}'])
    expect(readAll(bytes(input), [], 'b').parts.map((p) => p.body)).toEqual(['{"a":1}', '{"a":2}'])
  })

  it('a body cut off before its closing delimiter: the last part is still given, and closed is false', () => {
    const input = `\r\n--b\r\n\r\n{"a":1}\r\n--b\r\n\r\n{"a":2}`
    const result = readAll(bytes(input), [], 'b')
    expect(result.parts.map((p) => p.body)).toEqual(['{"a":1}', '{"a":2}'])
    expect(result.closed).toBe(false)
  })

  it('multi-byte characters split between chunks are decoded whole', () => {
    const payload = '{"name":"Łukasz 🚀 日本"}'
    const input = bytes(body([payload]))
    for (let cut = 1; cut < input.length; cut++) expect(readAll(input, [cut]).parts[0]?.body).toBe(payload)
  })

  it('property: however the bytes are split, the same parts come out', () => {
    const payload = fc.oneof(fc.json(), fc.string({ unit: 'binary' }).map((s) => JSON.stringify(s)))
    fc.assert(
      fc.property(
        fc.array(payload, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('-', 'graphql', 'x-y_z'),
        fc.array(fc.nat(), { maxLength: 12 }),
        (payloads, boundary, rawCuts) => {
          const input = bytes(body(payloads, boundary))
          const cuts = rawCuts.map((c) => c % (input.length + 1))
          const result = readAll(input, cuts, boundary)
          expect(result.parts.map((p) => p.body)).toEqual(payloads)
          expect(result.closed).toBe(true)
        },
      ),
      { numRuns: 100 },
    )
  })

  it('every single-byte split of a two-part body', () => {
    const input = bytes(body([first, second]))
    for (let cut = 0; cut <= input.length; cut++) expect(readAll(input, [cut]).parts.map((p) => p.body)).toEqual([first, second])
  })
})

describe('createMultipartReader on large bodies', () => {
  const part = '{"incremental":[{"id":"0","items":[1]}],"hasNext":true}'

  /** Reads `count` parts, fed in one chunk or in 1 KB chunks; returns how many came out. */
  function readParts(count: number, chunkSize: number): number {
    const input = bytes(body(Array.from({ length: count }, () => part)))
    const reader = createMultipartReader('-')
    let read = 0
    for (let from = 0; from < input.length; from += chunkSize) read += reader.push(input.subarray(from, from + chunkSize)).length
    return read + reader.end().parts.length
  }

  it('reads 20,000 parts whole, in one chunk and in 1 KB chunks', () => {
    expect(readParts(20_000, Number.MAX_SAFE_INTEGER)).toBe(20_000)
    expect(readParts(20_000, 1024)).toBe(20_000)
  })

  it('grows linearly: ten times the parts in one chunk take well under a hundred times as long', () => {
    expect(growthRatio(2_000, (size) => size, (n) => readParts(n, Number.MAX_SAFE_INTEGER))).toBeLessThan(LINEAR_RATIO_BOUND)
  })

  it('grows linearly with one large part arriving in small chunks', () => {
    const chunk = bytes('x'.repeat(256))
    const feed = (size: number) => {
      const reader = createMultipartReader('-')
      reader.push(bytes('---\r\n\r\n'))
      for (let sent = 0; sent < size; sent += chunk.length) reader.push(chunk)
    }
    expect(growthRatio(100_000, (size) => size, feed)).toBeLessThan(LINEAR_RATIO_BOUND)
  })

  it('refuses a part past maxPartBytes, and a body with no delimiter past it, instead of growing', () => {
    const reader = createMultipartReader('-', { maxPartBytes: 1000 })
    reader.push(bytes('\r\n---\r\n\r\n'))
    expect(() => reader.push(bytes('x'.repeat(1001)))).toThrow(MultipartPartTooLargeError)
    const noDelimiter = createMultipartReader('-', { maxPartBytes: 1000 })
    let error: unknown
    try {
      for (let i = 0; i < 20; i++) noDelimiter.push(bytes('y'.repeat(100)))
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(MultipartPartTooLargeError)
    expect((error as MultipartPartTooLargeError).beforeFirstPart).toBe(true)
    expect((error as MultipartPartTooLargeError).limitBytes).toBe(1000)
  })

  it('a part just under the limit is read whole, with its byte size', () => {
    const payload = `"${'é'.repeat(300)}"`
    const parts = createMultipartReader('-', { maxPartBytes: 1000 }).push(bytes(body([payload])))
    expect(parts.map((p) => p.size)).toEqual([new TextEncoder().encode(payload).length])
  })
})
