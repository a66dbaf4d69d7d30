import { describe, expect, it } from 'vitest'
import { deliveryOutcome, readReceiverReport } from './delivery-format'

describe('readReceiverReport', () => {
  it('collects a checking receiver\u2019s problems (delivery checks and sequence relations); none when it checks nothing', () => {
    const body = (v: unknown) => JSON.stringify(v)
    expect(readReceiverReport(body({ signatureValid: true, checks: { problems: [] }, sequence: { problems: [], unexplained: ['x'] } }))).toEqual({ signatureValid: true, problems: [] })
    expect(readReceiverReport(body({ checks: { problems: ['a', 7] }, sequence: { problems: ['b'] } }))?.problems).toEqual(['a', 'b'])
    expect(readReceiverReport(body({ signatureValid: false }))).toEqual({ signatureValid: false })
    expect(readReceiverReport(body({ checks: 'nothing' }))).toBeNull()
  })
})

describe('deliveryOutcome', () => {
  it("quotes a handler's kilobytes of reason phrase as an excerpt, so the delivery list's line stays a line", () => {
    const long = 'Teapot '.repeat(300)
    const { text } = deliveryOutcome({ result: { status: 418, statusText: long, durationMs: 3, sentAt: new Date(0), headers: [], body: '' } })
    expect(text).toBe(`418 ${long.slice(0, 40)}… (2,100 characters)`)
  })
})
