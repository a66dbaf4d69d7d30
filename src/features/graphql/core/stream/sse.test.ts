import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { growthRatio, LINEAR_RATIO_BOUND } from '@/shared/testing/scaling'
import { createSseReader, SseEventTooLargeError, type SseMessage } from './sse'

const bytes = (text: string) => new TextEncoder().encode(text)

function readAll(input: Uint8Array, cuts: number[] = [], maxEventBytes?: number): Pick<SseMessage, 'event' | 'data'>[] {
  const reader = createSseReader(maxEventBytes === undefined ? {} : { maxEventBytes })
  const out: Pick<SseMessage, 'event' | 'data'>[] = []
  let from = 0
  for (const cut of [...cuts, input.length].sort((a, b) => a - b)) {
    for (const message of reader.push(input.subarray(from, cut))) out.push({ event: message.event, data: message.data })
    from = cut
  }
  return out
}

describe('createSseReader: the HTML standard’s examples (event stream interpretation)', () => {
  it('data lines join with a newline; a comment is ignored', () => {
    expect(readAll(bytes(': test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n'))).toEqual([
      { event: '', data: 'first event' },
      { event: '', data: 'second event' },
      { event: '', data: ' third event' },
    ])
    expect(readAll(bytes('data: YHOO\ndata: +2\ndata: 10\n\n'))).toEqual([{ event: '', data: 'YHOO\n+2\n10' }])
  })

  it('empty data fields: "", then "\\n"; an event without its blank line is not dispatched', () => {
    expect(readAll(bytes('data\n\ndata\ndata\n\ndata:'))).toEqual([
      { event: '', data: '' },
      { event: '', data: '\n' },
    ])
  })

  it('"data:test" and "data: test" are the same', () => {
    expect(readAll(bytes('data:test\n\ndata: test\n\n'))).toEqual([
      { event: '', data: 'test' },
      { event: '', data: 'test' },
    ])
  })
})

describe('createSseReader: GraphQL over SSE (graphql-sse distinct connections, as graphql-yoga sends it)', () => {
  const yoga = 'event: next\ndata: {"data":{"countdown":2}}\n\n:\n\nevent: next\r\ndata: {"data":{"countdown":1}}\r\n\r\nevent: complete\rdata:\r\r'
  const expected = [
    { event: 'next', data: '{"data":{"countdown":2}}' },
    { event: 'next', data: '{"data":{"countdown":1}}' },
    { event: 'complete', data: '' },
  ]

  it('reads LF, CRLF and CR line ends and skips keep-alive comments', () => {
    expect(readAll(bytes(yoga))).toEqual(expected)
  })

  it('every single-byte split gives the same events (a CRLF cut in two is one line end)', () => {
    const input = bytes(yoga)
    for (let cut = 0; cut <= input.length; cut++) expect(readAll(input, [cut])).toEqual(expected)
  })

  it('property: however the bytes are split, the same events come out', () => {
    const text = fc.string({ unit: 'binary' }).map((s) => s.replace(/[\r\n]/g, ' '))
    const newline = fc.constantFrom('\n', '\r\n', '\r')
    fc.assert(
      fc.property(fc.array(fc.record({ event: fc.constantFrom('next', 'complete'), data: fc.array(text, { minLength: 1, maxLength: 3 }), nl: newline }), { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 10 }), (events, rawCuts) => {
        const input = bytes(events.map((e) => `event: ${e.event}${e.nl}${e.data.map((d) => `data: ${d}${e.nl}`).join('')}${e.nl}`).join(''))
        const cuts = rawCuts.map((c) => c % (input.length + 1))
        expect(readAll(input, cuts)).toEqual(events.map((e) => ({ event: e.event, data: e.data.join('\n') })))
      }),
      { numRuns: 200 },
    )
  })

  it('gives each event its size in bytes (its data)', () => {
    const [message] = createSseReader().push(bytes('event: next\ndata: {"a":"é"}\n\n'))
    expect(message?.size).toBe(bytes('{"a":"é"}').length)
  })
})

describe('createSseReader: limits and size', () => {
  it('a line that never ends is refused once it passes maxEventBytes, not kept growing', () => {
    const reader = createSseReader({ maxEventBytes: 1000 })
    reader.push(bytes('event: next\ndata: '))
    let error: unknown
    try {
      for (let i = 0; i < 100; i++) reader.push(bytes('x'.repeat(100)))
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(SseEventTooLargeError)
    expect((error as SseEventTooLargeError).limitBytes).toBe(1000)
  })

  it('an event of many data lines past the limit is refused; one just under it is read', () => {
    const lines = (n: number) => bytes(`event: next\n${'data: 123456789\n'.repeat(n)}\n`)
    expect(() => readAll(lines(101), [], 1000)).toThrow(SseEventTooLargeError)
    expect(readAll(lines(99), [], 1000)).toHaveLength(1)
  })

  it('reads a burst of 100,000 events in one chunk', () => {
    const input = bytes('event: next\ndata: {"data":{"n":1}}\n\n'.repeat(100_000))
    expect(createSseReader().push(input)).toHaveLength(100_000)
  })

  it('grows linearly: one event arriving in small chunks, and many events in one chunk', () => {
    const chunk = bytes('x'.repeat(256))
    const longLine = (size: number) => {
      const reader = createSseReader()
      reader.push(bytes('event: next\ndata: '))
      for (let sent = 0; sent < size; sent += chunk.length) reader.push(chunk)
    }
    expect(growthRatio(100_000, (size) => size, longLine)).toBeLessThan(LINEAR_RATIO_BOUND)
    const many = (count: number) => createSseReader().push(bytes('event: next\ndata: {"n":1}\n\n'.repeat(count)))
    expect(growthRatio(2_000, (size) => size, many)).toBeLessThan(LINEAR_RATIO_BOUND)
  })
})
