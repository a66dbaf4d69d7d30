/**
 * The receiver's memory of what it was told, checked for one story: a repeated delivery id must repeat
 * the same body; across a repository's (GitHub), project's (GitLab) or customer's (Stripe) deliveries, taken in the
 * provider's own time order (so shuffled delivery does not matter):
 *
 * - GitHub pull requests: one number, node id and branches per pull request; the head only moves with a
 *   push (`synchronize`, whose `before` is the previous head and `after` the new one); a review is on the
 *   head; a merged pull request has a `merge_commit_sha`, and the first later push to its base branch
 *   brings exactly that commit.
 * - GitLab merge requests: one `object_attributes.id` per iid; `last_commit` changes only on an update
 *   (whose `oldrev` is the previous one); the first later push to the target branch brings the merge's SHA.
 * - Stripe, per customer: one subscription, invoice, PaymentIntent and charge, none another customer's;
 *   one event id per event; statuses only move forward (webhook-story-stripe.ts).
 *
 * A relation needs both ends, and deliveries can arrive in any order: what a delivery still on its way
 * could explain (the head moved between two events with no `synchronize` received between them) is
 * `unexplained`, not a problem, until it arrives; `problems` are contradictions no further delivery resolves.
 */
import { stripeCustomerOf, stripeFindings } from './webhook-story-stripe.ts'

type Obj = Record<string, unknown>

/** What the receiver found across the deliveries of one story so far. */
export interface StoryVerdict {
  /** `github:repository:<id>`, `gitlab:project:<id>` or `stripe:customer:<id>`. */
  story: string
  /** Distinct deliveries of the story received so far. */
  deliveries: number
  /** Contradictions, in words; empty when there are none. */
  problems: string[]
  /** Relations not (yet) satisfied that a delivery still missing could explain; empty when none. */
  unexplained: string[]
}

/** The findings of one story's check. */
interface Findings {
  problems: string[]
  unexplained: string[]
}

/** One distinct delivery of a story: its place in arrival order and its body. */
export interface StoryDelivery {
  readonly arrival: number
  readonly body: Obj
}

function obj(value: unknown): Obj {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {}
}

function str(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
}

/** Milliseconds of an ISO time or GitLab's `2026-03-01 12:00:00 UTC`; NaN when absent. */
function time(value: unknown): number {
  const text = str(value)
  return Date.parse(/ UTC$/.test(text) ? text.replace(' UTC', 'Z').replace(' ', 'T') : text)
}

function byTime<T>(items: T[], at: (item: T) => number): T[] {
  return [...items].sort((a, b) => at(a) - at(b))
}

/** Pushes to `ref` at or after `after` ms, earliest first. */
function pushesTo(pushes: StoryDelivery[], ref: string, after: number, at: (p: Obj) => number): Obj[] {
  return byTime(pushes.map((p) => p.body).filter((p) => p['ref'] === ref && at(p) >= after), at)
}

function sameAcross(items: Obj[], read: (o: Obj) => string, what: string, problems: string[]): void {
  const values = new Set(items.map(read))
  if (values.size > 1) problems.push(`${what} differs between deliveries (${[...values].join(', ')}).`)
}

function githubFindings(deliveries: StoryDelivery[]): Findings {
  const problems: string[] = []
  const unexplained: string[] = []
  const prs = new Map<string, StoryDelivery[]>()
  const pushes = deliveries.filter((d) => 'pusher' in d.body && typeof d.body['after'] === 'string')
  for (const d of deliveries) {
    const id = str(obj(d.body['pull_request'])['id'])
    if (id) prs.set(id, [...(prs.get(id) ?? []), d])
  }
  for (const [id, events] of prs) {
    const pr = (d: Obj) => obj(d['pull_request'])
    const bodies = byTime(events, (d) => time(pr(d.body)['updated_at']) || d.arrival).map((d) => d.body)
    const name = `Pull request ${id}`
    sameAcross(bodies, (b) => str(pr(b)['number']), `${name}: its number`, problems)
    sameAcross(bodies, (b) => str(pr(b)['node_id']), `${name}: its node_id`, problems)
    sameAcross(bodies, (b) => str(obj(pr(b)['head'])['ref']), `${name}: its head branch`, problems)
    sameAcross(bodies, (b) => str(obj(pr(b)['base'])['ref']), `${name}: its base branch`, problems)
    let head: string | null = null
    let previous = ''
    for (const b of bodies) {
      const action = str(b['action'])
      const sha = str(obj(pr(b)['head'])['sha'])
      const label = obj(b['review'])['id'] !== undefined ? `review ${action}` : action
      if (action === 'synchronize') {
        if (b['after'] !== sha) problems.push(`${name}: synchronize's after ${str(b['after'])} is not the head ${sha}.`)
        if (head !== null && b['before'] !== head) unexplained.push(`${name}: synchronize's before ${str(b['before'])} is not the head ${head} of the ${previous} before it.`)
      } else if (head !== null && sha !== head) {
        unexplained.push(`${name}: the head moved from ${head} (${previous}) to ${sha} (${label}) without a push (synchronize).`)
      }
      const review = obj(b['review'])
      if ('commit_id' in review && review['commit_id'] !== sha) problems.push(`${name}: the review is on ${str(review['commit_id'])}, not the head ${sha}.`)
      head = sha
      previous = label
    }
    const merged = bodies.find((b) => pr(b)['merged'] === true)
    if (merged) {
      const mergeSha = str(pr(merged)['merge_commit_sha'])
      if (!/^[0-9a-f]{40}$/.test(mergeSha)) problems.push(`${name}: merged without a merge_commit_sha.`)
      const base = `refs/heads/${str(obj(pr(merged)['base'])['ref'])}`
      const next = pushesTo(pushes, base, time(pr(merged)['merged_at']), (p) => time(obj(p['head_commit'])['timestamp']))[0]
      if (next && next['after'] !== mergeSha) problems.push(`${name}: the push to ${base} after the merge brings ${str(next['after'])}, not the merge commit ${mergeSha}.`)
    }
  }
  return { problems, unexplained }
}

