/**
 * Slack interactivity payloads: what Slack posts to the app's Request URL when a user clicks a button,
 * submits or closes a modal, runs a global or message shortcut, types in an external select, or clicks a
 * legacy attachment button. Each is sent form-encoded (`payload=<URL-encoded JSON>`) and signed like the
 * Events API. One workspace, app, user and channel per delivery; fresh trigger ids, view ids and times.
 * @see https://api.slack.com/reference/interaction-payloads
 */
import { ALPHANUMERIC, randomDigits, randomHex, randomInt, randomString, randomUuid, slackId } from '../ids'
import { encodeFormPayload, FORM_CONTENT_TYPE } from '../form-body'
import { serializeJson } from '../json'
import { SLACK_USER_AGENT, slackScene, slackTs, type SlackScene } from '../providers/slack'
import { unixSeconds } from '../time'
import type { GenerateContext, GeneratedRequest } from '../types'
import type { CatalogueEvent } from './types'

/** Everything one interactivity delivery shares: the people and place, and the ids Slack mints for it. */
interface Interaction extends SlackScene {
  readonly teamDomain: string
  readonly userName: string
  readonly token: string
  /** `13345224609.738474920.8088930838d88f008e0`-shaped: valid for 3 s to open a modal. */
  readonly triggerId: string
  readonly responseUrl: string
  /** When the user acted, `1548426417.840180`-shaped. */
  readonly actionTs: string
  /** The message acted on, a minute earlier. */
  readonly messageTs: string
  readonly botId: string
}

function interaction(ctx: GenerateContext): Interaction {
  const { random } = ctx
  const s = slackScene(ctx)
  return {
    ...s,
    teamDomain: 'sample-workspace',
    userName: 'sample.user',
    token: randomString(random, ALPHANUMERIC, 24),
    triggerId: `${randomDigits(random, 13)}.${randomDigits(random, 12)}.${randomHex(random, 32)}`,
    responseUrl: `https://hooks.slack.com/actions/${s.teamId}/${randomDigits(random, 13)}/${randomString(random, ALPHANUMERIC, 24)}`,
    actionTs: slackTs(ctx.now, ctx),
    messageTs: slackTs(new Date(ctx.now.getTime() - 60_000), ctx),
    botId: slackId(random, 'B'),
  }
}

const team = (i: Interaction) => ({ id: i.teamId, domain: i.teamDomain })
const user = (i: Interaction) => ({ id: i.userId, username: i.userName, name: i.userName, team_id: i.teamId })
const channel = (i: Interaction) => ({ id: i.channelId, name: 'sample-webhooks' })
const common = (i: Interaction) => ({ token: i.token, api_app_id: i.appId, enterprise: null, is_enterprise_install: false })
const plain = (text: string) => ({ type: 'plain_text', text, emoji: true })

const DEPLOY_BLOCKS = [
  { type: 'section', block_id: 'deploy_summary', text: { type: 'mrkdwn', text: '*Deploy sample-app to production?*', verbatim: false } },
  {
    type: 'actions',
    block_id: 'deploy_actions',
    elements: [
      { type: 'button', action_id: 'approve_deploy', text: plain('Approve'), style: 'primary', value: 'approve' },
      { type: 'button', action_id: 'reject_deploy', text: plain('Reject'), style: 'danger', value: 'reject' },
    ],
  },
]

function message(i: Interaction): Record<string, unknown> {
  return { type: 'message', subtype: 'bot_message', text: 'Deploy sample-app to production?', ts: i.messageTs, bot_id: i.botId, blocks: DEPLOY_BLOCKS }
}

