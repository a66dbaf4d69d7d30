/**
 * Every GitHub webhook event and action, generated from the compact shapes that
 * `scripts/webhook-catalogue.mjs` derives from `@octokit/openapi-webhooks` (loaded on demand, never in the
 * route's first load). A shape lists the schema's required fields with their kinds; {@link fillGithubShape}
 * writes realistic values for them: one owner, repository and sender per delivery, URLs derived from
 * their names and ids, 40-hex SHAs, node ids derived from the type and id, ISO times (Unix seconds where
 * the schema wants integers), and enum values that agree with the action (`completed` → `status: completed`).
 */
import { githubCommit, githubRepository, githubScene, type GithubScene } from '../providers/github-objects'
import { githubRequest, type GithubHookTarget } from '../providers/github'
import { githubNodeId, randomHex, randomInt } from '../ids'
import { addDays, isoSeconds, unixSeconds } from '../time'
import type { GenerateContext, GeneratedRequest } from '../types'
import type { CatalogueEvent, ProviderCatalogue } from './types'
import { data } from './generated/github-data'

/**
 * A field's kind: `s`/`s:<format>`/`s:max<n>` string, `i`/`i:<min>:<max>` integer, `n`, `b`, `z` null,
 * `x` nothing is valid (only as array items: the array stays empty), or a compound.
 */
type Shape = string | ['e', unknown[]] | ['?', Shape] | ['a', Shape, number] | ['r', string] | { [key: string]: Shape }

interface GithubData {
  /** `[type, description, schema name, kind of hook it is delivered to]`, sorted by type. */
  events: [string, string, string, HookKind][]
  payloads: Record<string, Shape>
  shared: Record<string, Shape>
}

/** A value of the schema's `supported-webhook-types`: the kind of hook an event can be delivered to. */
type HookKind = 'repository' | 'organization' | 'app' | 'business' | 'marketplace' | 'sponsors_listing'

const catalogue = data as GithubData
const hookOf = new Map(catalogue.events.map(([type, , , hook]) => [type, hook]))

/**
 * `X-GitHub-Hook-Installation-Target-Type` per kind of hook. An app's hook says `integration` (GitHub's
 * internal name for apps, as captured deliveries show); the others use the kind's own name.
 */
const TARGET_TYPE: Record<HookKind, string> = {
  repository: 'repository',
  organization: 'organization',
  app: 'integration',
  business: 'business',
  marketplace: 'marketplace::listing',
  sponsors_listing: 'sponsors_listing',
}
const API = 'https://api.github.com'
const WEB = 'https://github.com'

/** Nullable fields that are null in a fresh, typical delivery (GitHub sends them so). */
const USUALLY_NULL = new Set([
  'closed_at', 'merged_at', 'merged_by', 'merge_commit_sha', 'milestone', 'assignee', 'active_lock_reason', 'auto_merge', 'performed_via_github_app',
  'mirror_url', 'dismissed_at', 'dismissed_by', 'dismissed_reason', 'dismissed_comment', 'fixed_at', 'deleted_at', 'archived_at', 'resolved_at', 'resolved_by',
  'resolution', 'resolution_comment', 'state_reason', 'in_reply_to_id', 'previous_attempt_url', 'start_line', 'original_start_line', 'start_side', 'base_ref',
  'suspended_at', 'suspended_by', 'license', 'template_repository', 'parent', 'source', 'original_commit_id', 'draft_pull_request', 'type',
])
/** Array fields that are usually empty in a fresh delivery. */
const USUALLY_EMPTY = new Set(['labels', 'assignees', 'requested_reviewers', 'requested_teams', 'pull_requests', 'removed', 'reactions', 'files', 'topics'])
/** Booleans that are usually true. */
const USUALLY_TRUE = new Set(['active', 'distinct', 'has_issues', 'has_projects', 'has_downloads', 'allow_forking', 'verified', 'enabled', 'public'])
/** Actions meaning "the thing ended": enum fields prefer the matching state. */
const ENDED = new Set(['closed', 'completed', 'deleted', 'resolved', 'merged', 'dismissed', 'fixed', 'archived'])
/** Per-key preferred enum values when the action does not decide. */
const PREFERRED: Record<string, readonly string[]> = {
  state: ['open', 'opened', 'active'],
  conclusion: ['success'],
  type: ['User', 'Organization', 'Repository'],
  author_association: ['MEMBER', 'CONTRIBUTOR', 'OWNER'],
  visibility: ['public'],
  status: ['completed', 'queued'],
}

