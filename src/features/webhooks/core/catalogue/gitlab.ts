/**
 * GitLab's common project hooks (push, tag push, merge requests, issues, notes, pipelines, jobs,
 * releases, deployments), loaded on demand. Every payload of one delivery — and of one sequence, given
 * the same scene and merge request iid — names the same user, project and merge request.
 */
import { commit, gitlab, gitlabRequest, HOST, mergeRequest, push, repository, scene, type GitlabScene } from '../providers/gitlab'
import { randomHex, randomInt } from '../ids'
import { gitlabUtc } from '../time'
import type { GenerateContext, GeneratedRequest } from '../types'
import type { CatalogueEvent, ProviderCatalogue } from './types'

function user(s: GitlabScene): Record<string, unknown> {
  return { id: s.userId, name: s.name, username: s.username, avatar_url: null, email: s.email }
}

/** A merge request hook for `action` (`open`, `update`, `approved`, `merge`, `close`) with a fixed iid. */
export function gitlabMergeRequest(s: GitlabScene, ctx: GenerateContext, action: string, iid: number): Record<string, unknown> {
  const base = mergeRequest(s, ctx)
  const attrs = base['object_attributes'] as Record<string, unknown>
  const state = action === 'merge' ? 'merged' : action === 'close' ? 'closed' : 'opened'
  const time = gitlabUtc(ctx.now)
  return {
    ...base,
    object_attributes: {
      ...attrs,
      iid,
      url: `${HOST}/${s.path}/-/merge_requests/${iid}`,
      action,
      state,
      updated_at: time,
      ...(action === 'merge' ? { merge_status: 'can_be_merged', detailed_merge_status: 'mergeable', merge_commit_sha: randomHex(ctx.random, 40) } : {}),
    },
    changes: action === 'update' ? { updated_at: { previous: gitlabUtc(new Date(ctx.now.getTime() - 3_600_000)), current: time } } : action === 'merge' || action === 'close' ? { state_id: { previous: 1, current: action === 'merge' ? 3 : 2 } } : {},
  }
}

function issue(s: GitlabScene, ctx: GenerateContext, action: 'open' | 'close'): Record<string, unknown> {
  const iid = randomInt(ctx.random, 1, 999)
  const time = gitlabUtc(ctx.now)
  return {
    object_kind: 'issue',
    event_type: 'issue',
    user: user(s),
    project: s.project,
    object_attributes: {
      id: randomInt(ctx.random, 1_000_000, 999_999_999),
      iid,
      title: 'Webhook handler returns 500 on duplicate delivery',
      description: 'Sample issue generated for webhook testing.',
      state: action === 'open' ? 'opened' : 'closed',
      action,
      author_id: s.userId,
      project_id: s.projectId,
      created_at: time,
      updated_at: time,
      closed_at: action === 'close' ? time : null,
      confidential: false,
      url: `${HOST}/${s.path}/-/issues/${iid}`,
      labels: [],
    },
    repository: repository(s),
    assignees: [],
    labels: [],
    changes: action === 'close' ? { state_id: { previous: 1, current: 2 } } : {},
  }
}

function note(s: GitlabScene, ctx: GenerateContext): Record<string, unknown> {
  const mr = gitlabMergeRequest(s, ctx, 'update', randomInt(ctx.random, 1, 999))
  const attrs = mr['object_attributes'] as Record<string, unknown>
  const id = randomInt(ctx.random, 1_000_000, 999_999_999)
  const time = gitlabUtc(ctx.now)
  return {
    object_kind: 'note',
    event_type: 'note',
    user: user(s),
    project_id: s.projectId,
    project: s.project,
    object_attributes: { id, note: 'Looks good; please add a test for the replay case.', noteable_type: 'MergeRequest', author_id: s.userId, created_at: time, updated_at: time, project_id: s.projectId, system: false, action: 'create', url: `${String(attrs['url'])}#note_${id}` },
    repository: repository(s),
    merge_request: attrs,
  }
}

