import { describe, expect, it, vi } from 'vitest'
import type { BuiltRequest } from './build'
import { type GraphQLOutcome, type SendOptions, sendGraphQLRequest } from './send'
import type { PerformanceLike } from './timing'

const request: BuiltRequest = {
  url: 'https://api.example.com/graphql',
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json', Authorization: 'Bearer s3cret' },
  body: '{"query":"{ me { name } }","variables":{}}',
}

/** A clock that advances 10 ms per reading, and an optional Resource Timing entry for the URL. */
function fakePerformance(entries: unknown[] = []): PerformanceLike & { getEntriesByName: ReturnType<typeof vi.fn> } {
  let t = 990 // first reading 1000, before the entry starts (1005) as in a browser
  return {
    now: () => (t += 10),
    getEntriesByName: vi.fn((name: string) => (name === request.url ? entries : [])),
  }
}

function respondWith(response: () => Response) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response())
}

/** A fetch that only settles by rejecting when its signal aborts (or never, when `ignoreSignal`). */
function hangingFetch(ignoreSignal = false) {
  return vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        if (!ignoreSignal) init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      }),
  )
}

async function send(options: SendOptions): Promise<GraphQLOutcome> {
  return sendGraphQLRequest(request, { performance: fakePerformance(), ...options })
}

