/**
 * Checks one delivery against what its provider documents (GitHub: its own schemas, see
 * webhook-checks-github.ts; Stripe: its SDK's types; the others: the documented headers and payload samples, summarised in
 * /work/shared/reference/webhook-formats.md and the providers' webhook pages):
 *
 * - GitLab: `X-Gitlab-Event` names the hook of the body's `object_kind` (Push Hook ↔ push, Job Hook ↔
 *   build …), the documented top-level fields of that kind are there, the delivery headers are UUIDs.
 * - Shopify: the `X-Shopify-Topic` resource is the body's (an order for `orders/*`: `admin_graphql_api_id`
 *   `gid://shopify/Order/<its id>` …), and the documented headers are present and well-formed; an order
 *   has the documented fields and formats (`#1001`, prices as decimal strings, times with offsets).
 * - Slack: the `event_callback` envelope (token, team, app, `Ev…` event id, time, authorizations) around an
 *   inner event with its documented fields and id / `ts` formats; `url_verification`; interactivity
 *   payloads (`payload=` form).
 * - Standard Webhooks: `webhook-id` / `webhook-timestamp` / `webhook-signature` (`v1,<base64>` entries)
 *   headers and the `{type, timestamp, data}` body.
 *
 * - Stripe: the event's object against the `stripe` package's types and Stripe's id prefixes, with the
 *   oracle the unit tests use (webhook-checks-stripe.ts).
 */
import { checkGithub } from './webhook-checks-github.ts'
import { checkStripe } from './webhook-checks-stripe.ts'

type Obj = Record<string, unknown>
/** A request header's value by lower-case name. */
export type HeaderReader = (name: string) => string | undefined

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/
const ISO_FRACTION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+(?:Z|[+-]\d{2}:\d{2})$/

function obj(value: unknown): Obj | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : null
}

function missing(body: Obj, keys: readonly string[], where: string): string[] {
  return keys.filter((k) => !(k in body)).map((k) => `${where} lacks ${k}.`)
}

/** GitLab's hook names by `object_kind` (its Webhook events page), with each kind's documented top-level fields. */
const GITLAB_KINDS: Record<string, { hooks: readonly string[]; fields: readonly string[] }> = {
  push: { hooks: ['Push Hook'], fields: ['object_kind', 'event_name', 'before', 'after', 'ref', 'checkout_sha', 'user_id', 'user_name', 'user_username', 'project_id', 'project', 'repository', 'commits', 'total_commits_count'] },
  tag_push: { hooks: ['Tag Push Hook'], fields: ['object_kind', 'event_name', 'before', 'after', 'ref', 'checkout_sha', 'user_id', 'user_name', 'project_id', 'project', 'repository', 'commits', 'total_commits_count'] },
  issue: { hooks: ['Issue Hook', 'Confidential Issue Hook'], fields: ['object_kind', 'event_type', 'user', 'project', 'object_attributes', 'repository', 'labels', 'changes'] },
  merge_request: { hooks: ['Merge Request Hook'], fields: ['object_kind', 'event_type', 'user', 'project', 'object_attributes', 'repository', 'labels', 'changes'] },
  note: { hooks: ['Note Hook', 'Confidential Note Hook'], fields: ['object_kind', 'event_type', 'user', 'project_id', 'project', 'object_attributes', 'repository'] },
  pipeline: { hooks: ['Pipeline Hook'], fields: ['object_kind', 'object_attributes', 'merge_request', 'user', 'project', 'commit', 'builds'] },
  build: { hooks: ['Job Hook'], fields: ['object_kind', 'ref', 'tag', 'before_sha', 'sha', 'build_id', 'build_name', 'build_stage', 'build_status', 'pipeline_id', 'project_id', 'project_name', 'user', 'commit', 'repository', 'project'] },
  release: { hooks: ['Release Hook'], fields: ['id', 'created_at', 'description', 'name', 'released_at', 'tag', 'object_kind', 'project', 'url', 'action', 'assets', 'commit'] },
  deployment: { hooks: ['Deployment Hook'], fields: ['object_kind', 'status', 'status_changed_at', 'deployment_id', 'deployable_id', 'deployable_url', 'environment', 'project', 'short_sha', 'user', 'user_url', 'commit_url', 'commit_title'] },
}

/** Fields of a merge request hook's `object_attributes` in GitLab's documented sample (`merge_commit_sha` null until merged). */
const MR_ATTRIBUTES = ['id', 'iid', 'title', 'state', 'action', 'source_branch', 'target_branch', 'source_project_id', 'target_project_id', 'author_id', 'created_at', 'updated_at', 'merge_status', 'detailed_merge_status', 'merge_commit_sha', 'last_commit', 'url', 'source', 'target', 'draft']

