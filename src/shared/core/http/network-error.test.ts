/**
 * The diagnosis decides by what the browser exposes to its probes. These fakes answer as Chromium
 * does (checked against real servers in tests/e2e/network-diagnosis.spec.ts): a `no-cors` fetch to
 * any server that sends an HTTP response resolves with an opaque response; a `cors` fetch with
 * `redirect: 'manual'` resolves `opaqueredirect` for a redirect carrying CORS headers; with
 * nothing listening, every fetch rejects with "TypeError: Failed to fetch".
 */
import { describe, expect, it, vi } from 'vitest'
import { diagnoseNetworkFailure, likelyNetworkCause, type NetworkProbe } from './network-error'
import { addressSpaceOf, withTargetAddressSpace } from './address-space'
import { describeNetworkFailure } from './network-failure-words'

const failed = () => Promise.reject(new TypeError('Failed to fetch'))
const opaque = () => Promise.resolve({ type: 'opaque', status: 0 } as Response)
const opaqueRedirect = () => Promise.resolve({ type: 'opaqueredirect', status: 0 } as Response)

/** A fake browser network: how a no-cors probe and a manual-redirect cors probe are answered. */
function network(answers: { noCors: () => Promise<Response>; manual: () => Promise<Response> }) {
  return vi.fn((_url: RequestInfo | URL, init?: RequestInit) => (init?.mode === 'no-cors' ? answers.noCors() : answers.manual()))
}

const page = 'http://127.0.0.1:4173'
const typeError = new TypeError('Failed to fetch')
const noPermission: NetworkProbe['localNetworkPermission'] = async () => undefined

describe('diagnoseNetworkFailure', () => {
  it('calls a closed port "unreachable", not CORS (the old inference said CORS)', async () => {
    expect(likelyNetworkCause(typeError, 'http://127.0.0.1:7999/graphql', { pageOrigin: page })).toBe('cors')
    const fetch = network({ noCors: failed, manual: failed })
    expect(await diagnoseNetworkFailure(typeError, 'http://127.0.0.1:7999/graphql', { pageOrigin: page }, { fetch, localNetworkPermission: noPermission })).toBe('unreachable')
  })

  it('calls CORS only when a server answered the no-cors probe', async () => {
    const fetch = network({ noCors: opaque, manual: failed })
    expect(await diagnoseNetworkFailure(typeError, 'http://127.0.0.1:4401/graphql', { pageOrigin: page }, { fetch, localNetworkPermission: noPermission })).toBe('cors')
    // Same origin: CORS does not apply, so an answering server leaves the cause unknown.
    expect(await diagnoseNetworkFailure(typeError, `${page}/graphql`, { pageOrigin: page }, { fetch })).toBe('unknown')
  })

  it('calls a redirect a redirect, whether or not the no-cors probe got through (a loop fails it)', async () => {
    const loop = network({ noCors: failed, manual: opaqueRedirect })
    expect(await diagnoseNetworkFailure(typeError, 'https://api.example.com/loop', { pageOrigin: page }, { fetch: loop, localNetworkPermission: noPermission })).toBe('redirect')
    const once = network({ noCors: opaque, manual: opaqueRedirect })
    expect(await diagnoseNetworkFailure(typeError, 'https://api.example.com/old', { pageOrigin: page }, { fetch: once })).toBe('redirect')
  })

  it('probes the origin and path only, without credentials, headers or the query', async () => {
    const fetch = network({ noCors: opaque, manual: failed })
    await diagnoseNetworkFailure(typeError, 'https://api.example.com/graphql?query={me{id}}&token=abc', { pageOrigin: page }, { fetch, targetAddressSpace: false })
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['https://api.example.com/graphql', 'https://api.example.com/graphql'])
    for (const [, init] of fetch.mock.calls) expect(init).toMatchObject({ method: 'GET', credentials: 'omit', cache: 'no-store' })
    expect(fetch.mock.calls.map(([, init]) => [init?.mode, init?.redirect])).toEqual([['no-cors', 'follow'], ['cors', 'manual']])
    expect(fetch.mock.calls.every(([, init]) => init?.headers === undefined && init?.body === undefined)).toBe(true)
  })

  it('names a refused Local Network Access permission before probing (Chrome blocks the probes too)', async () => {
    const fetch = network({ noCors: failed, manual: failed })
    const denied = vi.fn(async () => 'denied' as const)
    expect(await diagnoseNetworkFailure(typeError, 'http://localhost:4000/graphql', { pageOrigin: 'https://workbench.example' }, { fetch, localNetworkPermission: denied })).toBe('local-network')
    expect(fetch).not.toHaveBeenCalled()
    expect(denied).toHaveBeenCalledWith('loopback')
    // A dismissed prompt on a public page is a refusal too; on a local page the permission does not apply.
    const prompt = async () => 'prompt' as const
    expect(await diagnoseNetworkFailure(typeError, 'https://192.168.1.20/graphql', { pageOrigin: 'https://workbench.example' }, { fetch, localNetworkPermission: prompt })).toBe('local-network')
    expect(await diagnoseNetworkFailure(typeError, 'http://localhost:4000/graphql', { pageOrigin: page }, { fetch, localNetworkPermission: prompt })).toBe('unreachable')
    // A public target never asks for the permission.
    const asked = vi.fn(async () => 'denied' as const)
    expect(await diagnoseNetworkFailure(typeError, 'https://api.example.com/graphql', { pageOrigin: page }, { fetch, localNetworkPermission: asked })).toBe('unreachable')
    expect(asked).not.toHaveBeenCalled()
  })

  it('keeps offline, mixed content and non-network errors without probing; a probe that hangs leaves the inference', async () => {
    const fetch = network({ noCors: failed, manual: failed })
    expect(await diagnoseNetworkFailure(typeError, 'https://api.example.com/', { online: false }, { fetch })).toBe('offline')
    expect(await diagnoseNetworkFailure(typeError, 'http://api.example.com/', { pageOrigin: 'https://app.example' }, { fetch })).toBe('mixed-content')
    expect(await diagnoseNetworkFailure(new RangeError('x'), 'https://api.example.com/', {}, { fetch })).toBe('unknown')
    expect(fetch).not.toHaveBeenCalled()
    const hang = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))))
    expect(await diagnoseNetworkFailure(typeError, 'https://api.example.com/', { pageOrigin: page }, { fetch: hang, timeoutMs: 20 })).toBe('cors')
  })
})

