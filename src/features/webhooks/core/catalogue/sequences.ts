/**
 * Delivery sequences: named flows whose events share their ids (one customer, PaymentIntent and invoice;
 * one repository and pull request; one GitLab project and merge request), as real integrations receive
 * them, each at a later time than the one before. {@link deliveryPlan} orders them in order, shuffled
 * (out-of-order delivery) and/or with duplicates (at-least-once delivery). Loaded on demand.
 */
import { randomInt } from '../ids'
import type { RandomSource } from '../random'
import type { GenerateContext, GeneratedRequest, WebhookSample } from '../types'
import { githubPullRequestFlow } from './github-sequence'
import { gitlabMergeRequestFlow } from './gitlab-sequence'
import { generateStripeEvent, stripeFill } from './stripe'
import { sequences } from '../sequence-info'

/** Seconds between consecutive events of a sequence. */
const STEP_SECONDS = 30

/**
 * Generates every event of a sequence with shared ids; the last event is at `ctx.now`, earlier ones
 * {@link STEP_SECONDS} apart before it.
 * @throws {Error} for an unknown sequence id
 */
export function generateSequence(id: string, ctx: GenerateContext): WebhookSample[] {
  const info = sequences.find((s) => s.id === id)
  if (!info) throw new Error(`Unknown sequence "${id}"`)
  const at = (i: number): GenerateContext => ({ now: new Date(ctx.now.getTime() - (info.events.length - 1 - i) * STEP_SECONDS * 1000), random: ctx.random })
  let build: (type: string, i: number) => GeneratedRequest
  if (info.provider === 'stripe') {
    const shared = stripeFill(ctx)
    build = (type, i) => generateStripeEvent(type, at(i), shared)
  } else {
    const flow = info.provider === 'github' ? githubPullRequestFlow(ctx) : gitlabMergeRequestFlow(ctx)
    build = (type, i) => flow(type, at(i))
  }
  return info.events.map((type, i) => ({ provider: info.provider, event: type, ...build(type, i) }))
}

/** One delivery of a plan: which sample, and whether it repeats an earlier delivery. */
export interface PlannedDelivery {
  /** Index of the sample in the sequence (its place in the provider's order). */
  readonly step: number
  readonly sample: WebhookSample
  /** 1-based number of the earlier delivery this one repeats, or null for a first delivery. */
  readonly duplicateOf: number | null
}

/**
 * The order to deliver a sequence in.
 * @param options - `shuffle`: a random order (Fisher–Yates with `random`; never the original order when
 *   there are 2+ events); `duplicates`: about half the events (at least one) are delivered again later,
 *   identical (same delivery id, body and signature time), as at-least-once delivery does
 */
export function deliveryPlan(samples: readonly WebhookSample[], options: { shuffle: boolean; duplicates: boolean; random: RandomSource }): PlannedDelivery[] {
  const order = samples.map((_, i) => i)
  if (options.shuffle && order.length > 1) {
    do {
      for (let i = order.length - 1; i > 0; i--) {
        const j = randomInt(options.random, 0, i)
        ;[order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0]
      }
    } while (order.every((v, i) => v === i))
  }
  const plan: PlannedDelivery[] = order.map((step) => ({ step, sample: samples[step] as WebhookSample, duplicateOf: null }))
  if (!options.duplicates || plan.length === 0) return plan
  const repeat = plan.map((_, i) => i).filter(() => randomInt(options.random, 0, 1) === 1)
  if (repeat.length === 0) repeat.push(randomInt(options.random, 0, plan.length - 1))
  // Highest first: an insertion only shifts deliveries after its original, never a lower original.
  for (const original of repeat.reverse()) {
    // Somewhere after the original delivery (and after any repeat already placed there).
    const position = randomInt(options.random, original + 1, plan.length)
    const first = plan[original] as PlannedDelivery
    plan.splice(position, 0, { step: first.step, sample: first.sample, duplicateOf: 0 })
  }
  // Number each repeat by the position of its first delivery, now that every insertion is done.
  const firstPosition = new Map(plan.map((d, i) => [d, i] as const).filter(([d]) => d.duplicateOf === null).map(([d, i]) => [d.step, i + 1]))
  return plan.map((d) => (d.duplicateOf === null ? d : { ...d, duplicateOf: firstPosition.get(d.step) ?? null }))
}