function gitlabFindings(deliveries: StoryDelivery[]): Findings {
  const problems: string[] = []
  const unexplained: string[] = []
  const mrs = new Map<string, StoryDelivery[]>()
  const pushes = deliveries.filter((d) => d.body['object_kind'] === 'push')
  for (const d of deliveries) {
    if (d.body['object_kind'] !== 'merge_request') continue
    const iid = str(obj(d.body['object_attributes'])['iid'])
    mrs.set(iid, [...(mrs.get(iid) ?? []), d])
  }
  for (const [iid, events] of mrs) {
    const attrs = (b: Obj) => obj(b['object_attributes'])
    const bodies = byTime(events, (d) => time(attrs(d.body)['updated_at']) || d.arrival).map((d) => d.body)
    const name = `Merge request !${iid}`
    sameAcross(bodies, (b) => str(attrs(b)['id']), `${name}: object_attributes.id`, problems)
    sameAcross(bodies, (b) => str(attrs(b)['created_at']), `${name}: created_at`, problems)
    sameAcross(bodies, (b) => str(attrs(b)['target_branch']), `${name}: target_branch`, problems)
    let last: string | null = null
    let previous = ''
    for (const b of bodies) {
      const action = str(attrs(b)['action'])
      const commit = str(obj(attrs(b)['last_commit'])['id'])
      if (last !== null && commit !== last && action !== 'update') unexplained.push(`${name}: last_commit changed from ${last} (${previous}) to ${commit} (${action}) without an update.`)
      if (action === 'update' && 'oldrev' in attrs(b) && last !== null && attrs(b)['oldrev'] !== last) unexplained.push(`${name}: the update's oldrev ${str(attrs(b)['oldrev'])} is not the previous last_commit ${last}.`)
      last = commit
      previous = action
    }
    const merged = bodies.find((b) => attrs(b)['action'] === 'merge')
    if (merged) {
      const mergeSha = str(attrs(merged)['merge_commit_sha'])
      if (!/^[0-9a-f]{40}$/.test(mergeSha)) problems.push(`${name}: merged without a merge_commit_sha.`)
      const target = `refs/heads/${str(attrs(merged)['target_branch'])}`
      const next = pushesTo(pushes, target, time(attrs(merged)['updated_at']), (p) => time(obj((p['commits'] as unknown[] | undefined)?.at(-1))['timestamp']))[0]
      if (next && next['after'] !== mergeSha) problems.push(`${name}: the push to ${target} after the merge brings ${str(next['after'])}, not the merge's ${mergeSha}.`)
    }
  }
  return { problems, unexplained }
}

/** The story a delivery belongs to, or null for providers without story checks. */
function storyOf(provider: string, body: Obj): string | null {
  if (provider === 'github' && obj(body['repository'])['id'] !== undefined) return `github:repository:${str(obj(body['repository'])['id'])}`
  if (provider === 'gitlab' && obj(body['project'])['id'] !== undefined) return `gitlab:project:${str(obj(body['project'])['id'])}`
  const customer = provider === 'stripe' ? stripeCustomerOf(body) : null
  return customer ? `stripe:customer:${customer}` : null
}

/** A fresh memory (one per receiver). */
export function createStoryChecker(): {
  /** Records a delivery; returns redelivery problems and the verdict of its story (null: no story). */
  add(provider: string, deliveryId: string | null, body: Obj | null, raw: string): { redelivery: string[]; story: StoryVerdict | null }
} {
  const bodies = new Map<string, string>()
  const stories = new Map<string, Map<string, StoryDelivery>>()
  let arrivals = 0
  const findings = (story: string, all: StoryDelivery[]): Findings => {
    const [provider = '', , owner = ''] = story.split(':')
    if (provider === 'github') return githubFindings(all)
    if (provider === 'gitlab') return gitlabFindings(all)
    const others = [...stories].filter(([name]) => name !== story && name.startsWith('stripe:')).flatMap(([, members]) => [...members.values()])
    return stripeFindings(owner, all, others)
  }
  return {
    add(provider, deliveryId, body, raw) {
      const key = deliveryId ? `${provider}:${deliveryId}` : null
      const before = key ? bodies.get(key) : undefined
      const redelivery = before !== undefined && before !== raw ? [`Delivery ${deliveryId ?? ''} was received before with a different body: a redelivery repeats the same bytes.`] : []
      if (key && before === undefined) bodies.set(key, raw)
      const story = body ? storyOf(provider, body) : null
      if (!story || !body) return { redelivery, story: null }
      const members = stories.get(story) ?? new Map<string, StoryDelivery>()
      stories.set(story, members)
      const member = key ?? `arrival:${arrivals}`
      if (!members.has(member)) members.set(member, { arrival: arrivals++, body })
      const all = [...members.values()]
      return { redelivery, story: { story, deliveries: all.length, ...findings(story, all) } }
    },
  }
}
