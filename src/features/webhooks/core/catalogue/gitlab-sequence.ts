/**
 * The GitLab merge request flow as state that its events read: one merge request (`object_attributes.id`
 * and `iid`) opened at one time on a last commit; only an update with new commits changes `last_commit`
 * (and says the old one in `oldrev`); the merge records `merge_commit_sha`, and the push to the target
 * branch brings that commit (`after`, `checkout_sha`, the last of `commits`).
 */
import { commit, gitlabRequest, push, scene as gitlabScene } from '../providers/gitlab'
import { randomHex, randomInt } from '../ids'
import { gitlabUtc } from '../time'
import type { GenerateContext, GeneratedRequest } from '../types'
import { gitlabMergeRequest } from './gitlab'

/** The merge request's story so far. */
interface MergeRequestState {
  readonly id: number
  readonly iid: number
  readonly createdAt: string
  readonly sourceBranch: string
  readonly targetBranch: string
  /** The target branch's head. */
  targetSha: string
  lastCommit: Record<string, unknown>
  /** The commit `last_commit` was before the latest update with new commits. */
  oldrev: string | null
  mergeSha: string | null
}

/**
 * A builder of the flow's events in order: each call reads and advances the shared state.
 * @param ctx - the sequence's random source and time (the first event's scene and ids)
 */
export function gitlabMergeRequestFlow(ctx: GenerateContext): (type: string, at: GenerateContext) => GeneratedRequest {
  const s = gitlabScene(ctx)
  const state: MergeRequestState = {
    id: randomInt(ctx.random, 1_000_000, 999_999_999),
    iid: randomInt(ctx.random, 1, 999),
    createdAt: gitlabUtc(ctx.now),
    sourceBranch: 'feature/check-token',
    targetBranch: 'main',
    targetSha: randomHex(ctx.random, 40),
    lastCommit: commit(s, ctx, 'Check the webhook token'),
    oldrev: null,
    mergeSha: null,
  }
  return (type, at) => {
    if (type === 'push') {
      const payload = push(s, at)
      const after = state.mergeSha ?? String(state.lastCommit['id'])
      const merge = { ...commit(s, at, `Merge branch '${state.sourceBranch}' into '${state.targetBranch}'`), id: after, url: `https://gitlab.example.com/${s.path}/-/commit/${after}` }
      Object.assign(payload, { ref: `refs/heads/${state.targetBranch}`, before: state.targetSha, after, checkout_sha: after, commits: [merge], total_commits_count: 1 })
      state.targetSha = after
      return gitlabRequest('Push Hook', payload, at)
    }
    const action = type.split('.')[1] ?? 'open'
    if (action === 'update') {
      // New commits on the source branch: the only change of `last_commit`.
      state.oldrev = String(state.lastCommit['id'])
      state.lastCommit = commit(s, at, 'Compare the token in constant time')
    } else if (action === 'merge') {
      state.mergeSha = randomHex(at.random, 40)
    }
    const payload = gitlabMergeRequest(s, at, action, state.iid)
    const attrs = payload['object_attributes'] as Record<string, unknown>
    Object.assign(attrs, {
      id: state.id,
      created_at: state.createdAt,
      source_branch: state.sourceBranch,
      target_branch: state.targetBranch,
      last_commit: state.lastCommit,
      merge_commit_sha: state.mergeSha,
      ...(action === 'update' && state.oldrev !== null ? { oldrev: state.oldrev } : {}),
    })
    return gitlabRequest('Merge Request Hook', payload, at)
  }
}
