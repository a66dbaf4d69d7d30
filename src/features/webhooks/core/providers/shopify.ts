/**
 * Shopify: Order and Customer webhooks, `X-Shopify-Hmac-Sha256` signing.
 *
 * Shopify ids are 64-bit integers above 2^53. In `payload` they are decimal strings (a JS number
 * would silently round them); `body` writes them as raw, unquoted number text, as Shopify does.
 * Use {@link shopify.serialize} (or `serializePayload('shopify', …)`) to turn an edited payload back into such a body.
 */
import { hmacSha256, toBase64 } from '../crypto'
import { pick, randomDigits, randomHex, randomInt, randomUuid } from '../ids'
import { serializeJson } from '../json'
import { isoMillis, isoWithOffset } from '../time'
import type { GeneratedRequest, GenerateContext, WebhookProvider } from '../types'

/** Property names whose digit-only string values are 64-bit ids written as raw numbers. */
export const SHOPIFY_RAW_INTEGER_KEYS: ReadonlySet<string> = new Set(['id', 'checkout_id', 'product_id', 'variant_id', 'customer_id', 'user_id', 'order_id', 'parent_id'])

/** The sample shop's domain. */
export const SHOP = 'sample-shop.myshopify.com'
/** The sample shop's fixed UTC offset (minutes), used for every Shopify timestamp. */
export const OFFSET = -300

/** An id above 2^53 (18 digits), as decimal text. */
export function bigId(ctx: GenerateContext): string {
  return randomDigits(ctx.random, 18)
}

/** Cents as Shopify's decimal money string, e.g. `12.50`. */
export function money(cents: number): string {
  return (cents / 100).toFixed(2)
}

/** A Shopify money set: the same amount in shop and presentment currency. */
export function moneySet(cents: number, currency: string): Record<string, unknown> {
  const amount = { amount: money(cents), currency_code: currency }
  return { shop_money: amount, presentment_money: amount }
}

/** A customer with one default address, created at `time`. */
export function customer(ctx: GenerateContext, customerId: string, time: string): Record<string, unknown> {
  const first = pick(ctx.random, ['Sample', 'Example', 'Test'])
  const address = {
    id: bigId(ctx),
    customer_id: customerId,
    first_name: first,
    last_name: 'Customer',
    company: null,
    address1: '123 Example Street',
    address2: null,
    city: 'Springfield',
    province: 'Ontario',
    country: 'Canada',
    zip: 'K1A 0B1',
    phone: null,
    name: `${first} Customer`,
    province_code: 'ON',
    country_code: 'CA',
    country_name: 'Canada',
    default: true,
  }
  return {
    id: customerId,
    email: `${first.toLowerCase()}.customer@example.com`,
    created_at: time,
    updated_at: time,
    first_name: first,
    last_name: 'Customer',
    state: 'disabled',
    note: null,
    verified_email: true,
    multipass_identifier: null,
    tax_exempt: false,
    phone: null,
    currency: 'CAD',
    tags: '',
    addresses: [address],
    default_address: address,
    email_marketing_consent: { state: 'not_subscribed', opt_in_level: 'single_opt_in', consent_updated_at: null },
    admin_graphql_api_id: `gid://shopify/Customer/${customerId}`,
  }
}