/** The values one delivery shares across its whole payload. */
interface Fill {
  readonly scene: GithubScene
  readonly ctx: GenerateContext
  readonly action: string | undefined
  readonly event: string
  /** Issue / pull request number shared by every `number` field. */
  readonly number: number
  /** Head SHA shared by `head_sha`, `after`, `sha` at the top … */
  readonly headSha: string
  readonly user: Record<string, unknown>
  readonly repository: Record<string, unknown>
  readonly owner: Record<string, unknown>
  /** Ids by the object they belong to (`pull_request` → 1234), shared across a sequence's deliveries. */
  readonly ids: Map<string, number>
  /** The GitHub App every `app_id` names (an app's hook is that app's). */
  readonly appId: number
}

function kind(shape: Shape): string {
  return typeof shape === 'string' ? shape.split(':')[0] ?? shape : Array.isArray(shape) ? shape[0] : 'o'
}

/** Whether a ready-made value fits a shape (so an overlay never breaks the schema). */
function fits(value: unknown, shape: Shape): boolean {
  if (Array.isArray(shape) && shape[0] === '?') return value === null || fits(value, shape[1])
  if (Array.isArray(shape) && shape[0] === 'e') return shape[1].includes(value)
  if (Array.isArray(shape) && shape[0] === 'r') return fits(value, catalogue.shared[shape[1]] ?? 's')
  const k = kind(shape)
  if (k === 's') return typeof value === 'string' && (shape !== 's:uri' || !value.includes('{'))
  if (k === 'i') return Number.isInteger(value)
  if (k === 'n') return typeof value === 'number'
  if (k === 'b') return typeof value === 'boolean'
  if (k === 'z') return value === null
  if (k === 'x') return false
  if (k === 'a') return Array.isArray(value) && value.every((v) => fits(v, (shape as ['a', Shape, number])[1]))
  if (k === 'o' && value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(shape as Record<string, Shape>).every(([key, s]) => key === '$map' || (key in value && fits((value as Record<string, unknown>)[key], s)))
  }
  return false
}

function pascal(key: string): string {
  return key.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())
}

function plural(key: string): string {
  return key.endsWith('s') ? key : `${key}s`
}

function stringValue(f: Fill, shape: string, key: string, parent: string, obj: Record<string, unknown>): string {
  const { scene, ctx } = f
  const format = shape.slice(2)
  const base = typeof obj['url'] === 'string' ? obj['url'] : `${API}/repos/${scene.fullName}/${plural(parent)}/${String(obj['id'] ?? obj['number'] ?? 1)}`
  if (format === 'date-time' || key.endsWith('_at') || key === 'timestamp') {
    return isoSeconds(key.startsWith('created') || key.startsWith('started') || key.startsWith('run_started') ? addDays(ctx.now, -1 / 24) : ctx.now)
  }
  if (format === 'date') return isoSeconds(ctx.now).slice(0, 10)
  if (format === 'email' || key === 'email') return f.scene.senderEmail
  if (format === 'uri-template') return `${base}/${key.replace(/_url$/, '')}{/id}`
  if (format === 'uri' || key.endsWith('_url') || key === 'url' || key === 'href') {
    if (key === 'html_url') return `${WEB}/${scene.fullName}/${parent === 'pull_request' ? 'pull' : plural(parent)}/${String(obj['number'] ?? obj['id'] ?? 1)}`
    if (key === 'avatar_url') return `https://avatars.githubusercontent.com/u/${String(obj['id'] ?? 1)}?v=4`
    if (key === 'url') return base
    return `${base}/${key.replace(/_url$/, '')}`
  }
  if (key === 'node_id') return typeof obj['id'] === 'number' ? githubNodeId(pascal(parent), obj['id']) : `${pascal(parent).slice(0, 3).toUpperCase()}_kwDO${randomHex(ctx.random, 8).toUpperCase()}`
  if (/(?:^|_)sha$|^(?:before|after|commit_id|tree_id|head_commit_id|commit_sha)$/.test(key)) return key === 'head_sha' || key === 'after' ? f.headSha : randomHex(ctx.random, 40)
  if (key === 'login') return scene.senderLogin
  if (key === 'full_name') return scene.fullName
  if (key === 'name') return parent === 'repository' ? scene.repoName : parent === 'workflow' || parent === 'workflow_run' || parent === 'workflow_job' ? 'CI' : `sample-${parent.replace(/_/g, '-')}`
  if (key === 'ref') return parent === 'head' || parent === 'base' ? 'main' : 'refs/heads/main'
  if (/branch$/.test(key) || key === 'default_branch' || key === 'target_commitish') return 'main'
  if (key === 'path') return parent.startsWith('workflow') ? '.github/workflows/ci.yml' : 'src/handler.ts'
  if (key === 'title') return `Sample ${parent.replace(/_/g, ' ')} for webhook testing`
  if (key === 'body' || key === 'description' || key === 'message') return `Sample ${parent.replace(/_/g, ' ')} generated for webhook testing.`
  if (key === 'color') return randomHex(ctx.random, 6)
  if (key === 'tag_name' || key === 'version') return 'v1.2.0'
  if (key === 'label') return `${scene.ownerLogin}:main`
  if (key === 'language') return 'TypeScript'
  if (key === 'gravatar_id') return ''
  const max = /^max(\d+)$/.exec(format)
  const text = `sample-${key.replace(/_/g, '-')}`
  return max ? text.slice(0, Number(max[1])) : text
}

