import { describe, expect, it } from 'vitest'
import { likelyNetworkCause } from '../../../../shared/core/http/network-error'
import { readTimingPhases } from './timing'

const entry = {
  startTime: 100, duration: 50, domainLookupStart: 101, domainLookupEnd: 103, connectStart: 103, connectEnd: 110,
  secureConnectionStart: 0, requestStart: 111, responseStart: 140, responseEnd: 150,
}

describe('readTimingPhases', () => {
  const perf = (entries: unknown[]) => ({ now: () => 0, getEntriesByName: () => entries })

  it('computes phases from the latest entry that started after the request', () => {
    const stale = { ...entry, startTime: 10, requestStart: 11, responseStart: 12, responseEnd: 13 }
    expect(readTimingPhases(perf([entry, stale]), 'u', 100)).toEqual({ dnsMs: 2, connectMs: 7, ttfbMs: 29, downloadMs: 10, totalMs: 50 })
    expect(readTimingPhases(perf([stale]), 'u', 100)).toBeUndefined()
  })

  it('returns nothing without the API, without Timing-Allow-Origin, or for odd entries', () => {
    expect(readTimingPhases(undefined, 'u', 0)).toBeUndefined()
    expect(readTimingPhases({ now: () => 0 }, 'u', 0)).toBeUndefined()
    expect(readTimingPhases(perf([{ ...entry, requestStart: 0, responseStart: 0 }]), 'u', 0)).toBeUndefined()
    expect(readTimingPhases(perf([{ name: 'u' }, null, 3]), 'u', 0)).toBeUndefined()
    const throwing = { now: () => 0, getEntriesByName: () => { throw new Error('unsupported') } }
    expect(readTimingPhases(throwing, 'u', 0)).toBeUndefined()
  })
})

describe('likelyNetworkCause', () => {
  const typeError = new TypeError('Failed to fetch')
  it('puts offline first, then mixed content, then CORS', () => {
    expect(likelyNetworkCause(typeError, 'http://api.example.com/', { online: false, pageOrigin: 'https://app.example' })).toBe('offline')
    expect(likelyNetworkCause(typeError, 'http://api.example.com/', { pageOrigin: 'https://app.example' })).toBe('mixed-content')
    expect(likelyNetworkCause(typeError, 'https://api.example.com/', { pageOrigin: 'https://app.example' })).toBe('cors')
    expect(likelyNetworkCause(typeError, 'http://localhost:4000/graphql')).toBe('cors')
  })
  it('falls back to unknown when CORS cannot be the cause or the error is not fetch\'s', () => {
    expect(likelyNetworkCause(typeError, 'https://app.example/graphql', { pageOrigin: 'https://app.example' })).toBe('unknown')
    expect(likelyNetworkCause(typeError, 'https://intranet/graphql')).toBe('unknown')
    expect(likelyNetworkCause(new RangeError('x'), 'https://api.example.com/')).toBe('unknown')
  })
})
