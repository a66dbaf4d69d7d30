/**
 * Known providers' documented policies, each with the page it comes from. Where a provider documents a
 * number but not the algorithm, the model chosen is named in `notes`.
 */
import type { RatePolicy } from './types.ts'

/** One provider's documented policy set. */
export interface PolicyPreset {
  id: string
  provider: string
  title: string
  /** The quotas, enforced together. */
  policies: RatePolicy[]
  /** The provider's documentation page. */
  source: string
  /** What varies (plans, tiers) and what is modelled rather than documented. */
  notes: string
}

/** Requests and tokens per minute, as OpenAI states them per model and usage tier. */
export interface OpenAiLimits {
  requestsPerMinute: number
  tokensPerMinute: number
}

/**
 * OpenAI's two quotas as token buckets holding a minute's worth and refilling it over a minute (OpenAI's
 * reset headers count the time until the quota is fully replenished).
 */
export function openAiPolicies(limits: OpenAiLimits): RatePolicy[] {
  return [
    { kind: 'token-bucket', name: 'requests', capacity: limits.requestsPerMinute, refillPerSecond: limits.requestsPerMinute / 60 },
    { kind: 'token-bucket', name: 'tokens', unit: 'tokens', capacity: limits.tokensPerMinute, refillPerSecond: limits.tokensPerMinute / 60 },
  ]
}

const GITHUB_REST = 'https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api'

/** The presets, in menu order. */
export const POLICY_PRESETS: readonly PolicyPreset[] = [
  {
    id: 'github-rest-primary',
    provider: 'GitHub',
    title: 'REST API, primary rate limit (authenticated user)',
    policies: [{ kind: 'fixed-window', name: 'core', limit: 5000, windowMs: 3_600_000 }],
    source: GITHUB_REST,
    notes: '5,000 requests per hour for a user token (15,000 for GitHub Apps owned by an Enterprise Cloud organisation, 60 unauthenticated). The hour is modelled as a fixed window; X-RateLimit-Reset gives its end in Unix seconds.',
  },
  {
    id: 'github-rest-primary-secondary',
    provider: 'GitHub',
    title: 'REST API, primary and secondary limits together',
    policies: [
      { kind: 'fixed-window', name: 'core', limit: 5000, windowMs: 3_600_000 },
      { kind: 'sliding-window', name: 'secondary', unit: 'points', limit: 900, windowMs: 60_000 },
    ],
    source: GITHUB_REST,
    notes: 'Secondary: at most 900 points per minute (GET, HEAD, OPTIONS cost 1 point, POST, PATCH, PUT, DELETE 5), besides 100 concurrent requests and 80 content-creating requests per minute. GitHub does not state the window type; it is modelled as a sliding window, the stricter reading. A secondary limit is signalled by Retry-After, not by X-RateLimit-*.',
  },
  {
    id: 'shopify-rest',
    provider: 'Shopify',
    title: 'Admin REST API, leaky bucket',
    policies: [{ kind: 'token-bucket', name: 'rest', capacity: 40, refillPerSecond: 2 }],
    source: 'https://shopify.dev/docs/api/usage/limits#rate-limits',
    notes: 'Bucket of 40 requests leaking 2 per second on standard plans (Shopify Plus: 80 and 4 per second). X-Shopify-Shop-Api-Call-Limit shows used/size.',
  },
  {
    id: 'shopify-graphql',
    provider: 'Shopify',
    title: 'Admin GraphQL API, calculated query cost',
    policies: [{ kind: 'token-bucket', name: 'cost', unit: 'points', capacity: 1000, refillPerSecond: 50 }],
    source: 'https://shopify.dev/docs/api/usage/limits#graphql-admin-api-rate-limits',
    notes: '1,000 cost points restored at 50 points per second on standard plans; higher plans get larger buckets and faster restore rates. Each response reports the query cost and the bucket in extensions.cost.throttleStatus.',
  },
  {
    id: 'openai-example-tier',
    provider: 'OpenAI',
    title: 'Requests and tokens per minute (example tier)',
    policies: openAiPolicies({ requestsPerMinute: 500, tokensPerMinute: 200_000 }),
    source: 'https://platform.openai.com/docs/guides/rate-limits',
    notes: 'Limits depend on the model and the organisation’s usage tier: 500 RPM and 200,000 TPM are an example only — read yours from x-ratelimit-limit-requests and x-ratelimit-limit-tokens. Both quotas are modelled as buckets holding a minute’s worth; the binding one is usually tokens.',
  },
]