function pipeline(s: GitlabScene, ctx: GenerateContext): Record<string, unknown> {
  const id = randomInt(ctx.random, 100_000, 99_999_999)
  const sha = randomHex(ctx.random, 40)
  const finished = gitlabUtc(ctx.now)
  const created = gitlabUtc(new Date(ctx.now.getTime() - 240_000))
  const build = (name: string, stage: string) => ({ id: randomInt(ctx.random, 1_000_000, 999_999_999), stage, name, status: 'success', created_at: created, started_at: created, finished_at: finished, duration: 120.5, queued_duration: 2.1, when: 'on_success', manual: false, allow_failure: false, user: user(s), runner: null, artifacts_file: { filename: null, size: null }, environment: null })
  return {
    object_kind: 'pipeline',
    object_attributes: { id, iid: randomInt(ctx.random, 1, 9_999), name: null, ref: 'main', tag: false, sha, before_sha: randomHex(ctx.random, 40), source: 'push', status: 'success', detailed_status: 'passed', stages: ['test', 'deploy'], created_at: created, finished_at: finished, duration: 240, queued_duration: 3, variables: [], url: `${HOST}/${s.path}/-/pipelines/${id}` },
    merge_request: null,
    user: user(s),
    project: s.project,
    commit: commit(s, ctx, 'Check the webhook token'),
    builds: [build('unit-tests', 'test'), build('deploy-staging', 'deploy')],
  }
}

function job(s: GitlabScene, ctx: GenerateContext): Record<string, unknown> {
  const id = randomInt(ctx.random, 1_000_000, 999_999_999)
  const time = gitlabUtc(ctx.now)
  const sha = randomHex(ctx.random, 40)
  return {
    object_kind: 'build',
    ref: 'main',
    tag: false,
    before_sha: randomHex(ctx.random, 40),
    sha,
    build_id: id,
    build_name: 'unit-tests',
    build_stage: 'test',
    build_status: 'success',
    build_created_at: time,
    build_started_at: time,
    build_finished_at: time,
    build_duration: 95.2,
    build_queued_duration: 1.4,
    build_allow_failure: false,
    build_failure_reason: 'unknown_failure',
    pipeline_id: randomInt(ctx.random, 100_000, 99_999_999),
    runner: null,
    project_id: s.projectId,
    project_name: `${s.path.replace('/', ' / ')}`,
    user: user(s),
    commit: { id: randomInt(ctx.random, 100_000, 99_999_999), name: null, sha, message: 'Check the webhook token\n', author_name: s.name, author_email: s.email, status: 'success', duration: 240, started_at: time, finished_at: time },
    repository: { name: s.project['name'], url: s.project['url'], description: s.project['description'], homepage: s.project['homepage'], git_http_url: s.project['git_http_url'], git_ssh_url: s.project['git_ssh_url'], visibility_level: 20 },
    project: s.project,
    environment: null,
  }
}

function tagPush(s: GitlabScene, ctx: GenerateContext): Record<string, unknown> {
  const base = push(s, ctx)
  return { ...base, object_kind: 'tag_push', event_name: 'tag_push', ref: 'refs/tags/v1.2.0', before: '0000000000000000000000000000000000000000', commits: [], total_commits_count: 0 }
}

function release(s: GitlabScene, ctx: GenerateContext): Record<string, unknown> {
  const time = gitlabUtc(ctx.now)
  return {
    id: randomInt(ctx.random, 1_000, 9_999_999),
    created_at: time,
    description: 'Sample release notes generated for webhook testing.',
    name: 'v1.2.0',
    released_at: time,
    tag: 'v1.2.0',
    object_kind: 'release',
    project: s.project,
    url: `${HOST}/${s.path}/-/releases/v1.2.0`,
    action: 'create',
    assets: { count: 2, links: [], sources: [{ format: 'zip', url: `${HOST}/${s.path}/-/archive/v1.2.0/${String(s.project['name'])}-v1.2.0.zip` }, { format: 'tar.gz', url: `${HOST}/${s.path}/-/archive/v1.2.0/${String(s.project['name'])}-v1.2.0.tar.gz` }] },
    commit: commit(s, ctx, 'Release v1.2.0'),
  }
}

function deployment(s: GitlabScene, ctx: GenerateContext): Record<string, unknown> {
  const id = randomInt(ctx.random, 1_000, 99_999_999)
  const sha = randomHex(ctx.random, 40)
  return {
    object_kind: 'deployment',
    status: 'success',
    status_changed_at: gitlabUtc(ctx.now),
    deployment_id: id,
    deployable_id: randomInt(ctx.random, 1_000_000, 999_999_999),
    deployable_url: `${HOST}/${s.path}/-/jobs/${id}`,
    environment: 'staging',
    environment_tier: 'staging',
    environment_slug: 'staging',
    environment_external_url: 'https://staging.example.com',
    project: s.project,
    short_sha: sha.slice(0, 8),
    user: user(s),
    user_url: `${HOST}/${s.username}`,
    commit_url: `${HOST}/${s.path}/-/commit/${sha}`,
    commit_title: 'Check the webhook token',
  }
}

