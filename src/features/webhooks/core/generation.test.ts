import { describe, expect, it } from 'vitest'
import { createSeededRandom, generateWebhook, providers, serializePayload, UnknownWebhookError, type WebhookSample } from './index'

const NOW = new Date('2026-03-01T12:34:56.789Z')
const UNIX = 1772368496
const ISO = '2026-03-01T12:34:56Z'

const SHA = /^[0-9a-f]{40}$/
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const stripeIdRe = (prefix: string, n: number) => new RegExp(`^${prefix}_[A-Za-z0-9]{${n}}$`)

function gen(provider: string, event: string, seed?: number): WebhookSample {
  return generateWebhook(provider, event, seed === undefined ? { now: NOW } : { now: NOW, random: createSeededRandom(seed) })
}
type Obj = Record<string, unknown>
const o = (v: unknown): Obj => v as Obj
const a = (v: unknown): Obj[] => v as Obj[]

/** All string values anywhere in the value. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  if (Array.isArray(v)) return v.flatMap(strings)
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings)
  return []
}
function keyPaths(v: unknown, prefix = ''): string[] {
  if (Array.isArray(v)) return v.flatMap((x) => keyPaths(x, `${prefix}[]`))
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [`${prefix}.${k}`, ...keyPaths(x, `${prefix}.${k}`)])
  return []
}

const allEvents = providers.flatMap((p) => p.events.map((e) => [p.id, e.type] as const))

describe('providers', () => {
  it('lists the required providers and events', () => {
    const byId = Object.fromEntries(providers.map((p) => [p.id, p.events.map((e) => e.type)]))
    expect(byId).toEqual({
      github: ['push', 'pull_request.opened', 'issues.opened', 'release.published', 'ping'],
      stripe: ['payment_intent.succeeded', 'customer.subscription.created', 'checkout.session.completed', 'invoice.payment_failed', 'charge.refunded'],
      slack: ['message', 'app_mention', 'reaction_added', 'url_verification'],
      shopify: ['orders/create', 'orders/paid', 'customers/create'],
      'standard-webhooks': ['invoice.paid'],
      gitlab: ['push', 'merge_request.open'],
    })
  })

  it.each(allEvents)('%s %s has a label and a one-sentence description', (providerId, type) => {
    const event = providers.find((p) => p.id === providerId)?.events.find((e) => e.type === type)
    expect(event?.label).toMatch(/^\S.{2,40}$/)
    expect(event?.description).toMatch(/^[A-Z][^.!?]*(?:\.[a-z_][^.!?]*)*\.$/)
  })

  it('throws typed errors for unknown providers and events', () => {
    expect(() => generateWebhook('bitbucket', 'push')).toThrow(UnknownWebhookError)
    expect(() => generateWebhook('github', 'nope')).toThrow(/GitHub has no event "nope"/)
    expect(() => generateWebhook('github', 'push', { now: new Date('invalid') })).toThrow(RangeError)
  })
})

describe.each(allEvents)('%s %s', (providerId, eventType) => {
  const sample = gen(providerId, eventType)
  const info = providers.find((p) => p.id === providerId)

  it('names itself, sends a JSON content type and no signature headers', () => {
    expect(sample.provider).toBe(providerId)
    expect(sample.event).toBe(eventType)
    expect(sample.headers['Content-Type']).toMatch(/^application\/json(; charset=utf-8)?$/)
    const names = Object.keys(sample.headers).map((h) => h.toLowerCase())
    for (const h of ['x-hub-signature-256', 'x-hub-signature', 'stripe-signature', 'x-slack-signature', 'x-shopify-hmac-sha256', 'webhook-signature', 'x-gitlab-token']) {
      expect(names).not.toContain(h)
    }
  })

  it('exposes the delivery id where the provider puts it', () => {
    if (info?.deliveryIdHeader) expect(sample.headers[info.deliveryIdHeader]).toBe(sample.deliveryId)
    else if (providerId === 'stripe') expect(sample.payload['id']).toBe(sample.deliveryId)
    else if (eventType === 'url_verification') expect(sample.payload['challenge']).toBe(sample.deliveryId)
    else expect(sample.payload['event_id']).toBe(sample.deliveryId)
  })

  it('body is the serialised payload', () => {
    expect(serializePayload(providerId, sample.payload)).toBe(sample.body)
    if (providerId !== 'shopify') expect(JSON.parse(sample.body)).toEqual(sample.payload)
  })

  it('uses only obviously sample e-mails and no real-looking domains', () => {
    for (const s of strings(sample.payload)) {
      for (const email of s.match(/(?<![\w.+-])[\w.+-]+@[\w.-]+\.[a-z]+/gi) ?? []) {
        expect(email, s).toMatch(/@example\.com$|^git@git(hub|lab\.example)\.com$/)
      }
      for (const host of s.match(/https?:\/\/[^/?#\s]+/g) ?? []) {
        expect(host).toMatch(/^https?:\/\/((api|uploads)\.)?github\.com$|avatars\.githubusercontent\.com$|example\.com$|sample-shop\.myshopify\.com$|api\.slack\.com$|stripe\.com$/)
      }
    }
  })

  it('is deterministic for a seed and differs across seeds', () => {
    expect(gen(providerId, eventType, 5)).toEqual(gen(providerId, eventType, 5))
    expect(gen(providerId, eventType, 5).deliveryId).not.toBe(gen(providerId, eventType, 6).deliveryId)
  })

  it('stamps the injected now, and regenerating yields fresh ids and a fresh timestamp', () => {
    const seconds = (d: Date) => Math.floor(d.getTime() / 1000)
    expect(eventTimes(sample).length).toBeGreaterThan(0)
    expect(eventTimes(sample).map(seconds)).toEqual(eventTimes(sample).map(() => UNIX))
    const later = new Date(NOW.getTime() + 61_000)
    const again = generateWebhook(providerId, eventType, { now: later })
    expect(again.deliveryId).not.toBe(sample.deliveryId)
    expect(eventTimes(again).map(seconds)).toEqual(eventTimes(again).map(() => UNIX + 61))
  })
})

/** The timestamps of a sample that must be the generation time, per provider/event. */
function eventTimes(s: WebhookSample): Date[] {
  const p = s.payload
  const unix = (v: unknown) => new Date(Number(v) * 1000)
  const iso = (v: unknown) => new Date(String(v).replace(/^(\d{4}-\d\d-\d\d) (\S+) UTC$/, '$1T$2Z'))
  switch (`${s.provider} ${s.event}`) {
    case 'github push':
      return [...a(p['commits']).map((c) => iso(c['timestamp'])), unix(o(p['repository'])['pushed_at']), iso(o(p['repository'])['updated_at'])]
    case 'github pull_request.opened':
      return [iso(o(p['pull_request'])['created_at']), iso(o(p['pull_request'])['updated_at'])]
    case 'github issues.opened':
      return [iso(o(p['issue'])['created_at']), iso(o(p['issue'])['updated_at'])]
    case 'github release.published':
      return [iso(o(p['release'])['published_at'])]
    case 'github ping':
      return [iso(o(p['hook'])['created_at'])]
    case 'slack url_verification':
      return [unix(s.headers['X-Slack-Request-Timestamp'])]
    case 'gitlab push':
      return a(p['commits']).map((c) => iso(c['timestamp']))
    case 'gitlab merge_request.open':
      return [iso(o(p['object_attributes'])['created_at']), iso(o(p['object_attributes'])['updated_at'])]
    default:
      break
  }
  switch (s.provider) {
    case 'stripe':
      return [unix(p['created'])]
    case 'slack':
      return [unix(s.headers['X-Slack-Request-Timestamp']), unix(p['event_time']), unix(String(o(p['event'])['event_ts']).split('.')[0])]
    case 'shopify':
      return [iso(s.headers['X-Shopify-Triggered-At']), iso(p['created_at']), iso(p['updated_at'])]
    case 'standard-webhooks':
      return [unix(s.headers['webhook-timestamp']), iso(p['timestamp'])]
    default:
      return []
  }
}

