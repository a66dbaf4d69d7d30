import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../random'
import { sequences } from '../sequence-info'
import { deliveryPlan, generateSequence } from './sequences'

/**
 * For any seed, the sequences keep their story straight: the relations a handler relies on (the
 * providers' documented meaning of `before`/`after`, `commit_id`, `merge_commit_sha`, `last_commit`,
 * `object_attributes.id`) hold across the events, and a delivery plan only reorders and repeats.
 */
type Obj = Record<string, unknown>
const now = new Date('2026-03-01T12:00:00Z')
const seeds = fc.integer({ min: 1, max: 2 ** 31 - 1 })
const sha = /^[0-9a-f]{40}$/
const o = (value: unknown): Obj => value as Obj

describe('sequences (property)', () => {
  it('GitHub pull request: one PR; the head moves only with a push; review on the head; the merge commit is pushed to the base', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const samples = generateSequence('github-pull-request', { now, random: createSeededRandom(seed) })
        const [opened, sync, review, closed, push] = samples.map((s) => s.payload)
        const prs = [opened, sync, review, closed].map((p) => o(o(p)['pull_request']))
        const [prOpened, prSync, prReview, prClosed] = prs
        for (const pr of prs) {
          expect(pr['id']).toBe(prOpened!['id'])
          expect(pr['number']).toBe(prOpened!['number'])
          expect(pr['node_id']).toBe(prOpened!['node_id'])
          expect(o(pr['head'])['ref']).toBe(o(prOpened!['head'])['ref'])
          expect(o(pr['base'])['ref']).toBe(o(prOpened!['base'])['ref'])
          expect(o(pr['head'])['sha']).toMatch(sha)
        }
        for (const p of [opened, sync, closed]) expect(o(p)['number']).toBe(prOpened!['number'])
        const head = (pr: Obj | undefined) => o(o(pr)['head'])['sha']
        // synchronize: a push to the branch, from the old head to the new one.
        expect(o(sync)['before']).toBe(head(prOpened))
        expect(o(sync)['after']).toBe(head(prSync))
        expect(head(prSync)).not.toBe(head(prOpened))
        // No push between synchronize and the close: the head stays; the review is on it.
        expect(head(prReview)).toBe(head(prSync))
        expect(head(prClosed)).toBe(head(prSync))
        expect(o(o(review)['review'])['commit_id']).toBe(head(prSync))
        // Merged, with a merge commit, which the push to the base branch brings.
        expect(prClosed).toMatchObject({ merged: true, state: 'closed' })
        expect(prClosed!['merge_commit_sha']).toMatch(sha)
        for (const pr of [prOpened, prSync, prReview]) expect(o(pr)['merge_commit_sha'] ?? null).toBeNull()
        expect(o(push)['after']).toBe(prClosed!['merge_commit_sha'])
        expect(o(o(push)['head_commit'])['id']).toBe(o(push)['after'])
        expect(o(push)['ref']).toBe(`refs/heads/${String(o(prClosed!['base'])['ref'])}`)
        expect(o(push)['before']).toBe(o(prClosed!['base'])['sha'])
        for (const p of samples.map((s) => s.payload)) expect(o(p['repository'])['id']).toBe(o(o(opened)['repository'])['id'])
      }),
      { numRuns: 40 },
    )
  }, 60_000) // each run generates a whole sequence; a shared 2-core machine makes that seconds

  it('GitLab merge request: one MR id and iid; last_commit changes only on update; the merge commit is pushed to the target', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const samples = generateSequence('gitlab-merge-request', { now, random: createSeededRandom(seed) })
        const mrs = samples.slice(0, 4)
        const push = o(samples[4]?.payload)
        const attrs = mrs.map((s) => o(s.payload['object_attributes']))
        const first = attrs[0]!
        for (const a of attrs) {
          expect(a['id']).toBe(first['id'])
          expect(a['iid']).toBe(first['iid'])
          expect(a['created_at']).toBe(first['created_at'])
          expect(a['target_branch']).toBe(first['target_branch'])
          expect(a['source_branch']).toBe(first['source_branch'])
        }
        for (let i = 1; i < attrs.length; i++) {
          const before = o(attrs[i - 1]!['last_commit'])['id']
          const current = o(attrs[i]!['last_commit'])['id']
          if (attrs[i]!['action'] === 'update') {
            expect(current).not.toBe(before)
            expect(attrs[i]!['oldrev']).toBe(before)
          } else expect(current).toBe(before)
        }
        const merged = attrs.find((a) => a['action'] === 'merge')!
        expect(merged['state']).toBe('merged')
        expect(merged['merge_commit_sha']).toMatch(sha)
        expect(push['after']).toBe(merged['merge_commit_sha'])
        expect(push['checkout_sha']).toBe(push['after'])
        expect(o((push['commits'] as Obj[]).at(-1))['id']).toBe(push['after'])
        expect(push['ref']).toBe(`refs/heads/${String(merged['target_branch'])}`)
        for (const s of samples) expect(o(s.payload['project'])['id']).toBe(o(samples[0]!.payload['project'])['id'])
      }),
      { numRuns: 40 },
    )
  }, 60_000) // each run generates a whole sequence; a shared 2-core machine makes that seconds

  it('a delivery plan is a permutation of the events plus repeats that carry the same delivery id, event id and body', () => {
    const ids = sequences.map((s) => s.id)
    fc.assert(
      fc.property(fc.constantFrom(...ids), seeds, seeds, fc.boolean(), fc.boolean(), (id, seed, planSeed, shuffle, duplicates) => {
        const samples = generateSequence(id, { now, random: createSeededRandom(seed) })
        const plan = deliveryPlan(samples, { shuffle, duplicates, random: createSeededRandom(planSeed) })
        const firsts = plan.filter((d) => d.duplicateOf === null)
        expect(firsts.map((d) => d.step).sort((a, b) => a - b)).toEqual(samples.map((_, i) => i))
        if (!shuffle) expect(firsts.map((d) => d.step)).toEqual(samples.map((_, i) => i))
        if (!duplicates) expect(plan.length).toBe(samples.length)
        for (const [position, d] of plan.entries()) {
          expect(d.sample).toEqual(samples[d.step])
          if (d.duplicateOf === null) continue
          const original = plan[d.duplicateOf - 1]!
          expect(d.duplicateOf).toBeLessThan(position + 1)
          expect(original.step).toBe(d.step)
          expect(d.sample.deliveryId).toBe(original.sample.deliveryId)
          expect(d.sample.body).toBe(original.sample.body)
          expect(d.sample.headers).toEqual(original.sample.headers)
        }
      }),
      { numRuns: 100 },
    )
  }, 60_000)
})
