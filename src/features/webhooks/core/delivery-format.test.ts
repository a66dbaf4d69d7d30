import { describe, expect, it } from 'vitest'
import { readReceiverReport } from './delivery-format'

describe('readReceiverReport', () => {
  it('collects a checking receiver\u2019s problems (delivery checks and sequence relations); none when it checks nothing', () => {
    const body = (v: unknown) => JSON.stringify(v)
    expect(readReceiverReport(body({ signatureValid: true, checks: { problems: [] }, sequence: { problems: [], unexplained: ['x'] } }))).toEqual({ signatureValid: true, problems: [] })
    expect(readReceiverReport(body({ checks: { problems: ['a', 7] }, sequence: { problems: ['b'] } }))?.problems).toEqual(['a', 'b'])
    expect(readReceiverReport(body({ signatureValid: false }))).toEqual({ signatureValid: false })
    expect(readReceiverReport(body({ checks: 'nothing' }))).toBeNull()
  })
})