describe('different events have different payload shapes', () => {
  it.each(providers.filter((p) => p.events.length > 1).map((p) => p.id))('%s', (providerId) => {
    const info = providers.find((p) => p.id === providerId)
    const shapes = (info?.events ?? []).map((e) => {
      const p = gen(providerId, e.type, 1).payload
      // orders/create and orders/paid are both Order resources; they differ in financial_status
      return JSON.stringify([keyPaths(p).sort(), p['financial_status'] ?? null])
    })
    expect(new Set(shapes).size).toBe(shapes.length)
  })
})

describe('GitHub formats and consistency', () => {
  it('push: SHAs, after = head_commit.id, Unix-integer repository timestamps', () => {
    const { payload: p, headers } = gen('github', 'push')
    const head = o(p['head_commit'])
    expect(p['before']).toMatch(SHA)
    expect(p['after']).toMatch(SHA)
    expect(p['after']).toBe(head['id'])
    expect(a(p['commits']).at(-1)).toEqual(head)
    for (const c of a(p['commits'])) {
      expect(c['id']).toMatch(SHA)
      expect(c['tree_id']).toMatch(SHA)
      expect(new Date(String(c['timestamp'])).getTime()).toBe(UNIX * 1000)
      expect(c['url']).toBe(`https://github.com/${String(o(p['repository'])['full_name'])}/commit/${String(c['id'])}`)
    }
    expect(p['compare']).toContain(`${String(p['before']).slice(0, 12)}...${String(p['after']).slice(0, 12)}`)
    const repo = o(p['repository'])
    expect(repo['pushed_at']).toBe(UNIX)
    expect(Number.isInteger(repo['created_at'])).toBe(true)
    expect(repo['updated_at']).toBe(ISO)
    expect(headers['X-GitHub-Event']).toBe('push')
    expect(headers['X-GitHub-Delivery']).toMatch(GUID)
    expect(headers['User-Agent']).toMatch(/^GitHub-Hookshot\/[0-9a-f]{7}$/)
    expect(headers['X-GitHub-Hook-ID']).toMatch(/^\d+$/)
    expect(headers['X-GitHub-Hook-Installation-Target-Type']).toBe('repository')
    expect(headers['X-GitHub-Hook-Installation-Target-ID']).toBe(String(repo['id']))
  })

  it('pull_request.opened: number = pull_request.number, ISO timestamps = now', () => {
    const { payload: p, headers } = gen('github', 'pull_request.opened')
    const pr = o(p['pull_request'])
    expect(p['action']).toBe('opened')
    expect(pr['number']).toBe(p['number'])
    expect(pr['html_url']).toMatch(new RegExp(`/pull/${String(p['number'])}$`))
    expect(pr['created_at']).toBe(ISO)
    expect(pr['updated_at']).toBe(ISO)
    expect(o(pr['head'])['sha']).toMatch(SHA)
    expect(o(pr['user'])['login']).toBe(o(p['sender'])['login'])
    expect(o(p['repository'])['pushed_at']).toBe(ISO)
    expect(headers['X-GitHub-Event']).toBe('pull_request')
  })

  it('issues.opened, release.published and ping', () => {
    const issue = gen('github', 'issues.opened')
    expect(o(issue.payload['issue'])['created_at']).toBe(ISO)
    expect(issue.headers['X-GitHub-Event']).toBe('issues')
    const release = gen('github', 'release.published')
    expect(o(release.payload['release'])['published_at']).toBe(ISO)
    expect(o(release.payload['release'])['tag_name']).toMatch(/^v\d+\.\d+\.\d+$/)
    const ping = gen('github', 'ping')
    expect(o(ping.payload['hook'])['id']).toBe(ping.payload['hook_id'])
    expect(ping.headers['X-GitHub-Hook-ID']).toBe(String(ping.payload['hook_id']))
    expect(o(ping.payload['hook'])['created_at']).toBe(ISO)
  })

  it('legacy node ids decode to type and id', () => {
    const sender = o(gen('github', 'ping').payload['sender'])
    expect(atob(String(sender['node_id']))).toBe(`04:User${String(sender['id'])}`)
  })
})