function integerValue(f: Fill, shape: string, key: string, parent = ''): number {
  const [, min, max] = shape.split(':')
  const lo = min ? Number(min) : undefined
  const hi = max ? Number(max) : undefined
  const clamp = (n: number): number => Math.min(hi ?? n, Math.max(lo ?? n, n))
  if (key === 'number') return clamp(f.number)
  if (key === 'id' && parent && f.ids.has(parent)) return clamp(f.ids.get(parent) ?? 0)
  if (key === 'app_id') return clamp(f.appId)
  if (key === 'id' || key.endsWith('_id')) {
    const id = clamp(randomInt(f.ctx.random, 100_000_000, 2_999_999_999))
    if (key === 'id' && parent) f.ids.set(parent, id)
    return id
  }
  if (key.endsWith('_at') || key === 'timestamp') return clamp(unixSeconds(f.ctx.now))
  if (key === 'run_attempt' || key === 'run_number' || key === 'position') return clamp(1)
  return clamp(randomInt(f.ctx.random, 0, 12))
}

function enumValue(f: Fill, values: unknown[], key: string): unknown {
  if (key === 'action' && f.action !== undefined && values.includes(f.action)) return f.action
  if (f.action && ENDED.has(f.action)) {
    const ended = values.find((v) => v === f.action || v === 'closed' || v === 'completed' || v === 'success')
    if (ended !== undefined && (key === 'state' || key === 'status' || key === 'conclusion')) return ended
  }
  const preferred = PREFERRED[key]?.find((p) => values.includes(p))
  return preferred ?? values[0]
}

/** Well-known GitHub objects a shape can stand for: their fixed values replace generic ones where they fit. */
function overlayFor(f: Fill, key: string, shape: Record<string, Shape>): Record<string, unknown> | undefined {
  if ('login' in shape && 'id' in shape) return key === 'owner' || key === 'organization' ? f.owner : f.user
  if ('full_name' in shape && 'owner' in shape) return f.repository
  return undefined
}

/**
 * Fills a shape with realistic values.
 * @param key - the field this value is for (decides ids, URLs, times, names)
 * @param parent - the enclosing object's field name (decides URL paths and node id types)
 */
function fillGithubShape(f: Fill, shape: Shape, key: string, parent: string): unknown {
  if (typeof shape === 'string') {
    const k = kind(shape)
    if (k === 's') return stringValue(f, shape, key, parent, {})
    if (k === 'i') return integerValue(f, shape, key, parent)
    if (k === 'n') return 1.5
    if (k === 'b') return USUALLY_TRUE.has(key)
    return null
  }
  if (Array.isArray(shape)) {
    switch (shape[0]) {
      case 'e':
        return enumValue(f, shape[1], key)
      case '?': {
        const ended = f.action !== undefined && ENDED.has(f.action) && /^(?:closed_at|merged_at|resolved_at|completed_at)$/.test(key)
        return USUALLY_NULL.has(key) && !ended ? null : fillGithubShape(f, shape[1], key, parent)
      }
      case 'a': {
        const count = shape[1] === 'x' ? 0 : Math.max(shape[2], USUALLY_EMPTY.has(key) ? 0 : 1)
        return Array.from({ length: count }, () => fillGithubShape(f, shape[1], key.replace(/s$/, ''), key))
      }
      case 'r':
        return fillGithubShape(f, catalogue.shared[shape[1]] ?? 's', key, parent)
    }
  }
  const out: Record<string, unknown> = {}
  const fields = shape as Record<string, Shape>
  if ('$map' in fields) return out
  const overlay = overlayFor(f, key, fields)
  // `id` and `number` first: URLs and node ids derive from them.
  const keys = Object.keys(fields).sort((a, b) => rank(a) - rank(b))
  for (const k of keys) {
    const s = fields[k] as Shape
    const known = overlay?.[k]
    if (overlay && k in overlay && fits(known, s)) out[k] = known
    else if (typeof s === 'string' && kind(s) === 's') out[k] = stringValue(f, s, k, key, out)
    else out[k] = fillGithubShape(f, s, k, key)
  }
  return Object.fromEntries(Object.keys(fields).map((k) => [k, out[k]]))
}

