/** GitHub repository webhooks: templates, headers and `X-Hub-Signature-256` signing. */
import { hmacSha256, toHex } from '../crypto'
import { githubCommit, githubRepository, githubScene, type GithubScene } from './github-objects'
import { pick, randomHex, randomInt, randomUuid } from '../ids'
import { serializeJson } from '../json'
import { isoSeconds } from '../time'
import type { GeneratedRequest, GenerateContext, WebhookProvider } from '../types'

const WEB = 'https://github.com'
const API = 'https://api.github.com'

const ZEN = ['Keep it logically awesome.', 'Design for failure.', 'Practicality beats purity.', 'Speak like a human.'] as const

function pushPayload(scene: GithubScene, ctx: GenerateContext): Record<string, unknown> {
  const first = githubCommit(scene, ctx, 'Add webhook handler docs')
  const head = githubCommit(scene, ctx, 'Verify signatures with a constant-time comparison')
  const before = randomHex(ctx.random, 40)
  const after = String(head['id'])
  return {
    ref: 'refs/heads/main',
    before,
    after,
    repository: githubRepository(scene, ctx, true),
    pusher: { name: scene.senderLogin, email: scene.senderEmail },
    sender: scene.sender,
    created: false,
    deleted: false,
    forced: false,
    base_ref: null,
    compare: `${WEB}/${scene.fullName}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
    commits: [first, head],
    head_commit: head,
  }
}

function pullRequestPayload(scene: GithubScene, ctx: GenerateContext): Record<string, unknown> {
  const { random } = ctx
  const number = randomInt(random, 2, 999)
  const id = randomInt(random, 1_000_000_000, 2_999_999_999)
  const repo = githubRepository(scene, ctx)
  const url = `${API}/repos/${scene.fullName}/pulls/${number}`
  const html = `${WEB}/${scene.fullName}/pull/${number}`
  const issueUrl = `${API}/repos/${scene.fullName}/issues/${number}`
  const headSha = randomHex(random, 40)
  const now = isoSeconds(ctx.now)
  const branch = pick(random, ['feature/verify-signatures', 'fix/idempotent-handler', 'chore/sample-change'])
  return {
    action: 'opened',
    number,
    pull_request: {
      url,
      id,
      node_id: `PR_kwDO${randomHex(random, 8).toUpperCase()}`,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      issue_url: issueUrl,
      number,
      state: 'open',
      locked: false,
      title: 'Verify webhook signatures before parsing',
      user: scene.sender,
      body: 'This sample pull request was generated for webhook testing.',
      created_at: now,
      updated_at: now,
      closed_at: null,
      merged_at: null,
      merge_commit_sha: null,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      labels: [],
      milestone: null,
      draft: false,
      commits_url: `${url}/commits`,
      review_comments_url: `${url}/comments`,
      review_comment_url: `${API}/repos/${scene.fullName}/pulls/comments{/number}`,
      comments_url: `${issueUrl}/comments`,
      statuses_url: `${API}/repos/${scene.fullName}/statuses/${headSha}`,
      head: { label: `${scene.ownerLogin}:${branch}`, ref: branch, sha: headSha, user: scene.owner, repo },
      base: { label: `${scene.ownerLogin}:main`, ref: 'main', sha: randomHex(random, 40), user: scene.owner, repo },
      _links: {
        self: { href: url },
        html: { href: html },
        issue: { href: issueUrl },
        comments: { href: `${issueUrl}/comments` },
        review_comments: { href: `${url}/comments` },
        review_comment: { href: `${API}/repos/${scene.fullName}/pulls/comments{/number}` },
        commits: { href: `${url}/commits` },
        statuses: { href: `${API}/repos/${scene.fullName}/statuses/${headSha}` },
      },
      author_association: 'MEMBER',
      auto_merge: null,
      active_lock_reason: null,
      merged: false,
      mergeable: null,
      rebaseable: null,
      mergeable_state: 'unknown',
      merged_by: null,
      comments: 0,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: 1,
      additions: 42,
      deletions: 7,
      changed_files: 3,
    },
    repository: repo,
    sender: scene.sender,
  }
}

function issuesPayload(scene: GithubScene, ctx: GenerateContext): Record<string, unknown> {
  const { random } = ctx
  const number = randomInt(random, 2, 999)
  const id = randomInt(random, 1_000_000_000, 2_999_999_999)
  const url = `${API}/repos/${scene.fullName}/issues/${number}`
  const now = isoSeconds(ctx.now)
  return {
    action: 'opened',
    issue: {
      url,
      repository_url: `${API}/repos/${scene.fullName}`,
      labels_url: `${url}/labels{/name}`,
      comments_url: `${url}/comments`,
      events_url: `${url}/events`,
      html_url: `${WEB}/${scene.fullName}/issues/${number}`,
      id,
      node_id: `I_kwDO${randomHex(random, 8).toUpperCase()}`,
      number,
      title: 'Webhook handler returns 500 on duplicate delivery',
      user: scene.sender,
      labels: [],
      state: 'open',
      locked: false,
      assignee: null,
      assignees: [],
      milestone: null,
      comments: 0,
      created_at: now,
      updated_at: now,
      closed_at: null,
      author_association: 'CONTRIBUTOR',
      active_lock_reason: null,
      body: 'Sample issue generated for webhook testing.',
      reactions: { url: `${url}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
      timeline_url: `${url}/timeline`,
      performed_via_github_app: null,
      state_reason: null,
    },
    repository: githubRepository(scene, ctx),
    sender: scene.sender,
  }
}

