/** GitLab project webhooks: Push Hook and Merge Request Hook; the secret travels as a plain `X-Gitlab-Token`. */
import { WebhookSecretError } from '../errors'
import { pick, randomHex, randomInt, randomUuid } from '../ids'
import { serializeJson } from '../json'
import { gitlabUtc, isoWithOffset } from '../time'
import type { GeneratedRequest, GenerateContext, WebhookProvider } from '../types'

/** The sample GitLab instance. */
export const HOST = 'https://gitlab.example.com'

/** The user and project of one GitLab delivery. */
export interface GitlabScene {
  readonly userId: number
  readonly username: string
  readonly name: string
  readonly email: string
  readonly projectId: number
  readonly path: string
  readonly project: Record<string, unknown>
}

/** Fresh sample user and project for one delivery. */
export function scene(ctx: GenerateContext): GitlabScene {
  const username = pick(ctx.random, ['sample.dev', 'example.user', 'test.maintainer'])
  const projectId = randomInt(ctx.random, 1_000, 99_999_999)
  const path = `${pick(ctx.random, ['sample-group', 'example-team'])}/${pick(ctx.random, ['sample-project', 'webhook-demo'])}`
  const web = `${HOST}/${path}`
  return {
    userId: randomInt(ctx.random, 1, 9_999_999),
    username,
    name: username === 'sample.dev' ? 'Sample Developer' : username === 'example.user' ? 'Example User' : 'Test Maintainer',
    email: `${username}@example.com`,
    projectId,
    path,
    project: {
      id: projectId,
      name: path.split('/')[1],
      description: 'A sample project for webhook testing',
      web_url: web,
      avatar_url: null,
      git_ssh_url: `git@gitlab.example.com:${path}.git`,
      git_http_url: `${web}.git`,
      namespace: path.split('/')[0],
      visibility_level: 20,
      path_with_namespace: path,
      default_branch: 'main',
      ci_config_path: null,
      homepage: web,
      url: `git@gitlab.example.com:${path}.git`,
      ssh_url: `git@gitlab.example.com:${path}.git`,
      http_url: `${web}.git`,
    },
  }
}

/** A pushed commit timed at generation. */
export function commit(s: GitlabScene, ctx: GenerateContext, title: string): Record<string, unknown> {
  const id = randomHex(ctx.random, 40)
  return {
    id,
    message: `${title}\n`,
    title,
    timestamp: isoWithOffset(ctx.now, 60),
    url: `${HOST}/${s.path}/-/commit/${id}`,
    author: { name: s.name, email: s.email },
    added: ['docs/webhooks.md'],
    modified: ['app/handler.rb'],
    removed: [],
  }
}

/** The legacy `repository` block GitLab still sends. */
export function repository(s: GitlabScene): Record<string, unknown> {
  const p = s.project
  return { name: p['name'], url: p['url'], description: p['description'], homepage: p['homepage'], git_http_url: p['git_http_url'], git_ssh_url: p['git_ssh_url'], visibility_level: 20 }
}

/** A Push Hook payload with two commits on main. */
export function push(s: GitlabScene, ctx: GenerateContext): Record<string, unknown> {
  const commits = [commit(s, ctx, 'Add webhook handler docs'), commit(s, ctx, 'Check the webhook token')]
  const after = String(commits[1]?.['id'])
  return {
    object_kind: 'push',
    event_name: 'push',
    before: randomHex(ctx.random, 40),
    after,
    ref: 'refs/heads/main',
    ref_protected: true,
    checkout_sha: after,
    message: null,
    user_id: s.userId,
    user_name: s.name,
    user_username: s.username,
    user_email: s.email,
    user_avatar: null,
    project_id: s.projectId,
    project: s.project,
    commits,
    total_commits_count: commits.length,
    push_options: {},
    repository: repository(s),
  }
}