function checkGitlab(header: HeaderReader, body: Obj): string[] {
  const hook = header('x-gitlab-event') ?? ''
  const kind = typeof body['object_kind'] === 'string' ? body['object_kind'] : ''
  const known = GITLAB_KINDS[kind]
  const problems: string[] = []
  if (!known) return [`object_kind ${kind || '(missing)'} is no GitLab hook kind.`]
  if (!known.hooks.includes(hook)) problems.push(`X-Gitlab-Event ${hook || '(missing)'} does not match object_kind ${kind} (${known.hooks.join(' or ')}).`)
  problems.push(...missing(body, known.fields, `A ${kind} body`))
  for (const name of ['x-gitlab-event-uuid', 'x-gitlab-webhook-uuid', 'idempotency-key']) if (!UUID.test(header(name) ?? '')) problems.push(`${name} is not a UUID.`)
  if (kind === 'push' || kind === 'tag_push') {
    const commits = Array.isArray(body['commits']) ? (body['commits'] as unknown[]) : []
    if (body['total_commits_count'] !== commits.length && commits.length < 20) problems.push('total_commits_count is not the number of commits.')
    const last = obj(commits.at(-1))
    if (kind === 'push' && last && last['id'] !== body['after']) problems.push(`The last commit ${String(last['id'])} is not after (${String(body['after'])}).`)
  }
  const attrs = obj(body['object_attributes'])
  if (kind === 'merge_request' && attrs) problems.push(...missing(attrs, MR_ATTRIBUTES, 'A merge request\u2019s object_attributes'))
  if (kind === 'merge_request' && attrs) {
    const state = attrs['action'] === 'merge' ? 'merged' : attrs['action'] === 'close' ? 'closed' : null
    if (state && attrs['state'] !== state) problems.push(`A merge request with action ${String(attrs['action'])} is ${String(attrs['state'])}, not ${state}.`)
  }
  return problems
}

/** Shopify topic prefixes and the resource (GraphQL type) their body is. */
const SHOPIFY_RESOURCES: Record<string, { gid?: string; fields: readonly string[] }> = {
  // The orders/create body's documented fields.
  orders: {
    gid: 'Order',
    fields: ['id', 'admin_graphql_api_id', 'name', 'order_number', 'email', 'created_at', 'updated_at', 'processed_at', 'currency', 'financial_status', 'fulfillment_status', 'total_price', 'subtotal_price', 'total_tax', 'total_price_set', 'subtotal_price_set', 'total_tax_set', 'line_items', 'customer', 'billing_address', 'shipping_address', 'shipping_lines', 'discount_codes', 'tags', 'test', 'token'],
  },
  products: { gid: 'Product', fields: ['id', 'admin_graphql_api_id', 'title', 'handle', 'variants', 'created_at', 'updated_at'] },
  customers: { gid: 'Customer', fields: ['id', 'admin_graphql_api_id', 'created_at', 'updated_at'] },
  refunds: { gid: 'Refund', fields: ['id', 'admin_graphql_api_id', 'order_id', 'created_at', 'refund_line_items', 'transactions'] },
  app: { fields: ['id', 'name', 'domain', 'myshopify_domain'] },
}