describe('Stripe formats and consistency', () => {
  const envelope = (p: Obj, type: string) => {
    expect(p['id']).toMatch(stripeIdRe('evt', 24))
    expect(p['object']).toBe('event')
    expect(p['type']).toBe(type)
    expect(p['created']).toBe(UNIX)
    expect(p['api_version']).toMatch(/^\d{4}-\d{2}-\d{2}\.[a-z]+$/)
    expect(p['livemode']).toBe(false)
    expect(o(p['request'])['id']).toMatch(/^req_[A-Za-z0-9]{14}$/)
    expect(o(p['request'])['idempotency_key']).toMatch(GUID)
    expect(o(p['data'])).not.toHaveProperty('previous_attributes')
    return o(o(p['data'])['object'])
  }
  /** Every `cus_…` anywhere in the payload is the same customer. */
  const oneCustomer = (p: Obj) => {
    const ids = new Set(strings(p).filter((s) => s.startsWith('cus_')))
    expect(ids.size).toBe(1)
    expect([...ids][0]).toMatch(stripeIdRe('cus', 14))
  }
  const minorUnits = (...amounts: unknown[]) => amounts.forEach((x) => expect(Number.isSafeInteger(x) && (x as number) > 0).toBe(true))

  it('payment_intent.succeeded', () => {
    const p = gen('stripe', 'payment_intent.succeeded').payload
    const pi = envelope(p, 'payment_intent.succeeded')
    expect(pi['id']).toMatch(stripeIdRe('pi', 24))
    expect(pi['latest_charge']).toMatch(stripeIdRe('ch', 24))
    expect(pi['payment_method']).toMatch(stripeIdRe('pm', 24))
    expect(pi['status']).toBe('succeeded')
    expect(pi['amount_received']).toBe(pi['amount'])
    expect(pi['currency']).toMatch(/^[a-z]{3}$/)
    expect(pi['created']).toBe(UNIX)
    minorUnits(pi['amount'])
    oneCustomer(p)
  })

  it('customer.subscription.created: items reference one price and product', () => {
    const p = gen('stripe', 'customer.subscription.created').payload
    const sub = envelope(p, 'customer.subscription.created')
    expect(sub['id']).toMatch(stripeIdRe('sub', 24))
    const items = a(o(sub['items'])['data'])
    expect(items).toHaveLength(1)
    const item = items[0] ?? {}
    expect(item['id']).toMatch(stripeIdRe('si', 14))
    expect(item['subscription']).toBe(sub['id'])
    const price = o(item['price'])
    expect(price['id']).toMatch(stripeIdRe('price', 24))
    expect(price['product']).toMatch(stripeIdRe('prod', 14))
    expect(price['currency']).toBe(sub['currency'])
    expect(sub['latest_invoice']).toMatch(stripeIdRe('in', 24))
    expect(item['current_period_start']).toBe(UNIX)
    minorUnits(price['unit_amount'])
    oneCustomer(p)
  })

  it('checkout.session.completed', () => {
    const p = gen('stripe', 'checkout.session.completed').payload
    const cs = envelope(p, 'checkout.session.completed')
    expect(cs['id']).toMatch(/^cs_test_[A-Za-z0-9]{58}$/)
    expect(cs['payment_intent']).toMatch(stripeIdRe('pi', 24))
    expect(cs['amount_total']).toBe(cs['amount_subtotal'])
    expect(o(cs['customer_details'])['email']).toMatch(/@example\.com$/)
    minorUnits(cs['amount_total'])
    oneCustomer(p)
  })

  it('invoice.payment_failed: amounts and line items agree', () => {
    const p = gen('stripe', 'invoice.payment_failed').payload
    const inv = envelope(p, 'invoice.payment_failed')
    expect(inv['id']).toMatch(stripeIdRe('in', 24))
    expect(inv['amount_paid']).toBe(0)
    expect(inv['amount_remaining']).toBe(inv['amount_due'])
    const lines = a(o(inv['lines'])['data'])
    expect(lines.reduce((s, l) => s + Number(l['amount']), 0)).toBe(inv['total'])
    expect(lines[0]?.['id']).toMatch(stripeIdRe('il', 24))
    const sub = o(o(inv['parent'])['subscription_details'])['subscription']
    expect(sub).toMatch(stripeIdRe('sub', 24))
    minorUnits(inv['amount_due'], inv['total'])
    oneCustomer(p)
  })

  it('charge.refunded: refunds sum to amount_refunded', () => {
    const p = gen('stripe', 'charge.refunded').payload
    const ch = envelope(p, 'charge.refunded')
    expect(ch['id']).toMatch(stripeIdRe('ch', 24))
    expect(ch['refunded']).toBe(true)
    const refunds = a(o(ch['refunds'])['data'])
    expect(refunds[0]?.['id']).toMatch(stripeIdRe('re', 24))
    expect(refunds[0]?.['charge']).toBe(ch['id'])
    expect(refunds[0]?.['balance_transaction']).toMatch(stripeIdRe('txn', 24))
    expect(refunds.reduce((s, r) => s + Number(r['amount']), 0)).toBe(ch['amount_refunded'])
    minorUnits(ch['amount'], ch['amount_refunded'])
    oneCustomer(p)
  })

  it('is pretty-printed like Stripe and sends Stripe headers', () => {
    const s = gen('stripe', 'charge.refunded')
    expect(s.body).toBe(JSON.stringify(s.payload, null, 2))
    expect(s.headers['User-Agent']).toBe('Stripe/1.0 (+https://stripe.com/docs/webhooks)')
  })
})