/** A modal as Slack echoes it in view payloads: `V…` id, `hash` (`<unix>.<8 chars>`), the state of its inputs. */
function modal(i: Interaction, ctx: GenerateContext, values: Record<string, unknown>): Record<string, unknown> {
  const id = slackId(ctx.random, 'V')
  return {
    id,
    team_id: i.teamId,
    type: 'modal',
    blocks: [
      { type: 'input', block_id: 'incident_title', label: plain('Title'), optional: false, dispatch_action: false, element: { type: 'plain_text_input', action_id: 'title_input', multiline: false, dispatch_action_config: { trigger_actions_on: ['on_enter_pressed'] } } },
      { type: 'input', block_id: 'incident_service', label: plain('Service'), optional: false, dispatch_action: false, element: { type: 'external_select', action_id: 'service_select', placeholder: plain('Pick a service'), min_query_length: 2 } },
    ],
    private_metadata: JSON.stringify({ channel_id: i.channelId }),
    callback_id: 'report_incident',
    state: { values },
    hash: `${unixSeconds(ctx.now)}.${randomString(ctx.random, ALPHANUMERIC, 8)}`,
    title: plain('Report an incident'),
    clear_on_close: false,
    notify_on_close: true,
    close: plain('Cancel'),
    submit: plain('Report'),
    previous_view_id: null,
    root_view_id: id,
    app_id: i.appId,
    external_id: '',
    app_installed_team_id: i.teamId,
    bot_id: i.botId,
  }
}

const FILLED = {
  incident_title: { title_input: { type: 'plain_text_input', value: 'Checkout returns 502 for some users' } },
  incident_service: { service_select: { type: 'external_select', selected_option: { text: plain('checkout-api'), value: 'checkout-api' } } },
}

/**
 * An interactivity request as Slack posts it: `application/x-www-form-urlencoded` with the single field
 * `payload=<URL-encoded JSON>`, signed (v0) over those form bytes like any other Slack request.
 * @param payload - the interactivity payload (`block_actions`, `view_submission` …): `payload` of the sample
 * @param deliveryId - what identifies it (Slack sends no event id here: the `trigger_id`, or the view hash)
 */
function slackInteractivityRequest(payload: Record<string, unknown>, deliveryId: string, ctx: GenerateContext): GeneratedRequest {
  const headers = { 'Content-Type': FORM_CONTENT_TYPE, 'User-Agent': SLACK_USER_AGENT, 'X-Slack-Request-Timestamp': String(unixSeconds(ctx.now)) }
  return { deliveryId, headers, payload, body: encodeFormPayload(serializeJson(payload)) }
}

type Built = { payload: Record<string, unknown>; deliveryId: string }

