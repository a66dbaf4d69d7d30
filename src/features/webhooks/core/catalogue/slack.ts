/**
 * Common Slack Events API event types, loaded on demand, in the same `event_callback` envelope as the
 * provider's built-in ones (one workspace, app, user and channel per delivery), and the interactivity
 * payloads (form-encoded, `slack-interactivity.ts`).
 */
import { pick, slackId } from '../ids'
import { slack, slackEventCallback, slackScene, slackTs, type SlackScene } from '../providers/slack'
import { unixSeconds } from '../time'
import type { GenerateContext, GeneratedRequest } from '../types'
import { generateSlackInteractivity, isSlackInteractivity, slackInteractivityEvents } from './slack-interactivity'
import type { CatalogueEvent, ProviderCatalogue } from './types'

function channel(s: SlackScene, ctx: GenerateContext, name: string): Record<string, unknown> {
  return { id: s.channelId, name, created: unixSeconds(ctx.now), creator: s.userId, is_channel: true, is_org_shared: false, is_shared: false, context_team_id: s.teamId }
}

const builders: Record<string, (s: SlackScene, ctx: GenerateContext) => Record<string, unknown>> = {
  reaction_removed: (s, ctx) => ({ type: 'reaction_removed', user: s.userId, reaction: pick(ctx.random, ['thumbsup', 'eyes']), item_user: s.botUserId, item: { type: 'message', channel: s.channelId, ts: slackTs(new Date(ctx.now.getTime() - 60_000), ctx) }, event_ts: slackTs(ctx.now, ctx) }),
  member_joined_channel: (s, ctx) => ({ type: 'member_joined_channel', user: s.userId, channel: s.channelId, channel_type: 'C', team: s.teamId, inviter: slackId(ctx.random, 'U'), event_ts: slackTs(ctx.now, ctx) }),
  member_left_channel: (s, ctx) => ({ type: 'member_left_channel', user: s.userId, channel: s.channelId, channel_type: 'C', team: s.teamId, event_ts: slackTs(ctx.now, ctx) }),
  channel_created: (s, ctx) => ({ type: 'channel_created', channel: channel(s, ctx, 'sample-webhooks'), event_ts: slackTs(ctx.now, ctx) }),
  channel_rename: (s, ctx) => ({ type: 'channel_rename', channel: { id: s.channelId, name: 'sample-webhooks-renamed', created: unixSeconds(ctx.now) }, event_ts: slackTs(ctx.now, ctx) }),
  app_home_opened: (s, ctx) => ({ type: 'app_home_opened', user: s.userId, channel: slackId(ctx.random, 'D'), tab: 'home', event_ts: slackTs(ctx.now, ctx) }),
  team_join: (s, ctx) => ({
    type: 'team_join',
    user: { id: s.userId, team_id: s.teamId, name: 'sample.user', deleted: false, real_name: 'Sample User', tz: 'Europe/Berlin', tz_offset: 3600, is_admin: false, is_bot: false, updated: unixSeconds(ctx.now), profile: { real_name: 'Sample User', display_name: 'sample', email: 'sample.user@example.com', team: s.teamId } },
    event_ts: slackTs(ctx.now, ctx),
  }),
  app_uninstalled: (_s, ctx) => ({ type: 'app_uninstalled', event_ts: slackTs(ctx.now, ctx) }),
  file_shared: (s, ctx) => ({ type: 'file_shared', file_id: slackId(ctx.random, 'F'), user_id: s.userId, file: { id: slackId(ctx.random, 'F') }, channel_id: s.channelId, event_ts: slackTs(ctx.now, ctx) }),
  pin_added: (s, ctx) => ({ type: 'pin_added', user: s.userId, channel_id: s.channelId, item: { type: 'message', channel: s.channelId, created: unixSeconds(ctx.now), created_by: s.userId }, event_ts: slackTs(ctx.now, ctx) }),
}

const more: CatalogueEvent[] = [
  { type: 'reaction_removed', label: 'Reaction removed', description: 'Sent when a user removes an emoji reaction.', category: 'reactions' },
  { type: 'member_joined_channel', label: 'Member joined channel', description: 'Sent when a user joins a channel the app is in.', category: 'channels' },
  { type: 'member_left_channel', label: 'Member left channel', description: 'Sent when a user leaves a channel the app is in.', category: 'channels' },
  { type: 'channel_created', label: 'Channel created', description: 'Sent when a public channel is created.', category: 'channels' },
  { type: 'channel_rename', label: 'Channel renamed', description: 'Sent when a channel is renamed.', category: 'channels' },
  { type: 'app_home_opened', label: 'App Home opened', description: 'Sent when a user opens the app\u2019s Home tab.', category: 'app' },
  { type: 'app_uninstalled', label: 'App uninstalled', description: 'Sent when the app is uninstalled from the workspace.', category: 'app' },
  { type: 'team_join', label: 'Team join', description: 'Sent when a new member joins the workspace.', category: 'workspace' },
  { type: 'file_shared', label: 'File shared', description: 'Sent when a file is shared in a channel the app is in.', category: 'files' },
  { type: 'pin_added', label: 'Pin added', description: 'Sent when an item is pinned in a channel.', category: 'pins' },
]

const CATEGORY: Record<string, string> = { message: 'messages', app_mention: 'messages', reaction_added: 'reactions', url_verification: 'setup' }

/** Slack: the built-in events plus reactions, channel membership, App Home, team join, files, pins and interactivity. */
export const slackCatalogue: ProviderCatalogue = {
  events: [...slack.events.map((e) => ({ ...e, category: CATEGORY[e.type] ?? 'events' })), ...more, ...slackInteractivityEvents],
  generate(eventType: string, ctx: GenerateContext): GeneratedRequest {
    if (isSlackInteractivity(eventType)) return generateSlackInteractivity(eventType, ctx)
    const build = builders[eventType]
    if (!build) return slack.generate(eventType, ctx)
    const s = slackScene(ctx)
    return slackEventCallback(build(s, ctx), s, ctx)
  },
}
