import { describe, expect, it } from 'vitest'
import { createLimiter } from './models.ts'
import { POLICY_PRESETS } from './presets.ts'
import { createQuotasLimiter } from './quotas.ts'

const preset = (id: string) => {
  const found = POLICY_PRESETS.find((p) => p.id === id)
  if (!found) throw new Error(`no preset ${id}`)
  return found
}

describe('provider presets', () => {
  it('each cites its provider’s documentation over https and says what varies', () => {
    const hosts: Record<string, string> = { GitHub: 'docs.github.com', Shopify: 'shopify.dev', OpenAI: 'platform.openai.com' }
    for (const p of POLICY_PRESETS) {
      expect(new URL(p.source).protocol).toBe('https:')
      expect(new URL(p.source).host).toBe(hosts[p.provider])
      expect(p.notes.length).toBeGreaterThan(40)
      expect(() => createQuotasLimiter(p.policies)).not.toThrow()
    }
    expect(new Set(POLICY_PRESETS.map((p) => p.id)).size).toBe(POLICY_PRESETS.length)
    expect(preset('openai-example-tier').notes).toMatch(/tier/)
  })
  it('GitHub primary: 5,000 in the hour, the 5,001st waits for the hour’s end', () => {
    const limiter = createLimiter(preset('github-rest-primary').policies[0]!)
    for (let i = 0; i < 5000; i++) expect(limiter.take(i).allowed).toBe(true)
    expect(limiter.take(5000)).toMatchObject({ allowed: false, retryAfterMs: 3_600_000 - 5000 })
  })
  it('Shopify REST: 40 at once, then 2 per second; GraphQL: 1,000 points, then 50 per second', () => {
    const rest = createLimiter(preset('shopify-rest').policies[0]!)
    expect(Array.from({ length: 41 }, () => rest.take(0).allowed).filter(Boolean)).toHaveLength(40)
    expect(rest.take(499).allowed).toBe(false)
    expect(rest.take(500).allowed).toBe(true)
    const graphql = createLimiter(preset('shopify-graphql').policies[0]!)
    expect(graphql.take(0, 1000).allowed).toBe(true)
    expect(graphql.peek(0, 50).retryAfterMs).toBe(1000)
  })
  it('OpenAI example: a 10,000-token request uses 1 of 500 requests and a twentieth of the tokens, which bind', () => {
    const limiter = createQuotasLimiter(preset('openai-example-tier').policies)
    const decisions = Array.from({ length: 21 }, () => limiter.take(0, 10_000))
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20)
    expect(decisions.at(-1)).toMatchObject({ binding: 'tokens', retryAfterMs: 3000 })
  })
})