const builders: Record<string, (i: Interaction, ctx: GenerateContext) => Built> = {
  block_actions: (i) => ({
    deliveryId: i.triggerId,
    payload: {
      type: 'block_actions',
      user: user(i),
      ...common(i),
      container: { type: 'message', message_ts: i.messageTs, channel_id: i.channelId, is_ephemeral: false },
      trigger_id: i.triggerId,
      team: team(i),
      channel: channel(i),
      message: message(i),
      state: { values: {} },
      response_url: i.responseUrl,
      actions: [{ action_id: 'approve_deploy', block_id: 'deploy_actions', text: plain('Approve'), value: 'approve', style: 'primary', type: 'button', action_ts: i.actionTs }],
    },
  }),
  view_submission: (i, ctx) => ({
    deliveryId: i.triggerId,
    payload: { type: 'view_submission', team: team(i), user: user(i), ...common(i), trigger_id: i.triggerId, view: modal(i, ctx, FILLED), response_urls: [] },
  }),
  view_closed: (i, ctx) => {
    const view = modal(i, ctx, {})
    return { deliveryId: String(view['hash']), payload: { type: 'view_closed', team: team(i), user: user(i), ...common(i), view, is_cleared: false } }
  },
  shortcut: (i) => ({
    deliveryId: i.triggerId,
    payload: { type: 'shortcut', ...common(i), callback_id: 'report_incident', trigger_id: i.triggerId, action_ts: i.actionTs, team: team(i), user: user(i) },
  }),
  message_action: (i, ctx) => ({
    deliveryId: i.triggerId,
    payload: {
      type: 'message_action',
      ...common(i),
      action_ts: i.actionTs,
      team: team(i),
      user: user(i),
      channel: channel(i),
      callback_id: 'create_ticket',
      trigger_id: i.triggerId,
      message_ts: i.messageTs,
      message: { type: 'message', user: i.userId, text: 'Checkout returns 502 for some users since 10:40.', ts: i.messageTs, team: i.teamId, client_msg_id: randomUuid(ctx.random) },
      response_url: i.responseUrl,
    },
  }),
  block_suggestion: (i, ctx) => {
    const view = modal(i, ctx, { incident_title: FILLED.incident_title })
    return {
      deliveryId: String(view['hash']),
      payload: {
        type: 'block_suggestion',
        user: user(i),
        container: { type: 'view', view_id: view['id'] },
        ...common(i),
        action_id: 'service_select',
        block_id: 'incident_service',
        value: 'chec',
        team: team(i),
        view,
      },
    }
  },
  interactive_message: (i, ctx) => ({
    deliveryId: i.triggerId,
    payload: {
      type: 'interactive_message',
      actions: [{ name: 'deploy', type: 'button', value: 'approve' }],
      callback_id: 'deploy_approval',
      team: team(i),
      channel: channel(i),
      user: { id: i.userId, name: i.userName },
      action_ts: i.actionTs,
      message_ts: i.messageTs,
      attachment_id: String(randomInt(ctx.random, 1, 3)),
      token: i.token,
      is_app_unfurl: false,
      enterprise: null,
      is_enterprise_install: false,
      original_message: {
        type: 'message',
        subtype: 'bot_message',
        text: 'Deploy sample-app to production?',
        ts: i.messageTs,
        bot_id: i.botId,
        attachments: [{ id: 1, callback_id: 'deploy_approval', fallback: 'Approve or reject the deploy', text: 'Approve or reject the deploy', actions: [{ id: '1', name: 'deploy', text: 'Approve', type: 'button', value: 'approve', style: 'primary' }] }],
      },
      response_url: i.responseUrl,
      trigger_id: i.triggerId,
    },
  }),
}

/** The interactivity payload types, in the picker's `interactivity` group. */
export const slackInteractivityEvents: readonly CatalogueEvent[] = [
  { type: 'block_actions', label: 'Block actions', description: 'Sent when a user clicks a button or picks a menu option in a message or modal (form-encoded payload=).', category: 'interactivity' },
  { type: 'view_submission', label: 'View submission', description: 'Sent when a user submits a modal; the handler may answer with errors or a new view (form-encoded payload=).', category: 'interactivity' },
  { type: 'view_closed', label: 'View closed', description: 'Sent when a user cancels a modal opened with notify_on_close (form-encoded payload=).', category: 'interactivity' },
  { type: 'shortcut', label: 'Global shortcut', description: 'Sent when a user runs one of the app\u2019s global shortcuts; trigger_id opens a modal (form-encoded payload=).', category: 'interactivity' },
  { type: 'message_action', label: 'Message shortcut', description: 'Sent when a user runs a message shortcut on a message; carries the message (form-encoded payload=).', category: 'interactivity' },
  { type: 'block_suggestion', label: 'Block suggestion', description: 'Sent as a user types in an external select; the handler answers with options (form-encoded payload=).', category: 'interactivity' },
  { type: 'interactive_message', label: 'Interactive message (legacy)', description: 'Sent when a user clicks a button in a legacy message attachment (form-encoded payload=).', category: 'interactivity' },
]

/** Whether `eventType` is one of {@link slackInteractivityEvents}. */
export function isSlackInteractivity(eventType: string): boolean {
  return eventType in builders
}

/** Builds the form-encoded, unsigned request of one interactivity payload type. */
export function generateSlackInteractivity(eventType: string, ctx: GenerateContext): GeneratedRequest {
  const build = builders[eventType]
  if (!build) throw new RangeError(`Not a Slack interactivity payload: ${eventType}`)
  const { payload, deliveryId } = build(interaction(ctx), ctx)
  return slackInteractivityRequest(payload, deliveryId, ctx)
}