describe('Slack formats and consistency', () => {
  const TS = /^\d{10}\.\d{6}$/
  it.each(['message', 'app_mention', 'reaction_added'])('%s envelope', (type) => {
    const { payload: p, headers } = gen('slack', type)
    expect(p['type']).toBe('event_callback')
    expect(p['event_id']).toMatch(/^Ev[A-Z0-9]{10}$/)
    expect(p['event_time']).toBe(UNIX)
    expect(p['team_id']).toMatch(/^T[A-Z0-9]{10}$/)
    expect(p['api_app_id']).toMatch(/^A[A-Z0-9]{10}$/)
    const auth = a(p['authorizations'])[0] ?? {}
    expect(auth['team_id']).toBe(p['team_id'])
    expect(auth['user_id']).toMatch(/^U[A-Z0-9]{10}$/)
    const ev = o(p['event'])
    expect(ev['type']).toBe(type)
    expect(ev['event_ts']).toMatch(TS)
    expect(String(ev['event_ts']).split('.')[0]).toBe(String(UNIX))
    expect(String(ev['event_ts']).split('.')[1]?.slice(0, 3)).toBe('789')
    expect(headers['X-Slack-Request-Timestamp']).toBe(String(UNIX))
    expect(headers['User-Agent']).toBe('Slackbot 1.0 (+https://api.slack.com/robots)')
    const ctx = JSON.parse(atob(String(p['event_context']).slice(2).replace(/-/g, '+').replace(/_/g, '/'))) as Obj
    expect(ctx['tid']).toBe(p['team_id'])
    if (type !== 'reaction_added') {
      expect(ev['ts']).toBe(ev['event_ts'])
      expect(ev['channel']).toMatch(/^C[A-Z0-9]{10}$/)
      expect(ev['user']).toMatch(/^U[A-Z0-9]{10}$/)
    }
    if (type === 'app_mention') expect(ev['text']).toContain(`<@${String(auth['user_id'])}>`)
    if (type === 'reaction_added') {
      expect(o(ev['item'])['ts']).toMatch(TS)
      expect(ev['item_user']).toBe(auth['user_id'])
      expect(Number(o(ev['item'])['ts'])).toBeLessThan(Number(ev['event_ts']))
    }
  })

  it('url_verification is a bare challenge', () => {
    const s = gen('slack', 'url_verification')
    expect(Object.keys(s.payload).sort()).toEqual(['challenge', 'token', 'type'])
    expect(s.payload['challenge']).toMatch(/^[A-Z0-9]{48}$/i)
  })
})

