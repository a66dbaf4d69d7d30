/**
 * The response headers a server enforcing a policy would send: the IETF draft's `RateLimit-Policy` and
 * `RateLimit` (draft-ietf-httpapi-ratelimit-headers-08 to -11: Structured-Field Lists of named items), the
 * common `X-RateLimit-*` set (GitHub's names) for the binding quota, and on a denial `Retry-After` with
 * OpenAI's `retry-after-ms` for sub-second waits.
 */
import { serializeList } from 'structured-headers'
import { bindingDecision } from './quotas.ts'
import type { PolicyDecision } from './types.ts'

/** Whole seconds, rounded up (a client that waits this long is never early). */
const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000))

/**
 * Headers for one request's decisions (one per quota), at `nowMs` epoch milliseconds.
 *
 * - `RateLimit-Policy: "name";q=<limit>;w=<window seconds, at least 1>` per quota. Tokens and points are
 *   not among the draft's `qu` units (requests, content-bytes, concurrent-requests), so no `qu` is sent.
 * - `RateLimit: "name";r=<remaining>;t=<seconds until the whole quota is back>` per quota.
 * - `X-RateLimit-Limit`, `-Remaining`, `-Used`, `-Reset` (epoch seconds) and `-Resource` (its name) for the
 *   binding quota: that family has room for one.
 * - When denied and a wait can help: `Retry-After` (whole seconds, rounded up) and `retry-after-ms`.
 *
 * @example
 * policyHeaders([limiter.take(now)], now)['RateLimit'] // '"hour";r=4999;t=3600'
 */
export function policyHeaders(decisions: readonly PolicyDecision[], nowMs: number): Record<string, string> {
  const binding = bindingDecision(decisions)
  if (!binding) return {}
  const headers: Record<string, string> = {
    'RateLimit-Policy': serializeList(decisions.map((d) => [d.name, new Map([['q', d.limit], ['w', Math.max(1, seconds(d.windowMs))]])])),
    RateLimit: serializeList(decisions.map((d) => [d.name, new Map([['r', d.remaining], ['t', seconds(d.resetMs)]])])),
    'X-RateLimit-Limit': String(binding.limit),
    'X-RateLimit-Remaining': String(binding.remaining),
    'X-RateLimit-Used': String(binding.limit - binding.remaining),
    'X-RateLimit-Reset': String(Math.ceil((nowMs + binding.resetMs) / 1000)),
    'X-RateLimit-Resource': binding.name,
  }
  const denied = decisions.filter((d) => !d.allowed)
  if (denied.length > 0 && denied.every((d) => Number.isFinite(d.retryAfterMs))) {
    const wait = Math.max(...denied.map((d) => d.retryAfterMs))
    headers['Retry-After'] = String(seconds(wait))
    headers['retry-after-ms'] = String(Math.ceil(wait))
  }
  return headers
}
