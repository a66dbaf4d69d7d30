/**
 * Slack Events API: `event_callback` envelopes, the URL verification handshake and v0 signing (which
 * also covers the form-encoded interactivity payloads of `catalogue/slack-interactivity.ts`).
 */
import { hmacSha256, toBase64, toHex, utf8 } from '../crypto'
import { ALPHANUMERIC, pick, randomInt, randomString, randomUuid, slackId } from '../ids'
import { serializeJson } from '../json'
import { unixSeconds } from '../time'
import type { GenerateContext, GeneratedRequest, WebhookProvider } from '../types'

/**
 * A Slack message timestamp (`ts`), e.g. `1525215129.000001`: Unix seconds of `date`, a dot and six digits
 * (milliseconds of `date` followed by three random digits, unique within the second).
 */
export function slackTs(date: Date, ctx: GenerateContext): string {
  const micros = (date.getTime() % 1000) * 1000 + randomInt(ctx.random, 0, 999)
  return `${unixSeconds(date)}.${String(micros).padStart(6, '0')}`
}

/** The workspace, app, people and channel of one Slack delivery. */
export interface SlackScene {
  readonly teamId: string
  readonly appId: string
  readonly botUserId: string
  readonly userId: string
  readonly channelId: string
}

function inner(eventType: string, s: SlackScene, ctx: GenerateContext): Record<string, unknown> {
  const ts = slackTs(ctx.now, ctx)
  switch (eventType) {
    case 'message':
      return {
        client_msg_id: randomUuid(ctx.random),
        type: 'message',
        text: 'Is the sample deploy done?',
        user: s.userId,
        ts,
        team: s.teamId,
        channel: s.channelId,
        event_ts: ts,
        channel_type: 'channel',
      }
    case 'app_mention':
      return {
        client_msg_id: randomUuid(ctx.random),
        type: 'app_mention',
        text: `<@${s.botUserId}> what is the status of the sample deploy?`,
        user: s.userId,
        ts,
        team: s.teamId,
        channel: s.channelId,
        event_ts: ts,
      }
    default: {
      const itemTs = slackTs(new Date(ctx.now.getTime() - 60_000), ctx)
      return {
        type: 'reaction_added',
        user: s.userId,
        reaction: pick(ctx.random, ['thumbsup', 'eyes', 'white_check_mark', 'tada']),
        item_user: s.botUserId,
        item: { type: 'message', channel: s.channelId, ts: itemTs },
        event_ts: ts,
      }
    }
  }
}

function base64Url(text: string): string {
  return toBase64(utf8(text)).replace(/\+/g, '-').replace(/\//g, '_').replace(/={1,2}$/, '') // base64 pads with at most two
}

/** Slack's User-Agent on every request it posts. */
export const SLACK_USER_AGENT = 'Slackbot 1.0 (+https://api.slack.com/robots)'
const HEADERS = { 'Content-Type': 'application/json', 'User-Agent': SLACK_USER_AGENT }

function generateSlack(eventType: string, ctx: GenerateContext): GeneratedRequest {
  const { random } = ctx
  const token = randomString(random, ALPHANUMERIC, 24)
  const timestamp = String(unixSeconds(ctx.now))
  if (eventType === 'url_verification') {
    const challenge = randomString(random, ALPHANUMERIC, 48)
    const payload = { token, challenge, type: 'url_verification' }
    return { deliveryId: challenge, headers: { ...HEADERS, 'X-Slack-Request-Timestamp': timestamp }, payload, body: serializeJson(payload) }
  }
  const s = slackScene(ctx)
  return slackEventCallback(inner(eventType, s, ctx), s, ctx)
}

/** Fresh sample ids for a Slack delivery. */
export function slackScene(ctx: GenerateContext): SlackScene {
  const { random } = ctx
  return { teamId: slackId(random, 'T'), appId: slackId(random, 'A'), botUserId: slackId(random, 'U'), userId: slackId(random, 'U'), channelId: slackId(random, 'C') }
}

/** Wraps an inner Events API event in the `event_callback` envelope Slack posts (fresh `Ev…` id). */
export function slackEventCallback(event: Record<string, unknown>, s: SlackScene, ctx: GenerateContext): GeneratedRequest {
  const { random } = ctx
  const token = randomString(random, ALPHANUMERIC, 24)
  const timestamp = String(unixSeconds(ctx.now))
  const eventId = slackId(random, 'Ev', 12)
  const payload = {
    token,
    team_id: s.teamId,
    context_team_id: s.teamId,
    context_enterprise_id: null,
    api_app_id: s.appId,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: unixSeconds(ctx.now),
    authorizations: [{ enterprise_id: null, team_id: s.teamId, user_id: s.botUserId, is_bot: true, is_enterprise_install: false }],
    is_ext_shared_channel: false,
    event_context: `4-${base64Url(JSON.stringify({ et: event['type'], tid: s.teamId, aid: s.appId, cid: s.channelId }))}`,
  }
  return { deliveryId: eventId, headers: { ...HEADERS, 'X-Slack-Request-Timestamp': timestamp }, payload, body: serializeJson(payload) }
}

/** Slack Events API: HMAC-SHA256 over `v0:<timestamp>:<body>`, sent as `X-Slack-Signature: v0=<hex>`. */
export const slack: WebhookProvider = {
  id: 'slack',
  name: 'Slack',
  events: [
    { type: 'message', label: 'Message', description: 'Sent when a message is posted in a channel the app is in.' },
    { type: 'app_mention', label: 'App mention', description: 'Sent when a user mentions the app in a message.' },
    { type: 'reaction_added', label: 'Reaction added', description: 'Sent when a user adds an emoji reaction to a message.' },
    { type: 'url_verification', label: 'URL verification', description: 'Sent once when the request URL is configured; the handler must answer with the challenge.' },
  ],
  signatureHeaders: ['X-Slack-Request-Timestamp', 'X-Slack-Signature'],
  signatureDescription: 'HMAC-SHA256 hex over "v0:<timestamp>:<raw body>" keyed with the signing secret, as v0=<hex>; 300 s window.',
  secret: { label: 'Signing secret', example: '0123456789abcdef0123456789abcdef', hint: 'The app\u2019s signing secret from Basic Information (32 hex characters), used as-is.' },
  deliveryIdHeader: null,
  deliveryIdLocation: 'body.event_id (Ev…); for url_verification the challenge, for interactivity (form field payload=) the trigger_id or view hash',
  timestampToleranceSeconds: 300,
  generate: generateSlack,
  serialize: (payload) => serializeJson(payload),
  async sign(body, secret, { now }) {
    const ts = String(unixSeconds(now))
    const signature = toHex(await hmacSha256(secret, `v0:${ts}:${body}`))
    return { 'X-Slack-Request-Timestamp': ts, 'X-Slack-Signature': `v0=${signature}` }
  },
}
