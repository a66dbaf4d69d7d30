import { describe, expect, it } from 'vitest'
import { corsPreflightHeaderNames, isCorsSafelistedRequestHeader, needsPreflight, toPreflightCurl } from './preflight'

describe('CORS safelist', () => {
  it('follows the Fetch rules for the four safelisted headers', () => {
    expect(isCorsSafelistedRequestHeader('Accept', 'application/graphql-response+json, application/json;q=0.9')).toBe(true)
    expect(isCorsSafelistedRequestHeader('Accept', 'a(b)')).toBe(false)
    expect(isCorsSafelistedRequestHeader('Content-Type', 'application/json')).toBe(false)
    expect(isCorsSafelistedRequestHeader('content-type', 'text/plain; charset=utf-8')).toBe(true)
    expect(isCorsSafelistedRequestHeader('Accept-Language', 'en-US,en;q=0.5')).toBe(true)
    expect(isCorsSafelistedRequestHeader('Accept-Language', 'en"')).toBe(false)
    expect(isCorsSafelistedRequestHeader('Range', 'bytes=0-10')).toBe(true)
    expect(isCorsSafelistedRequestHeader('Authorization', 'x')).toBe(false)
    expect(isCorsSafelistedRequestHeader('Accept', 'a'.repeat(129))).toBe(false)
  })

  it('lists preflight header names lower-cased, sorted and unique', () => {
    expect(
      corsPreflightHeaderNames({ 'Content-Type': 'application/json', Accept: 'application/json', Authorization: 'x', 'X-B': '1', 'x-b': '2' }),
    ).toEqual(['authorization', 'content-type', 'x-b'])
    expect(corsPreflightHeaderNames({ Accept: '*/*', 'Content-Type': 'text/plain' })).toEqual([])
  })

  it('knows when a preflight happens', () => {
    expect(needsPreflight('POST', { 'Content-Type': 'application/json' })).toBe(true)
    expect(needsPreflight('POST', { 'Content-Type': 'text/plain' })).toBe(false)
    expect(needsPreflight('PUT', {})).toBe(true)
  })
})

describe('toPreflightCurl', () => {
  it('builds the probe', () => {
    expect(toPreflightCurl('https://api.example.com/graphql', 'https://app.example', 'POST', ['content-type', 'Authorization'])).toBe(
      `curl -i -X OPTIONS 'https://api.example.com/graphql' -H 'Origin: https://app.example' -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: authorization,content-type'`,
    )
  })

  it('omits Access-Control-Request-Headers without names, defaults to POST and supports multiline', () => {
    expect(toPreflightCurl('https://a.example/', 'null')).toBe(
      `curl -i -X OPTIONS 'https://a.example/' -H 'Origin: null' -H 'Access-Control-Request-Method: POST'`,
    )
    expect(toPreflightCurl('https://a.example/', 'null', 'PUT', [], { multiline: true })).toContain(" \\\n  -H 'Access-Control-Request-Method: PUT'")
  })

  it('quotes hostile input and refuses what cannot be sent', () => {
    expect(toPreflightCurl("https://a.example/'[x]", "https://o'x", 'POST', [])).toContain(`-g 'https://a.example/'\\''[x]' -H 'Origin: https://o'\\''x'`)
    expect(() => toPreflightCurl('https://a.example/', 'https://o\nx')).toThrow(RangeError)
    expect(() => toPreflightCurl('https://a.example/', 'null', 'P T')).toThrow(RangeError)
    expect(() => toPreflightCurl('https://a.example/', 'null', 'POST', ['bad name'])).toThrow(RangeError)
  })
})