describe('Local Network Access helpers', () => {
  it('knows loopback and private address spaces from IP literals and localhost names only', () => {
    expect(['http://localhost:4000/', 'http://app.localhost/', 'http://127.0.0.1/', 'http://[::1]:8080/'].map(addressSpaceOf)).toEqual(['loopback', 'loopback', 'loopback', 'loopback'])
    expect(['http://10.0.0.2/', 'http://172.16.5.4/', 'http://172.31.0.1/', 'http://192.168.1.1/', 'http://169.254.1.1/', 'http://[fd00::1]/', 'http://[fe80::1]/'].map(addressSpaceOf)).toEqual(Array(7).fill('local'))
    expect(['http://172.32.0.1/', 'http://8.8.8.8/', 'https://api.example.com/', 'http://printer.local/', 'not a url'].map(addressSpaceOf)).toEqual(Array(5).fill(undefined))
  })

  it("sets targetAddressSpace only for a known local target and a browser that supports it ('local' for loopback is refused by Chrome)", () => {
    expect(withTargetAddressSpace('http://localhost:4000/graphql', { method: 'POST' }, true)).toEqual({ method: 'POST', targetAddressSpace: 'loopback' })
    expect(withTargetAddressSpace('http://192.168.1.5/graphql', {}, true)).toEqual({ targetAddressSpace: 'local' })
    expect(withTargetAddressSpace('https://api.example.com/graphql', {}, true)).toEqual({})
    expect(withTargetAddressSpace('http://localhost:4000/graphql', {}, false)).toEqual({})
  })
})

describe('describeNetworkFailure', () => {
  it('says what happened and the next step, narrowed by the URL', () => {
    const down = describeNetworkFailure('unreachable', 'http://127.0.0.1:7999/graphql')
    expect(down.title).toBe('No server answered at 127.0.0.1:7999')
    expect(down.explanation).not.toMatch(/DNS|TLS/)
    expect(down.nextStep).toMatch(/^Start the server/)
    const secure = describeNetworkFailure('unreachable', 'https://api.example.com/graphql')
    expect(secure.explanation).toMatch(/DNS.*TLS/)
    // A TLS refusal means a server did answer: the heading must not say none did.
    expect(secure.title).toBe('No secure connection to api.example.com')
    expect(secure.nextStep).toMatch(/trust its certificate/)
    expect(describeNetworkFailure('unreachable', 'http://127.0.0.1:4999/webhook', { peer: 'handler' }).nextStep).toMatch(/^Start the handler/)
    expect(describeNetworkFailure('local-network', 'http://localhost:4000/graphql').title).toBe('Local network access was refused')
    expect(describeNetworkFailure('redirect', 'http://127.0.0.1:4400/redirect-loop').title).toBe('The server at 127.0.0.1:4400 answered with a redirect')
    expect(describeNetworkFailure('cors', 'http://127.0.0.1:4401/graphql').title).toMatch(/^Blocked by CORS/)
    expect(describeNetworkFailure('unknown', 'http://x.test/', { afterResponse: true }).title).toBe('The connection broke during the response')
  })
})