describe('sendGraphQLRequest: responses', () => {
  it('reports status, media type, headers, body, JSON, bytes, duration and timing phases', async () => {
    const body = '{"data":{"me":{"name":"Zoë"}}}'
    const fetch = respondWith(
      () =>
        new Response(body, {
          status: 200,
          statusText: 'OK',
          headers: { 'Content-Type': 'application/graphql-response+json; charset=utf-8', 'X-RateLimit-Remaining': '4' },
        }),
    )
    const entry = {
      startTime: 1005, duration: 80, domainLookupStart: 1006, domainLookupEnd: 1010, connectStart: 1010, connectEnd: 1030,
      secureConnectionStart: 1015, requestStart: 1031, responseStart: 1071, responseEnd: 1085, encodedBodySize: 40, nextHopProtocol: 'h2',
    }
    const outcome = await sendGraphQLRequest(request, { fetch, performance: fakePerformance([entry]) })
    expect(outcome).toEqual({
      kind: 'response',
      status: 200,
      statusText: 'OK',
      mediaType: 'application/graphql-response+json',
      headers: [
        ['content-type', 'application/graphql-response+json; charset=utf-8'],
        ['x-ratelimit-remaining', '4'],
      ],
      bodyText: body,
      json: { data: { me: { name: 'Zoë' } } },
      durationMs: 10,
      sizeBytes: new TextEncoder().encode(body).byteLength,
      url: request.url,
      redirected: false,
      timing: { dnsMs: 4, connectMs: 20, tlsMs: 15, ttfbMs: 40, downloadMs: 14, totalMs: 80, encodedBodySize: 40, protocol: 'h2' },
    })
    expect(outcome.kind === 'response' && outcome.sizeBytes).toBe(body.length + 1) // "ë" is two bytes
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe(request.url)
    expect(init).toMatchObject({ method: 'POST', headers: request.headers, body: request.body, credentials: 'same-origin' })
    expect(init?.signal).toBeInstanceOf(AbortSignal)
  })

  it('reports no timing when the server does not allow it (zeroed phases) or the API is missing', async () => {
    const fetch = respondWith(() => new Response('{}', { headers: { 'content-type': 'application/json' } }))
    const hidden = { startTime: 1005, duration: 80, domainLookupStart: 0, domainLookupEnd: 0, connectStart: 0, connectEnd: 0, secureConnectionStart: 0, requestStart: 0, responseStart: 0, responseEnd: 1085 }
    const perf = fakePerformance([hidden])
    const outcome = await sendGraphQLRequest(request, { fetch, performance: perf })
    expect(outcome).toMatchObject({ kind: 'response', json: {} })
    expect(outcome).not.toHaveProperty('timing')
    expect(perf.getEntriesByName).toHaveBeenCalledWith(request.url, 'resource')
    const bare = await sendGraphQLRequest(request, { fetch, performance: { now: () => 0 } })
    expect(bare).not.toHaveProperty('timing')
  })

  it('keeps HTML and other non-JSON bodies as text', async () => {
    const outcome = await send({ fetch: respondWith(() => new Response('<html>502</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } })) })
    expect(outcome).toMatchObject({ kind: 'response', status: 502, mediaType: 'text/html', bodyText: '<html>502</html>' })
    expect(outcome).not.toHaveProperty('json')
    expect(outcome).not.toHaveProperty('jsonError')
  })

  it('says why a body declared as JSON did not parse, and can leave parsing to a worker', async () => {
    const broken = respondWith(() => new Response('{"data":', { headers: { 'content-type': 'application/json' } }))
    expect(await send({ fetch: broken })).toMatchObject({ kind: 'response', jsonError: expect.any(String) })
    const ok = respondWith(() => new Response('{"data":{}}', { headers: { 'content-type': 'application/json' } }))
    const outcome = await send({ fetch: ok, parseJson: false })
    expect(outcome).toMatchObject({ kind: 'response', bodyText: '{"data":{}}', mediaType: 'application/json' })
    expect(outcome).not.toHaveProperty('json')
  })

  it('decodes with the declared charset and counts bytes, not characters', async () => {
    const bytes = new Uint8Array([0x63, 0x61, 0x66, 0xe9]) // "café" in ISO-8859-1
    const outcome = await send({ fetch: respondWith(() => new Response(bytes, { headers: { 'content-type': 'text/plain; charset=iso-8859-1' } })) })
    expect(outcome).toMatchObject({ kind: 'response', bodyText: 'café', sizeBytes: 4, mediaType: 'text/plain' })
  })

  it('hands over the start of a large body while the rest still arrives, with status and media type', async () => {
    const items = Array.from({ length: 40_000 }, (_, i) => `{"id":${i}}`).join(',')
    const body = `{"data":{"items":[${items}]}}`
    const starts: { status: number; mediaType: string; length: number; head: string }[] = []
    // In 64 KB chunks, as a network delivers it.
    const chunked = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder().encode(body)
          for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.subarray(at, at + 65_536))
          controller.close()
        },
      })
    const outcome = await send({
      fetch: respondWith(() => new Response(chunked(), { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } })),
      onBodyStart: ({ status, mediaType, text }) => starts.push({ status, mediaType, length: text.length, head: text.slice(0, 20) }),
    })
    expect(starts).toHaveLength(1)
    expect(starts[0]).toMatchObject({ status: 200, mediaType: 'application/json', head: body.slice(0, 20) })
    expect(starts[0]?.length).toBeGreaterThanOrEqual(256 * 1024)
    expect(starts[0]?.length).toBeLessThan(body.length)
    expect(outcome.kind === 'response' && outcome.bodyText).toBe(body)
  })

  it('uses global fetch by default', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"data":null}', { headers: { 'content-type': 'application/json' } }))
    try {
      expect(await sendGraphQLRequest(request, { performance: fakePerformance() })).toMatchObject({ kind: 'response', json: { data: null } })
      expect(spy).toHaveBeenCalledOnce()
    } finally {
      spy.mockRestore()
    }
  })
})

describe('sendGraphQLRequest: cancel and timeout', () => {
  it('returns aborted when the caller cancels, before or during the request', async () => {
    const controller = new AbortController()
    const fetch = hangingFetch()
    const pending = send({ fetch, signal: controller.signal, timeoutMs: 5_000 })
    controller.abort()
    expect(await pending).toMatchObject({ kind: 'aborted' })

    const fetch2 = hangingFetch()
    expect(await send({ fetch: fetch2, signal: AbortSignal.abort() })).toEqual({ kind: 'aborted', durationMs: 0 })
    expect(fetch2).not.toHaveBeenCalled()
  })

  it('returns timeout, not aborted, when the time limit fires, even if fetch ignores the signal', async () => {
    expect(await send({ fetch: hangingFetch(), timeoutMs: 10 })).toMatchObject({ kind: 'timeout' })
    expect(await send({ fetch: hangingFetch(true), timeoutMs: 10 })).toMatchObject({ kind: 'timeout' })
  })

  it('applies the timeout to reading the body too', async () => {
    const endless = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"da')) })
    expect(await send({ fetch: respondWith(() => new Response(endless)), timeoutMs: 20 })).toMatchObject({ kind: 'timeout' })
  })
})