describe('Shopify formats and consistency', () => {
  const BIG = /^[1-9]\d{17}$/
  it.each(['orders/create', 'orders/paid'])('%s: 64-bit ids as raw number text, money adds up', (topic) => {
    const s = gen('shopify', topic)
    const p = s.payload
    expect(p['id']).toMatch(BIG)
    expect(BigInt(String(p['id']))).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER))
    expect(s.body).toContain(`{"id":${String(p['id'])},"admin_graphql_api_id":"gid://shopify/Order/${String(p['id'])}"`)
    expect(s.body).not.toMatch(/"(id|product_id|variant_id|checkout_id|customer_id)":"/)
    expect(JSON.parse(s.body.replace(/:(\d{16,})/g, ':"$1"'))).toEqual(p)
    const cents = (v: unknown) => Math.round(Number(v) * 100)
    const items = a(p['line_items'])
    expect(items.reduce((sum, li) => sum + cents(li['price']) * Number(li['quantity']), 0)).toBe(cents(p['subtotal_price']))
    const shipping = cents(a(p['shipping_lines'])[0]?.['price'])
    expect(cents(p['subtotal_price']) + cents(p['total_tax']) + shipping).toBe(cents(p['total_price']))
    expect(p['total_price']).toMatch(/^\d+\.\d{2}$/)
    expect(o(o(p['total_price_set'])['shop_money'])['amount']).toBe(p['total_price'])
    expect(p['name']).toBe(`#${String(p['order_number'])}`)
    expect(p['financial_status']).toBe(topic === 'orders/paid' ? 'paid' : 'pending')
    expect(p['created_at']).toBe('2026-03-01T07:34:56-05:00')
    expect(new Date(String(p['created_at'])).getTime()).toBe(UNIX * 1000)
    for (const li of items) expect([li['id'], li['product_id'], li['variant_id']].every((x) => BIG.test(String(x)))).toBe(true)
    expect(o(p['customer'])['email']).toBe(p['email'])
    expect(s.headers['X-Shopify-Topic']).toBe(topic)
    expect(s.headers['X-Shopify-Shop-Domain']).toMatch(/^[a-z0-9-]+\.myshopify\.com$/)
    expect(s.headers['X-Shopify-Event-Id']).toMatch(GUID)
    expect(s.headers['X-Shopify-Webhook-Id']).toMatch(GUID)
    expect(s.headers['X-Shopify-Webhook-Id']).not.toBe(s.headers['X-Shopify-Event-Id'])
    expect(s.headers['X-Shopify-Triggered-At']).toBe(NOW.toISOString())
  })

  it('customers/create: addresses belong to the customer', () => {
    const { payload: p, body } = gen('shopify', 'customers/create')
    expect(p['id']).toMatch(BIG)
    expect(o(p['default_address'])['customer_id']).toBe(p['id'])
    expect(body).toContain(`"customer_id":${String(p['id'])}`)
    expect(p['admin_graphql_api_id']).toBe(`gid://shopify/Customer/${String(p['id'])}`)
  })
})