function releasePayload(scene: GithubScene, ctx: GenerateContext): Record<string, unknown> {
  const { random } = ctx
  const id = randomInt(random, 100_000_000, 299_999_999)
  const tag = `v${randomInt(random, 1, 4)}.${randomInt(random, 0, 20)}.${randomInt(random, 0, 9)}`
  const url = `${API}/repos/${scene.fullName}/releases/${id}`
  const now = isoSeconds(ctx.now)
  return {
    action: 'published',
    release: {
      url,
      assets_url: `${url}/assets`,
      upload_url: `https://uploads.github.com/repos/${scene.fullName}/releases/${id}/assets{?name,label}`,
      html_url: `${WEB}/${scene.fullName}/releases/tag/${tag}`,
      id,
      author: scene.sender,
      node_id: `RE_kwDO${randomHex(random, 8).toUpperCase()}`,
      tag_name: tag,
      target_commitish: 'main',
      name: tag,
      draft: false,
      prerelease: false,
      immutable: false,
      created_at: now,
      updated_at: now,
      published_at: now,
      assets: [],
      tarball_url: `${API}/repos/${scene.fullName}/tarball/${tag}`,
      zipball_url: `${API}/repos/${scene.fullName}/zipball/${tag}`,
      body: 'Sample release notes generated for webhook testing.',
    },
    repository: githubRepository(scene, ctx),
    sender: scene.sender,
  }
}

function pingPayload(scene: GithubScene, ctx: GenerateContext): Record<string, unknown> {
  const url = `${API}/repos/${scene.fullName}/hooks/${scene.hookId}`
  const now = isoSeconds(ctx.now)
  return {
    zen: pick(ctx.random, ZEN),
    hook_id: scene.hookId,
    hook: {
      type: 'Repository',
      id: scene.hookId,
      name: 'web',
      active: true,
      events: ['push', 'pull_request', 'issues', 'release'],
      config: { content_type: 'json', insecure_ssl: '0', url: 'https://example.com/webhooks/github' },
      updated_at: now,
      created_at: now,
      url,
      test_url: `${url}/test`,
      ping_url: `${url}/pings`,
      deliveries_url: `${url}/deliveries`,
      last_response: { code: null, status: 'unused', message: null },
    },
    repository: githubRepository(scene, ctx),
    sender: scene.sender,
  }
}

/** The resource a GitHub hook is installed on, as its delivery headers name it. */
export interface GithubHookTarget {
  /** `X-GitHub-Hook-Installation-Target-Type`: `repository`, `organization`, `integration` (an app) … */
  readonly type: string
  /** `X-GitHub-Hook-Installation-Target-ID`: the repository, organization, app … id. */
  readonly id: number
}

/**
 * Wraps a payload in the request GitHub sends for `eventType` (`event` or `event.action`): the
 * `X-GitHub-*` headers of the hook on `target` (by default the scene's repository) and a fresh delivery GUID.
 */
export function githubRequest(
  eventType: string,
  scene: GithubScene,
  payload: Record<string, unknown>,
  ctx: GenerateContext,
  target: GithubHookTarget = { type: 'repository', id: scene.repoId },
): GeneratedRequest {
  const deliveryId = randomUuid(ctx.random)
  const event = eventType.split('.')[0] ?? eventType
  return {
    deliveryId,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': `GitHub-Hookshot/${randomHex(ctx.random, 7)}`,
      'X-GitHub-Event': event,
      'X-GitHub-Delivery': deliveryId,
      'X-GitHub-Hook-ID': String(scene.hookId),
      'X-GitHub-Hook-Installation-Target-Type': target.type,
      'X-GitHub-Hook-Installation-Target-ID': String(target.id),
    },
    payload,
    body: serializeJson(payload),
  }
}

const builders: Record<string, (scene: GithubScene, ctx: GenerateContext) => Record<string, unknown>> = {
  push: pushPayload,
  'pull_request.opened': pullRequestPayload,
  'issues.opened': issuesPayload,
  'release.published': releasePayload,
  ping: pingPayload,
}

/** GitHub: repository webhooks, JSON content type, HMAC-SHA256 hex in `X-Hub-Signature-256`. */
export const github: WebhookProvider = {
  id: 'github',
  name: 'GitHub',
  events: [
    { type: 'push', label: 'Push', description: 'Sent when commits or tags are pushed to a branch of the repository.' },
    { type: 'pull_request.opened', label: 'Pull request opened', description: 'Sent when someone opens a new pull request.' },
    { type: 'issues.opened', label: 'Issue opened', description: 'Sent when someone opens a new issue.' },
    { type: 'release.published', label: 'Release published', description: 'Sent when a release is published and becomes visible.' },
    { type: 'ping', label: 'Ping', description: 'Sent once when the webhook is created, to check that the endpoint answers.' },
  ],
  signatureHeaders: ['X-Hub-Signature-256'],
  signatureDescription: 'HMAC-SHA256 of the raw body keyed with the secret, as sha256=<lowercase hex>; no timestamp.',
  secret: { label: 'Webhook secret', example: 'sample-webhook-secret', hint: 'Any text; GitHub uses it as the UTF-8 HMAC key.' },
  deliveryIdHeader: 'X-GitHub-Delivery',
  deliveryIdLocation: 'X-GitHub-Delivery header (GUID, unchanged on redelivery)',
  timestampToleranceSeconds: null,
  generate(eventType, ctx) {
    const build = builders[eventType]
    if (!build) throw new Error(`github: no template for ${eventType}`)
    const scene = githubScene(ctx)
    return githubRequest(eventType, scene, build(scene, ctx), ctx)
  },
  serialize: (payload) => serializeJson(payload),
  async sign(body, secret) {
    return { 'X-Hub-Signature-256': `sha256=${toHex(await hmacSha256(secret, body))}` }
  },
}