/** A Merge Request Hook payload for a newly opened merge request. */
export function mergeRequest(s: GitlabScene, ctx: GenerateContext): Record<string, unknown> {
  const iid = randomInt(ctx.random, 1, 999)
  const time = gitlabUtc(ctx.now)
  const last = commit(s, ctx, 'Check the webhook token')
  const user = { id: s.userId, name: s.name, username: s.username, avatar_url: null, email: s.email }
  return {
    object_kind: 'merge_request',
    event_type: 'merge_request',
    user,
    project: s.project,
    object_attributes: {
      id: randomInt(ctx.random, 1_000_000, 999_999_999),
      iid,
      title: 'Verify the webhook token before parsing',
      description: 'Sample merge request generated for webhook testing.',
      state: 'opened',
      action: 'open',
      source_branch: 'feature/check-token',
      target_branch: 'main',
      source_project_id: s.projectId,
      target_project_id: s.projectId,
      author_id: s.userId,
      assignee_ids: [],
      reviewer_ids: [],
      created_at: time,
      updated_at: time,
      merge_status: 'unchecked',
      detailed_merge_status: 'preparing',
      merge_commit_sha: null,
      draft: false,
      work_in_progress: false,
      url: `${HOST}/${s.path}/-/merge_requests/${iid}`,
      source: s.project,
      target: s.project,
      last_commit: last,
      labels: [],
    },
    labels: [],
    changes: {},
    repository: repository(s),
    assignees: [],
    reviewers: [],
  }
}

/** Wraps a payload in the request GitLab sends (`X-Gitlab-Event`, e.g. `Pipeline Hook`), with a fresh idempotency key. */
export function gitlabRequest(hookName: string, payload: Record<string, unknown>, ctx: GenerateContext): GeneratedRequest {
  const key = randomUuid(ctx.random)
  return {
    deliveryId: key,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'GitLab/18.2.0',
      'X-Gitlab-Event': hookName,
      'X-Gitlab-Webhook-UUID': randomUuid(ctx.random),
      'X-Gitlab-Event-UUID': randomUuid(ctx.random),
      'X-Gitlab-Instance': HOST,
      'Idempotency-Key': key,
    },
    payload,
    body: serializeJson(payload),
  }
}

/** GitLab: no HMAC; the secret token is sent as-is in `X-Gitlab-Token`. */
export const gitlab: WebhookProvider = {
  id: 'gitlab',
  name: 'GitLab',
  events: [
    { type: 'push', label: 'Push Hook', description: 'Sent when commits are pushed to a branch of the project.' },
    { type: 'merge_request.open', label: 'Merge request opened', description: 'Sent when someone opens a new merge request.' },
  ],
  signatureHeaders: ['X-Gitlab-Token'],
  signatureDescription: 'No signature: the configured secret token is sent verbatim in X-Gitlab-Token and compared by the handler.',
  secret: { label: 'Secret token', example: 'sample-gitlab-token', hint: 'Any printable text without line breaks; it is sent as a header value.' },
  deliveryIdHeader: 'Idempotency-Key',
  deliveryIdLocation: 'Idempotency-Key header (UUID, stable across retries)',
  timestampToleranceSeconds: null,
  generate(eventType, ctx) {
    const s = scene(ctx)
    let payload: Record<string, unknown>
    if (eventType === 'push') payload = push(s, ctx)
    else if (eventType === 'merge_request.open') payload = mergeRequest(s, ctx)
    else throw new Error(`gitlab: no template for ${eventType}`)
    return gitlabRequest(eventType === 'push' ? 'Push Hook' : 'Merge Request Hook', payload, ctx)
  },
  serialize: (payload) => serializeJson(payload),
  async sign(_body, secret) {
    // A header value must be a ByteString without control characters, or fetch rejects it.
    if (/[^\x20-\x7e\x80-\xff\t]/.test(secret) || secret !== secret.trim()) {
      throw new WebhookSecretError(
        'invalid-header-value',
        'gitlab',
        'The token is sent as a header value: use printable characters only, without line breaks or leading/trailing spaces.',
      )
    }
    return { 'X-Gitlab-Token': secret }
  },
}
