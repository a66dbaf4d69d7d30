import { describe, expect, it } from 'vitest'
import { sendableHeaders } from './sendable'

describe('sendableHeaders', () => {
  it('keeps the provider\'s headers and leaves out what the browser sets and what a relay added (a smee.io capture of a GitHub delivery)', () => {
    // Header names as smee.io's server forwards them (probot/smee.io lib/server.js copies req.headers) behind its proxy.
    const captured: [string, string][] = [
      ['host', 'smee.io'],
      ['x-forwarded-for', '140.82.115.1'],
      ['x-forwarded-proto', 'https'],
      ['via', '1.1 vegur'],
      ['content-length', '7384'],
      ['user-agent', 'GitHub-Hookshot/6f2b5b1'],
      ['accept', '*/*'],
      ['x-github-delivery', '72d3162e-cc78-11e3-81ab-4c9367dc0958'],
      ['x-github-event', 'issues'],
      ['x-hub-signature-256', 'sha256=d57c68ca6f92289e6987922ff26938930f6e66a2d161ef06abdf1859230aa23c'],
      ['content-type', 'application/json'],
      ['accept-encoding', 'gzip'],
      ['x-request-start', '1716400000000'],
      ['connection', 'close'],
      ['cf-ray', '8a1b2c3d4e5f-IAD'],
    ]
    const { headers, leftOut } = sendableHeaders(captured)
    expect(headers.map(([n]) => n)).toEqual(['user-agent', 'accept', 'x-github-delivery', 'x-github-event', 'x-hub-signature-256', 'content-type'])
    expect(leftOut).toEqual(['host', 'x-forwarded-for', 'x-forwarded-proto', 'via', 'content-length', 'accept-encoding', 'x-request-start', 'connection', 'cf-ray'])
  })

  it('leaves out the fetch metadata of a browser capture (Origin, Referer, Sec-Fetch-*, Accept-Language) and keeps one value per name', () => {
    const { headers, leftOut } = sendableHeaders([
      ['Origin', 'http://127.0.0.1:4173'],
      ['Sec-Fetch-Mode', 'cors'],
      ['Accept-Language', 'en-US'],
      ['Referer', 'http://127.0.0.1:4173/'],
      ['X-Shopify-Topic', 'orders/create'],
      ['x-shopify-topic', 'orders/paid'],
      ['Sec-Fetch-Site', 'same-site'],
    ])
    expect(headers).toEqual([['x-shopify-topic', 'orders/paid']])
    expect(leftOut).toEqual(['Origin', 'Sec-Fetch-Mode', 'Accept-Language', 'Referer', 'Sec-Fetch-Site'])
  })
})