const HOOK: Record<string, string> = { tag_push: 'Tag Push Hook', merge_request: 'Merge Request Hook', issue: 'Issue Hook', note: 'Note Hook', pipeline: 'Pipeline Hook', build: 'Job Hook', release: 'Release Hook', deployment: 'Deployment Hook', push: 'Push Hook' }

const builders: Record<string, (s: GitlabScene, ctx: GenerateContext) => Record<string, unknown>> = {
  tag_push: tagPush,
  'merge_request.update': (s, ctx) => gitlabMergeRequest(s, ctx, 'update', randomInt(ctx.random, 1, 999)),
  'merge_request.approved': (s, ctx) => gitlabMergeRequest(s, ctx, 'approved', randomInt(ctx.random, 1, 999)),
  'merge_request.merge': (s, ctx) => gitlabMergeRequest(s, ctx, 'merge', randomInt(ctx.random, 1, 999)),
  'merge_request.close': (s, ctx) => gitlabMergeRequest(s, ctx, 'close', randomInt(ctx.random, 1, 999)),
  'issue.open': (s, ctx) => issue(s, ctx, 'open'),
  'issue.close': (s, ctx) => issue(s, ctx, 'close'),
  note,
  pipeline,
  build: job,
  'release.create': release,
  deployment,
}

/** Builds a GitLab request for any catalogue event with a given scene (sequences share one). */
export function generateGitlabEvent(eventType: string, ctx: GenerateContext, s: GitlabScene = scene(ctx), iid?: number): GeneratedRequest {
  const kind = eventType.split('.')[0] ?? eventType
  if (iid !== undefined && kind === 'merge_request') {
    return gitlabRequest(HOOK[kind] ?? kind, gitlabMergeRequest(s, ctx, eventType.split('.')[1] ?? 'open', iid), ctx)
  }
  if (eventType === 'push') return gitlabRequest('Push Hook', push(s, ctx), ctx)
  const build = builders[eventType]
  return build ? gitlabRequest(HOOK[kind] ?? kind, build(s, ctx), ctx) : gitlab.generate(eventType, ctx)
}

const more: CatalogueEvent[] = [
  { type: 'tag_push', label: 'Tag Push Hook', description: 'Sent when a tag is created or deleted in the repository.', category: 'push' },
  { type: 'merge_request.update', label: 'Merge request updated', description: 'Sent when a merge request gets new commits or its title, description or labels change.', category: 'merge_request' },
  { type: 'merge_request.approved', label: 'Merge request approved', description: 'Sent when a merge request is approved by all required approvers.', category: 'merge_request' },
  { type: 'merge_request.merge', label: 'Merge request merged', description: 'Sent when a merge request is merged.', category: 'merge_request' },
  { type: 'merge_request.close', label: 'Merge request closed', description: 'Sent when a merge request is closed without merging.', category: 'merge_request' },
  { type: 'issue.open', label: 'Issue opened', description: 'Sent when an issue is created.', category: 'issue' },
  { type: 'issue.close', label: 'Issue closed', description: 'Sent when an issue is closed.', category: 'issue' },
  { type: 'note', label: 'Comment (Note Hook)', description: 'Sent when someone comments on a merge request, issue, commit or snippet.', category: 'note' },
  { type: 'pipeline', label: 'Pipeline Hook', description: 'Sent when a CI/CD pipeline changes status.', category: 'ci' },
  { type: 'build', label: 'Job Hook', description: 'Sent when a CI/CD job changes status.', category: 'ci' },
  { type: 'release.create', label: 'Release created', description: 'Sent when a release is created.', category: 'release' },
  { type: 'deployment', label: 'Deployment Hook', description: 'Sent when a deployment starts, succeeds, fails or is canceled.', category: 'deployment' },
]

/** GitLab: push, tag push, merge requests, issues, notes, pipelines, jobs, releases and deployments. */
export const gitlabCatalogue: ProviderCatalogue = {
  events: [...gitlab.events.map((e) => ({ ...e, category: e.type.split('.')[0] ?? e.type })), ...more],
  generate: (eventType, ctx) => generateGitlabEvent(eventType, ctx),
}