function rank(key: string): number {
  return key === 'id' || key === 'number' ? 0 : key === 'url' ? 1 : 2
}

/** The catalogue's events with their one-line descriptions, grouped by webhook event (the category). */
export const githubEvents: readonly CatalogueEvent[] = catalogue.events.map(([type, description]) => {
  const [event, action] = type.split('.')
  const words = (s: string): string => s.replace(/_/g, ' ')
  const label = action ? `${words(event ?? type)} ${words(action)}` : words(type)
  return { type, label: label.charAt(0).toUpperCase() + label.slice(1), description, category: event ?? type }
})

/** What a sequence's deliveries share: people and repository, the issue/PR number, object ids, the app. */
export interface GithubShared {
  readonly scene: GithubScene
  readonly number: number
  readonly ids: Map<string, number>
  readonly appId: number
}

/** Fresh shared values for a sequence of GitHub deliveries. */
export function githubShared(ctx: GenerateContext): GithubShared {
  return { scene: githubScene(ctx), number: randomInt(ctx.random, 2, 999), ids: new Map(), appId: randomInt(ctx.random, 100_000, 2_999_999) }
}

function idOf(payload: Record<string, unknown>, key: string): number | undefined {
  const value = (payload[key] as Record<string, unknown> | undefined)?.['id']
  return typeof value === 'number' ? value : undefined
}

/**
 * The hook a delivery of this event comes from: its kind from the schema's `supported-webhook-types`, its
 * id that of the object in the payload that the hook belongs to (repository, organization, enterprise), or
 * the app's. A Marketplace or Sponsors listing's id is in no payload, so it is a fresh sample id.
 */
function hookTarget(eventType: string, f: Fill, payload: Record<string, unknown>): GithubHookTarget {
  const hook = hookOf.get(eventType) ?? 'repository'
  const id =
    hook === 'repository' ? (idOf(payload, 'repository') ?? f.scene.repoId)
    : hook === 'organization' ? idOf(payload, 'organization')
    : hook === 'business' ? idOf(payload, 'enterprise')
    : hook === 'app' ? f.appId
    : undefined
  return { type: TARGET_TYPE[hook], id: id ?? randomInt(f.ctx.random, 1_000, 999_999) }
}

/**
 * Generates any catalogue event. With `shared`, the owner, repository, sender, number and object ids
 * are those of the sequence's other deliveries.
 */
export function generateGithubEvent(eventType: string, ctx: GenerateContext, shared?: GithubShared): GeneratedRequest {
  const scene = shared?.scene ?? githubScene(ctx)
  const shape = catalogue.payloads[eventType]
  if (!shape) throw new Error(`github: no shape for ${eventType}`)
  const [event = eventType, action] = eventType.split('.')
  const fill: Fill = {
    scene,
    ctx,
    action,
    event,
    number: shared?.number ?? randomInt(ctx.random, 2, 999),
    headSha: String(githubCommit(scene, ctx, 'head')['id']),
    user: scene.sender,
    repository: githubRepository(scene, ctx, event === 'push'),
    owner: scene.owner,
    ids: shared?.ids ?? new Map(),
    appId: shared?.appId ?? randomInt(ctx.random, 100_000, 2_999_999),
  }
  const payload = fillGithubShape(fill, shape, event, '') as Record<string, unknown>
  return githubRequest(eventType, scene, payload, ctx, hookTarget(eventType, fill, payload))
}

/** The GitHub catalogue: every event/action of the webhook schemas. */
export const githubCatalogue: ProviderCatalogue = { events: githubEvents, generate: (eventType, ctx) => generateGithubEvent(eventType, ctx) }