describe('Standard Webhooks formats', () => {
  it('invoice.paid: msg_ id, timestamp header, type/timestamp/data body', () => {
    const s = gen('standard-webhooks', 'invoice.paid')
    expect(s.deliveryId).toMatch(/^msg_[A-Za-z0-9]{27}$/)
    expect(s.headers['webhook-id']).toBe(s.deliveryId)
    expect(s.headers['webhook-timestamp']).toBe(String(UNIX))
    expect(Object.keys(s.payload)).toEqual(['type', 'timestamp', 'data'])
    expect(s.payload['timestamp']).toBe(NOW.toISOString())
    const data = o(s.payload['data'])
    expect(Number.isInteger(data['amount'])).toBe(true)
    expect(a(data['lines']).reduce((sum, l) => sum + Number(l['amount']), 0)).toBe(data['amount'])
  })
})

describe('GitLab formats and consistency', () => {
  it('push: after = last commit = checkout_sha, total count', () => {
    const s = gen('gitlab', 'push')
    const p = s.payload
    const commits = a(p['commits'])
    expect(p['after']).toBe(commits.at(-1)?.['id'])
    expect(p['checkout_sha']).toBe(p['after'])
    expect(p['before']).toMatch(SHA)
    expect(p['total_commits_count']).toBe(commits.length)
    expect(commits.length).toBeLessThanOrEqual(20)
    expect(p['project_id']).toBe(o(p['project'])['id'])
    for (const c of commits) expect(new Date(String(c['timestamp'])).getTime()).toBe(UNIX * 1000)
    expect(s.headers['X-Gitlab-Event']).toBe('Push Hook')
    for (const h of ['X-Gitlab-Webhook-UUID', 'X-Gitlab-Event-UUID', 'Idempotency-Key']) expect(s.headers[h]).toMatch(GUID)
    expect(s.headers['User-Agent']).toMatch(/^GitLab\/\d+\.\d+\.\d+$/)
  })

  it('merge_request.open', () => {
    const s = gen('gitlab', 'merge_request.open')
    const attrs = o(s.payload['object_attributes'])
    expect(s.payload['object_kind']).toBe('merge_request')
    expect(attrs['action']).toBe('open')
    expect(attrs['state']).toBe('opened')
    expect(attrs['created_at']).toBe('2026-03-01 12:34:56 UTC')
    expect(attrs['author_id']).toBe(o(s.payload['user'])['id'])
    expect(attrs['url']).toMatch(new RegExp(`/-/merge_requests/${String(attrs['iid'])}$`))
    expect(o(attrs['last_commit'])['id']).toMatch(SHA)
    expect(s.headers['X-Gitlab-Event']).toBe('Merge Request Hook')
  })
})
