/**
 * Shopify's common webhook topics (orders, products, customers, refunds, app uninstall), loaded on
 * demand. Orders and customers reuse the provider's own builders, so every topic shares their formats:
 * 64-bit ids as raw numbers in the body, the shop's local time with its offset, money as decimal strings.
 */
import { pick, randomInt } from '../ids'
import { bigId, customer, money, moneySet, OFFSET, order, SHOP, shopify, shopifyRequest } from '../providers/shopify'
import { isoWithOffset } from '../time'
import type { GenerateContext, GeneratedRequest } from '../types'
import type { CatalogueEvent, ProviderCatalogue } from './types'

function product(ctx: GenerateContext, updated: boolean): Record<string, unknown> {
  const id = bigId(ctx)
  const time = isoWithOffset(ctx.now, OFFSET)
  const created = isoWithOffset(new Date(ctx.now.getTime() - (updated ? 86_400_000 * 7 : 0)), OFFSET)
  const title = pick(ctx.random, ['Sample T-Shirt', 'Example Mug', 'Test Hoodie'])
  const handle = title.toLowerCase().replace(/ /g, '-')
  const price = randomInt(ctx.random, 10, 90) * 100 - 5
  const variantId = bigId(ctx)
  return {
    id,
    title,
    body_html: `<p>${title}, generated for webhook testing.</p>`,
    vendor: 'Sample Vendor',
    product_type: 'Merchandise',
    created_at: created,
    handle,
    updated_at: time,
    published_at: created,
    template_suffix: null,
    published_scope: 'global',
    tags: 'sample, webhook',
    status: 'active',
    admin_graphql_api_id: `gid://shopify/Product/${id}`,
    variants: [
      {
        id: variantId,
        product_id: id,
        title: 'Default Title',
        price: money(price),
        sku: handle.toUpperCase(),
        position: 1,
        inventory_policy: 'deny',
        compare_at_price: null,
        option1: 'Default Title',
        option2: null,
        option3: null,
        created_at: created,
        updated_at: time,
        taxable: true,
        barcode: null,
        inventory_quantity: randomInt(ctx.random, 0, 120),
        admin_graphql_api_id: `gid://shopify/ProductVariant/${variantId}`,
      },
    ],
    options: [{ id: bigId(ctx), product_id: id, name: 'Title', position: 1, values: ['Default Title'] }],
    images: [],
    image: null,
  }
}

function refund(ctx: GenerateContext): Record<string, unknown> {
  const id = bigId(ctx)
  const orderId = bigId(ctx)
  const amount = randomInt(ctx.random, 5, 80) * 100
  const time = isoWithOffset(ctx.now, OFFSET)
  return {
    id,
    order_id: orderId,
    created_at: time,
    note: 'Customer returned the item',
    user_id: bigId(ctx),
    processed_at: time,
    restock: true,
    duties: [],
    total_duties_set: moneySet(0, 'CAD'),
    admin_graphql_api_id: `gid://shopify/Refund/${id}`,
    refund_line_items: [],
    transactions: [
      { id: bigId(ctx), order_id: orderId, kind: 'refund', gateway: 'bogus', status: 'success', message: 'Bogus Gateway: Forced success', created_at: time, test: true, authorization: null, parent_id: bigId(ctx), processed_at: time, source_name: 'web', amount: money(amount), currency: 'CAD' },
    ],
    order_adjustments: [],
  }
}

const builders: Record<string, (ctx: GenerateContext) => Record<string, unknown>> = {
  'orders/updated': (ctx) => ({ ...order(ctx, true), updated_at: isoWithOffset(ctx.now, OFFSET), note: 'Please gift wrap' }),
  'orders/cancelled': (ctx) => ({ ...order(ctx, false), cancel_reason: 'customer', cancelled_at: isoWithOffset(ctx.now, OFFSET), financial_status: 'voided' }),
  'orders/fulfilled': (ctx) => ({ ...order(ctx, true), fulfillment_status: 'fulfilled' }),
  'products/create': (ctx) => product(ctx, false),
  'products/update': (ctx) => product(ctx, true),
  'products/delete': (ctx) => ({ id: bigId(ctx) }),
  'customers/update': (ctx) => ({ ...customer(ctx, bigId(ctx), isoWithOffset(ctx.now, OFFSET)), note: 'Prefers email contact', tags: 'vip' }),
  'customers/delete': (ctx) => ({ id: bigId(ctx), phone: null, addresses: [], tax_exemptions: [], email_marketing_consent: null, sms_marketing_consent: null, admin_graphql_api_id: '' }),
  'refunds/create': refund,
  'app/uninstalled': (ctx) => ({
    id: bigId(ctx).slice(0, 11),
    name: 'Sample Shop',
    email: 'owner@example.com',
    domain: SHOP,
    myshopify_domain: SHOP,
    country: 'CA',
    currency: 'CAD',
    iana_timezone: 'America/Toronto',
    plan_name: 'partner_test',
    created_at: isoWithOffset(new Date(ctx.now.getTime() - 86_400_000 * 90), OFFSET),
    updated_at: isoWithOffset(ctx.now, OFFSET),
  }),
}

const more: CatalogueEvent[] = [
  { type: 'orders/updated', label: 'Order updated', description: 'Sent whenever an order changes, e.g. a note, tag or address edit.', category: 'orders' },
  { type: 'orders/cancelled', label: 'Order cancelled', description: 'Sent when an order is cancelled.', category: 'orders' },
  { type: 'orders/fulfilled', label: 'Order fulfilled', description: 'Sent when every line item of an order is fulfilled.', category: 'orders' },
  { type: 'products/create', label: 'Product created', description: 'Sent when a product is created.', category: 'products' },
  { type: 'products/update', label: 'Product updated', description: 'Sent when a product, its variants or its inventory change.', category: 'products' },
  { type: 'products/delete', label: 'Product deleted', description: 'Sent when a product is deleted; the payload carries only its id.', category: 'products' },
  { type: 'customers/update', label: 'Customer updated', description: 'Sent when a customer\u2019s details change.', category: 'customers' },
  { type: 'customers/delete', label: 'Customer deleted', description: 'Sent when a customer is deleted; personal fields are emptied.', category: 'customers' },
  { type: 'refunds/create', label: 'Refund created', description: 'Sent when a refund is created for an order.', category: 'refunds' },
  { type: 'app/uninstalled', label: 'App uninstalled', description: 'Sent when the shop uninstalls the app; the payload is the shop.', category: 'app' },
]

/** Shopify: the provider's built-in topics plus orders, products, customers, refunds and app uninstall. */
export const shopifyCatalogue: ProviderCatalogue = {
  events: [...shopify.events.map((e) => ({ ...e, category: e.type.split('/')[0] ?? e.type })), ...more],
  generate(eventType: string, ctx: GenerateContext): GeneratedRequest {
    const build = builders[eventType]
    return build ? shopifyRequest(eventType, build(ctx), ctx) : shopify.generate(eventType, ctx)
  },
}
