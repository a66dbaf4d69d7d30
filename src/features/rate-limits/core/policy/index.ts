/**
 * Rate-limit policy models: fixed window, sliding window (log), token bucket, GCRA and several quotas at
 * once, the headers a server enforcing them sends, providers' documented presets, and a plain-`fetch`
 * client scheduler generated from policies.
 *
 * @example
 * const limiter = createQuotasLimiter(POLICY_PRESETS[0].policies)
 * const decision = limiter.take(Date.now())
 * policyHeaders(decision.quotas, Date.now())
 */
export type { FixedWindowPolicy, GcraPolicy, PolicyDecision, PolicyKind, QuotaUnit, RateLimiter, RatePolicy, SlidingWindowPolicy, TokenBucketPolicy } from './types.ts'
export { createLimiter, gcraBurst, policyProblem } from './models.ts'
export { bindingDecision, costFor, createQuotasLimiter, type QuotasDecision, type QuotasLimiter } from './quotas.ts'
export { policyHeaders } from './headers.ts'
export { openAiPolicies, POLICY_PRESETS, type OpenAiLimits, type PolicyPreset } from './presets.ts'
export { DEFAULT_MAX_CONCURRENT, describePolicy, generateFetchScheduler, SCHEDULER_READS, type FetchSchedulerOptions, type SchedulerQueue } from './fetch-scheduler.ts'
export { fastestSchedule, simulateSchedule, type ScheduledRequest, type SimulatedRequest } from './schedule.ts'
export { bottleneckSettings, BOTTLENECK_READS, generateBottleneckPlan, type BottleneckSettings } from './bottleneck-plan.ts'
export { generateThrottlePlan, THROTTLE_PLANS, type ThrottleClient, type ThrottlePlanKind } from './plans.ts'
export { generatePythonPlan, PYTHON_READS } from './python-plan.ts'
export { generateOctokitPlan, OCTOKIT_READS } from './octokit-plan.ts'
export { candidatePolicies, inferPolicy, type Observation, type PolicyInference } from './infer.ts'