/** An order's documented formats: `#1001` names, times with offsets, prices as decimal strings with money bags. */
function checkOrder(order: Obj): string[] {
  const problems: string[] = []
  if (typeof order['name'] !== 'string' || !/^#\d+$/.test(order['name'])) problems.push(`The order's name ${JSON.stringify(order['name'])} is not #<number>.`)
  for (const key of ['created_at', 'updated_at', 'processed_at']) {
    if (typeof order[key] !== 'string' || !/[+-]\d{2}:\d{2}$/.test(order[key]) || !ISO.test(order[key])) problems.push(`The order's ${key} is not an ISO 8601 time with an offset.`)
  }
  for (const key of ['total_price', 'subtotal_price', 'total_tax']) {
    if (typeof order[key] !== 'string' || !/^\d+\.\d{2}$/.test(order[key])) problems.push(`The order's ${key} is not a decimal string ("404.95").`)
    const bag = obj(order[`${key}_set`])
    if (bag && obj(bag['shop_money'])?.['amount'] !== order[key]) problems.push(`The order's ${key}_set.shop_money.amount is not its ${key}.`)
  }
  return problems
}

function checkShopify(header: HeaderReader, body: Obj, raw: string): string[] {
  const topic = header('x-shopify-topic') ?? ''
  const problems: string[] = []
  const shop = header('x-shopify-shop-domain') ?? ''
  if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop)) problems.push(`X-Shopify-Shop-Domain ${shop || '(missing)'} is not <shop>.myshopify.com.`)
  if (!/^\d{4}-(?:01|04|07|10)$/.test(header('x-shopify-api-version') ?? '')) problems.push('X-Shopify-API-Version is not a quarterly version (YYYY-01/04/07/10).')
  for (const name of ['x-shopify-webhook-id', 'x-shopify-event-id']) if (!UUID.test(header(name) ?? '')) problems.push(`${name} is not a UUID.`)
  if (!ISO_FRACTION.test(header('x-shopify-triggered-at') ?? '')) problems.push('X-Shopify-Triggered-At is not an ISO 8601 time with fractional seconds.')
  const [prefix = '', verb = ''] = topic.split('/')
  const resource = SHOPIFY_RESOURCES[prefix]
  if (!resource) return [...problems, `X-Shopify-Topic ${topic || '(missing)'} is not a topic this receiver knows.`]
  // A delete carries only what identifies the deleted resource.
  const fields = verb === 'delete' ? ['id'] : resource.fields
  problems.push(...missing(body, fields, `The ${topic} body`))
  const rawId = /^\{\s*"id"\s*:\s*(\d+)/.exec(raw)?.[1]
  if (verb !== 'delete' && resource.gid && typeof body['admin_graphql_api_id'] === 'string') {
    const gid = `gid://shopify/${resource.gid}/${rawId ?? ''}`
    if (body['admin_graphql_api_id'] !== gid) problems.push(`admin_graphql_api_id ${String(body['admin_graphql_api_id'])} is not ${gid}: the body is not the topic's resource.`)
  }
  if (prefix === 'orders' && verb !== 'delete') problems.push(...checkOrder(body))
  if (prefix === 'app' && body['myshopify_domain'] !== shop) problems.push(`The shop's myshopify_domain is not X-Shopify-Shop-Domain ${shop}.`)
  return problems
}

/** Documented fields of the Events API inner events this receiver knows (others: `type` and `event_ts`). */
const SLACK_INNER: Record<string, readonly string[]> = {
  message: ['type', 'channel', 'text', 'ts', 'event_ts', 'channel_type'],
  app_mention: ['type', 'user', 'text', 'ts', 'channel', 'event_ts'],
  reaction_added: ['type', 'user', 'reaction', 'item_user', 'item', 'event_ts'],
  reaction_removed: ['type', 'user', 'reaction', 'item_user', 'item', 'event_ts'],
}
const SLACK_INTERACTIVITY = ['block_actions', 'view_submission', 'view_closed', 'shortcut', 'message_action', 'block_suggestion', 'interactive_message']

const SLACK_TS = /^\d{10}\.\d{6}$/

/** Whether `value` is a Slack id: its prefix, then capitals and digits, 9–12 characters in all. */
function slackId(prefix: string, value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(prefix) && /^[A-Z0-9]{9,12}$/i.test(value) && /^[A-Z0-9]+$/.test(value.slice(prefix.length))
}