/** An order of two sample products with tax and shipping; `paid` sets the financial status. */
export function order(ctx: GenerateContext, paid: boolean): Record<string, unknown> {
  const currency = 'CAD'
  const time = isoWithOffset(ctx.now, OFFSET)
  const id = bigId(ctx)
  const cust = customer(ctx, bigId(ctx), time)
  const orderNumber = randomInt(ctx.random, 1001, 9999)
  const products = [
    { title: 'Sample T-Shirt', sku: 'SAMPLE-TEE-M', unit: 2500, quantity: 2 },
    { title: 'Example Mug', sku: 'EXAMPLE-MUG', unit: 1495, quantity: 1 },
  ]
  const lineItems = products.map((p) => {
    const lineId = bigId(ctx)
    return {
      id: lineId,
      admin_graphql_api_id: `gid://shopify/LineItem/${lineId}`,
      name: p.title,
      title: p.title,
      sku: p.sku,
      quantity: p.quantity,
      price: money(p.unit),
      price_set: moneySet(p.unit, currency),
      product_id: bigId(ctx),
      variant_id: bigId(ctx),
      variant_title: null,
      vendor: 'Sample Vendor',
      requires_shipping: true,
      taxable: true,
      gift_card: false,
      grams: 300,
      fulfillment_status: null,
      total_discount: '0.00',
      tax_lines: [],
    }
  })
  const subtotal = products.reduce((sum, p) => sum + p.unit * p.quantity, 0)
  const shipping = 1000
  const tax = Math.round((subtotal + shipping) * 0.13)
  const total = subtotal + shipping + tax
  const address = cust['default_address']
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    app_id: 580111,
    browser_ip: '192.0.2.10',
    buyer_accepts_marketing: false,
    cancel_reason: null,
    cancelled_at: null,
    checkout_id: bigId(ctx),
    checkout_token: randomHex(ctx.random, 32),
    closed_at: null,
    confirmed: true,
    contact_email: cust['email'],
    created_at: time,
    currency,
    customer_locale: 'en-CA',
    discount_codes: [],
    email: cust['email'],
    financial_status: paid ? 'paid' : 'pending',
    fulfillment_status: null,
    landing_site: '/',
    name: `#${orderNumber}`,
    note: null,
    number: orderNumber - 1000,
    order_number: orderNumber,
    order_status_url: `https://${SHOP}/orders/${randomHex(ctx.random, 32)}/authenticate`,
    payment_gateway_names: ['bogus'],
    presentment_currency: currency,
    processed_at: time,
    source_name: 'web',
    subtotal_price: money(subtotal),
    subtotal_price_set: moneySet(subtotal, currency),
    tags: '',
    tax_lines: [{ price: money(tax), rate: 0.13, title: 'HST', price_set: moneySet(tax, currency) }],
    taxes_included: false,
    test: true,
    token: randomHex(ctx.random, 32),
    total_discounts: '0.00',
    total_discounts_set: moneySet(0, currency),
    total_line_items_price: money(subtotal),
    total_line_items_price_set: moneySet(subtotal, currency),
    total_price: money(total),
    total_price_set: moneySet(total, currency),
    total_shipping_price_set: moneySet(shipping, currency),
    total_tax: money(tax),
    total_tax_set: moneySet(tax, currency),
    total_weight: 900,
    updated_at: time,
    billing_address: address,
    shipping_address: address,
    customer: cust,
    line_items: lineItems,
    shipping_lines: [{ id: bigId(ctx), code: 'Standard', price: money(shipping), price_set: moneySet(shipping, currency), source: 'shopify', title: 'Standard Shipping' }],
  }
}

const serialize = (payload: Record<string, unknown>): string => serializeJson(payload, { rawIntegerKeys: SHOPIFY_RAW_INTEGER_KEYS })

/** Wraps a payload in the request Shopify sends for a topic (`orders/create` …), with a fresh event id. */
export function shopifyRequest(topic: string, payload: Record<string, unknown>, ctx: GenerateContext): GeneratedRequest {
  const eventId = randomUuid(ctx.random)
  return {
    deliveryId: eventId,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': topic,
      'X-Shopify-Shop-Domain': SHOP,
      'X-Shopify-API-Version': '2026-07',
      'X-Shopify-Webhook-Id': randomUuid(ctx.random),
      'X-Shopify-Event-Id': eventId,
      'X-Shopify-Triggered-At': isoMillis(ctx.now),
    },
    payload,
    body: serialize(payload),
  }
}

/** Shopify: base64 HMAC-SHA256 of the raw body in `X-Shopify-Hmac-Sha256`. */
export const shopify: WebhookProvider = {
  id: 'shopify',
  name: 'Shopify',
  events: [
    { type: 'orders/create', label: 'Order created', description: 'Sent when a customer places an order, before payment is necessarily captured.' },
    { type: 'orders/paid', label: 'Order paid', description: 'Sent when an order\u2019s payment is completed and its financial status becomes paid.' },
    { type: 'customers/create', label: 'Customer created', description: 'Sent when a new customer account is created in the shop.' },
  ],
  signatureHeaders: ['X-Shopify-Hmac-Sha256'],
  signatureDescription: 'Base64 HMAC-SHA256 of the raw body keyed with the app\u2019s client secret; no timestamp.',
  secret: { label: 'App client secret', example: 'sample-shopify-client-secret', hint: 'The app\u2019s client secret (API secret key), used as-is.' },
  deliveryIdHeader: 'X-Shopify-Event-Id',
  deliveryIdLocation: 'X-Shopify-Event-Id header (same value on a duplicate delivery)',
  timestampToleranceSeconds: null,
  generate(eventType, ctx) {
    let payload: Record<string, unknown>
    if (eventType === 'orders/create' || eventType === 'orders/paid') payload = order(ctx, eventType === 'orders/paid')
    else if (eventType === 'customers/create') payload = customer(ctx, bigId(ctx), isoWithOffset(ctx.now, OFFSET))
    else throw new Error(`shopify: no template for ${eventType}`)
    return shopifyRequest(eventType, payload, ctx)
  },
  serialize,
  async sign(body, secret) {
    return { 'X-Shopify-Hmac-Sha256': toBase64(await hmacSha256(secret, body)) }
  },
}
