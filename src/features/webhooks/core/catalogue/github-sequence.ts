/**
 * The GitHub pull request flow as state that its events read: the pull request is opened on a head
 * commit, a push to its branch moves the head (`synchronize`: `before` the old head, `after` the new one),
 * the review is on the head, the merge records its merge commit, and the push to the base branch brings
 * that commit. Nothing moves the head but a push; every event names the same repository, pull request
 * (id, number, node id) and branches.
 */
import { githubCommit } from '../providers/github-objects'
import { randomHex } from '../ids'
import { serializeJson } from '../json'
import { isoSeconds } from '../time'
import type { GenerateContext, GeneratedRequest } from '../types'
import { generateGithubEvent, githubShared } from './github'

const API = 'https://api.github.com'
const WEB = 'https://github.com'

/** The pull request's story so far. */
interface PullRequestState {
  /** The branch the pull request merges into, and the SHA it points at. */
  readonly base: string
  baseSha: string
  /** The pull request's branch and its current head commit. */
  readonly branch: string
  head: string
  /** Commits on the branch. */
  commits: number
  /** The merge commit once merged, else null. */
  mergeSha: string | null
  mergedAt: string | null
}

type Obj = Record<string, unknown>

function object(value: unknown): Obj | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : undefined
}

/** Sets the keys the object already has (the schema decides which a payload carries). */
function assignPresent(target: Obj, values: Obj): void {
  for (const [key, value] of Object.entries(values)) if (key in target) target[key] = value
}

/** Writes the state into a payload's `pull_request`. */
function applyPullRequest(pr: Obj, state: PullRequestState, fullName: string, ownerLogin: string): void {
  const statuses = `${API}/repos/${fullName}/statuses/${state.head}`
  const head = object(pr['head'])
  const base = object(pr['base'])
  if (head) assignPresent(head, { sha: state.head, ref: state.branch, label: `${ownerLogin}:${state.branch}` })
  if (base) assignPresent(base, { sha: state.baseSha, ref: state.base, label: `${ownerLogin}:${state.base}` })
  const merged = state.mergeSha !== null
  assignPresent(pr, {
    statuses_url: statuses,
    state: merged ? 'closed' : 'open',
    merged,
    merge_commit_sha: state.mergeSha,
    merged_at: state.mergedAt,
    closed_at: state.mergedAt,
    commits: state.commits,
  })
  const statusesLink = object(object(pr['_links'])?.['statuses'])
  if (statusesLink) statusesLink['href'] = statuses
}

/**
 * A builder of the flow's events in order: each call reads and advances the shared state.
 * @param ctx - the sequence's random source and time (the first event's scene and ids)
 */
export function githubPullRequestFlow(ctx: GenerateContext): (type: string, at: GenerateContext) => GeneratedRequest {
  const shared = githubShared(ctx)
  const { scene } = shared
  const state: PullRequestState = {
    base: 'main',
    baseSha: randomHex(ctx.random, 40),
    branch: 'feature/verify-signatures',
    head: randomHex(ctx.random, 40),
    commits: 1,
    mergeSha: null,
    mergedAt: null,
  }
  return (type, at) => {
    const request = generateGithubEvent(type, at, shared)
    const payload = request.payload
    if (type === 'pull_request.synchronize') {
      // A push to the branch: the head moves from the old commit to the new one.
      const before = state.head
      state.head = randomHex(at.random, 40)
      state.commits += 1
      Object.assign(payload, { before, after: state.head })
    } else if (type === 'pull_request.closed') {
      state.mergeSha = randomHex(at.random, 40)
      state.mergedAt = isoSeconds(at.now)
      const pr = object(payload['pull_request'])
      if (pr && 'merged_by' in pr) pr['merged_by'] = scene.sender
    } else if (type === 'push') {
      // The merge lands on the base branch: the push brings the merge commit.
      const after = state.mergeSha ?? state.head
      const merge = githubCommit(scene, at, `Merge pull request #${shared.number} from ${scene.ownerLogin}/${state.branch}`)
      Object.assign(merge, { id: after, url: `${WEB}/${scene.fullName}/commit/${after}` })
      Object.assign(payload, {
        ref: `refs/heads/${state.base}`,
        before: state.baseSha,
        after,
        created: false,
        deleted: false,
        forced: false,
        base_ref: null,
        compare: `${WEB}/${scene.fullName}/compare/${state.baseSha.slice(0, 12)}...${after.slice(0, 12)}`,
        commits: [merge],
        head_commit: merge,
      })
      state.baseSha = after
    }
    const review = object(payload['review'])
    if (review) assignPresent(review, { commit_id: state.head, state: 'approved' })
    const pr = object(payload['pull_request'])
    if (pr) applyPullRequest(pr, state, scene.fullName, scene.ownerLogin)
    return { ...request, body: serializeJson(payload) }
  }
}