function checkSlack(header: HeaderReader, body: Obj, raw: string): string[] {
  const type = body['type']
  if (type === 'url_verification') return missing(body, ['token', 'challenge', 'type'], 'A url_verification body')
  if (typeof type === 'string' && SLACK_INTERACTIVITY.includes(type)) {
    const problems = raw.startsWith('payload=') ? [] : [`A ${type} payload comes form-encoded as payload=<JSON>.`]
    // The legacy interactive_message predates app ids in payloads.
    problems.push(...missing(body, ['type', 'team', 'user', 'token', ...(type === 'interactive_message' ? [] : ['api_app_id'])], `A ${type} payload`))
    if (!/^U[A-Z0-9]{6,}$/.test(String(obj(body['user'])?.['id'] ?? ''))) problems.push('user.id is not a Slack user id (U…).')
    return problems
  }
  if (type !== 'event_callback') return [`type ${String(type)} is not event_callback, url_verification or an interactivity payload.`]
  const problems = missing(body, ['token', 'team_id', 'api_app_id', 'event', 'type', 'event_id', 'event_time', 'authorizations', 'is_ext_shared_channel', 'event_context'], 'The event_callback envelope')
  if (!slackId('T', body['team_id'])) problems.push('team_id is not a Slack team id (T…).')
  if (!slackId('A', body['api_app_id'])) problems.push('api_app_id is not a Slack app id (A…).')
  if (!slackId('Ev', body['event_id'])) problems.push('event_id is not an Ev… id.')
  if (typeof body['is_ext_shared_channel'] !== 'boolean') problems.push('is_ext_shared_channel is not a boolean.')
  if (typeof body['event_context'] !== 'string') problems.push('event_context is not a string.')
  if (!Number.isInteger(body['event_time'])) problems.push('event_time is not Unix seconds.')
  const timestamp = Number(header('x-slack-request-timestamp'))
  if (Number.isInteger(body['event_time']) && (body['event_time'] as number) > timestamp) problems.push('event_time is after X-Slack-Request-Timestamp.')
  for (const a of Array.isArray(body['authorizations']) ? body['authorizations'] : []) problems.push(...missing(obj(a) ?? {}, ['enterprise_id', 'team_id', 'user_id', 'is_bot', 'is_enterprise_install'], 'An authorization'))
  const inner = obj(body['event'])
  if (!inner) return [...problems, 'event is not an object.']
  const innerType = String(inner['type'])
  // A plain message is a user's; subtypes (bot_message, message_changed …) carry their own fields.
  const fields = innerType === 'message' && inner['subtype'] === undefined ? [...(SLACK_INNER['message'] ?? []), 'user'] : (SLACK_INNER[innerType] ?? ['type', 'event_ts'])
  problems.push(...missing(inner, fields, `The ${innerType} event`))
  for (const key of ['event_ts', 'ts']) if (key in inner && !SLACK_TS.test(String(inner[key]))) problems.push(`event.${key} is not a Slack ts (seconds.micros).`)
  // channel_created, channel_rename …: the channel is an object with its id.
  const channel = typeof inner['channel'] === 'string' ? inner['channel'] : obj(inner['channel'])?.['id']
  if ('channel' in inner && !slackId('C', channel) && !slackId('G', channel) && !slackId('D', channel)) problems.push('event.channel is not a Slack channel id (C…, G…, D…).')
  if (typeof inner['user'] === 'string' && !slackId('U', inner['user']) && !slackId('W', inner['user'])) problems.push('event.user is not a Slack user id (U…, W…).')
  if (innerType === 'message' && 'channel_type' in inner && !['channel', 'group', 'im', 'mpim', 'app_home'].includes(String(inner['channel_type']))) problems.push(`event.channel_type ${String(inner['channel_type'])} is none of channel, group, im, mpim, app_home.`)
  if (innerType.startsWith('reaction_')) {
    const item = obj(inner['item'])
    if (!item || item['type'] !== 'message' || !slackId('C', item['channel']) || !SLACK_TS.test(String(item['ts']))) problems.push('event.item is not {type: "message", channel, ts}.')
  }
  return problems
}

function checkStandard(header: HeaderReader, body: Obj): string[] {
  const problems = missing(body, ['type', 'timestamp', 'data'], 'A Standard Webhooks body')
  if (!header('webhook-id')) problems.push('No webhook-id header.')
  const signature = header('webhook-signature')
  if (signature !== undefined && !signature.split(' ').every((entry) => /^v1,[A-Za-z0-9+/]{43}=$/.test(entry) || /^v1a,[A-Za-z0-9+/]{86}==$/.test(entry))) problems.push('webhook-signature is not space-separated v1,<base64> entries.')
  const seconds = header('webhook-timestamp') ?? ''
  if (!/^\d+$/.test(seconds)) problems.push('webhook-timestamp is not Unix seconds.')
  if (typeof body['type'] !== 'string' || !/^[\w-]+(?:\.[\w-]+)+$/.test(body['type'])) problems.push('type is not a full-stop delimited event type.')
  if (typeof body['timestamp'] !== 'string' || !ISO.test(body['timestamp'])) problems.push('timestamp is not an ISO 8601 time.')
  else if (Math.abs(Date.parse(body['timestamp']) / 1000 - Number(seconds)) > 300) problems.push('timestamp is more than 5 minutes from webhook-timestamp.')
  if (!obj(body['data'])) problems.push('data is not an object.')
  return problems
}

/** The JSON of a body; a form body (`payload=<URL-encoded JSON>`, Slack interactivity) through its `payload` field. */
export function parseDeliveryBody(text: string): Obj | null {
  try {
    return obj(JSON.parse(text.startsWith('payload=') ? (new URLSearchParams(text).get('payload') ?? '') : text))
  } catch {
    return null
  }
}

/**
 * What in one delivery differs from its provider's description, in words (empty when nothing does).
 * @param raw - the body as sent (Shopify's 64-bit ids are read from it, not from the parsed numbers)
 */
export async function checkDelivery(provider: string, header: HeaderReader, body: Obj | null, raw: string): Promise<string[]> {
  if (!body) return ['The body is not a JSON object.']
  switch (provider) {
    case 'github':
      return checkGithub(header, body)
    case 'stripe':
      return checkStripe(header, body)
    case 'gitlab':
      return checkGitlab(header, body)
    case 'shopify':
      return checkShopify(header, body, raw)
    case 'slack':
      return checkSlack(header, body, raw)
    case 'standard-webhooks':
      return checkStandard(header, body)
    default:
      return []
  }
}
