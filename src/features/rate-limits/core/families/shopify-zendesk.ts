/**
 * Families packing several numbers into one header: Shopify's `used/limit` bucket and Zendesk's
 * `total=…; remaining=…; resets=…` per-endpoint limits (plus its account-wide `x-rate-limit`).
 */
import type { ParseContext } from '../context.ts'
import { checkCount, parseDecimal, readCount } from '../numbers.ts'
import { buildQuota } from '../quota.ts'
import { resetFromNumber } from '../reset.ts'
import type { Quota } from '../types.ts'
import { present } from './common.ts'

const SHOPIFY = /^x-[a-z0-9-]*shop-api-call-limit$/

/**
 * `used/limit` split at its one slash, each side trimmed. A regex (`/^\s*([^/]*?)\s*\/\s*([^/]*?)\s*$/`)
 * froze the tab for 11 s on `1<200,000 spaces>x` sent by a hostile server.
 */
function usedAndLimit(value: string): [string, string] | undefined {
  const slash = value.indexOf('/')
  if (slash < 0 || value.includes('/', slash + 1)) return undefined
  return [value.slice(0, slash).trim(), value.slice(slash + 1).trim()]
}

/** Shopify REST: `X-Shopify-Shop-Api-Call-Limit: 32/40` is 32 calls used of a 40-call bucket (8 left). */
export function parseShopify(ctx: ParseContext): Quota[] {
  const quotas: (Quota | undefined)[] = []
  for (const lower of ctx.headers.names()) {
    if (!SHOPIFY.test(lower)) continue
    const field = ctx.headers.get(lower)
    if (!field) continue
    const where = { header: field.name, line: field.line }
    const m = usedAndLimit(field.value)
    if (!m) {
      ctx.warn({ code: 'non-numeric', ...where, message: `${field.name}: "${field.value}" is not of the form used/limit (e.g. 32/40).` })
      continue
    }
    const used = checkCount(ctx, parseDecimal(m[0]), m[0], where, { what: 'used count', minusOneMeansUnlimited: false })
    const limit = checkCount(ctx, parseDecimal(m[1]), m[1], where, { what: 'limit', minusOneMeansUnlimited: false })
    quotas.push(buildQuota(ctx, { family: 'shopify', label: 'REST bucket', used, limit }))
  }
  return present(quotas)
}

const ZENDESK_ENDPOINT = /^zendesk-ratelimit-(.+)$/

/** Zendesk: account-wide `x-rate-limit` / `x-rate-limit-remaining` and endpoint limits such as `zendesk-ratelimit-tickets-index`. */
export function parseZendesk(ctx: ParseContext): Quota[] {
  const h = ctx.headers
  const quotas: (Quota | undefined)[] = []
  if (h.has('x-rate-limit')) {
    quotas.push(
      buildQuota(ctx, {
        family: 'zendesk',
        label: 'account',
        limit: readCount(ctx, h.get('x-rate-limit'), { what: 'limit' }),
        remaining: readCount(ctx, h.get('x-rate-limit-remaining'), { what: 'remaining count' }),
      }),
    )
  }
  for (const lower of h.names()) {
    const label = ZENDESK_ENDPOINT.exec(lower)?.[1]
    const field = label ? h.get(lower) : undefined
    if (!label || !field) continue
    const where = { header: field.name, line: field.line }
    // `total=100; remaining=99; resets=41` is not a structured field (no leading item), so it is split by hand.
    const parts = new Map<string, string>()
    for (const part of field.value.split(';')) {
      const [k, ...v] = part.split('=')
      if (k && v.length > 0) parts.set(k.trim().toLowerCase(), v.join('=').trim())
    }
    const read = (key: string, what: string) => {
      const raw = parts.get(key)
      return raw === undefined ? undefined : checkCount(ctx, parseDecimal(raw), raw, where, { what })
    }
    const resets = parts.get('resets')
    const resetN = resets === undefined ? undefined : parseDecimal(resets)
    if (resets !== undefined && resetN === undefined) {
      ctx.warn({ code: 'invalid-reset', ...where, message: `${field.name}: resets="${resets}" is not a number of seconds.` })
    }
    quotas.push(
      buildQuota(ctx, {
        family: 'zendesk',
        label,
        limit: read('total', 'limit'),
        remaining: read('remaining', 'remaining count'),
        reset: resetN === undefined ? undefined : resetFromNumber(ctx, resetN, resets ?? '', 'delay-seconds', where),
      }),
    )
  }
  return present(quotas)
}