describe('sendGraphQLRequest: network errors', () => {
  const failing = () => vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
  const pageOrigin = 'https://workbench.example'

  it('diagnoses CORS when a server answers the no-cors probe, with curl and the preflight probe', async () => {
    // As a browser answers: the POST is refused by CORS, the no-cors probe gets an opaque answer.
    const corsRefused = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.mode === 'no-cors' ? ({ type: 'opaque', status: 0 } as Response) : Promise.reject(new TypeError('Failed to fetch')),
    )
    const outcome = await send({ fetch: corsRefused, pageOrigin, secretHeaders: ['authorization'] })
    expect(outcome).toEqual({
      kind: 'network-error',
      message: 'Failed to fetch',
      likelyCause: 'cors',
      url: request.url,
      curl: `curl -sS -X POST 'https://api.example.com/graphql' -H 'Content-Type: application/json' -H 'Accept: application/graphql-response+json' -H "Authorization: $AUTHORIZATION" --data-raw '{"query":"{ me { name } }","variables":{}}'`,
      envVars: [{ header: 'Authorization', variable: 'AUTHORIZATION' }],
      preflightCurl: `curl -i -X OPTIONS 'https://api.example.com/graphql' -H 'Origin: https://workbench.example' -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: authorization,content-type'`,
      preflightHeaders: ['authorization', 'content-type'],
      durationMs: expect.any(Number),
    })
  })

  it('says "unreachable" when the probes get no answer either: a server that is down is not CORS', async () => {
    expect(await send({ fetch: failing(), pageOrigin })).toMatchObject({ kind: 'network-error', likelyCause: 'unreachable' })
    // Without probing, the inference alone still says CORS.
    expect(await send({ fetch: failing(), pageOrigin, diagnose: false })).toMatchObject({ likelyCause: 'cors' })
  })

  it('says offline, mixed content or unknown when those fit better', async () => {
    expect(await send({ fetch: failing(), pageOrigin, online: false })).toMatchObject({ likelyCause: 'offline' })
    const http = { ...request, url: 'http://api.example.com/graphql' }
    expect(await sendGraphQLRequest(http, { fetch: failing(), pageOrigin, performance: fakePerformance() })).toMatchObject({ likelyCause: 'mixed-content' })
    expect(await send({ fetch: failing(), pageOrigin: 'https://api.example.com', diagnose: false })).toMatchObject({ likelyCause: 'unknown' })
    const intranet = { ...request, url: 'https://graphql/' }
    expect(await sendGraphQLRequest(intranet, { fetch: failing(), performance: fakePerformance(), diagnose: false })).toMatchObject({ likelyCause: 'unknown' })
    const weird = vi.fn(async () => Promise.reject(new Error('boom')))
    expect(await send({ fetch: weird, pageOrigin })).toMatchObject({ kind: 'network-error', message: 'boom', likelyCause: 'unknown' })
  })

  it('does not blame CORS when the connection breaks after the response started', async () => {
    const broken = new ReadableStream<Uint8Array>({ pull: (c) => c.error(new TypeError('network error')) })
    const outcome = await send({ fetch: respondWith(() => new Response(broken)), pageOrigin })
    expect(outcome).toMatchObject({ kind: 'network-error', likelyCause: 'unknown', afterResponse: true })
  })

  it('prints the real header values in curl unless they are marked secret', async () => {
    const outcome = await send({ fetch: failing() })
    expect(outcome).toMatchObject({ kind: 'network-error', envVars: [], preflightCurl: expect.stringContaining("'Origin: null'") })
    expect(outcome.kind === 'network-error' && outcome.curl).toContain("'Authorization: Bearer s3cret'")
  })
})
