/**
 * The throttle plans the page offers, one per client library, each with the headers it reads at run time.
 */
import { BOTTLENECK_READS, generateBottleneckPlan } from './bottleneck-plan.ts'
import { generateFetchScheduler, SCHEDULER_READS } from './fetch-scheduler.ts'
import { generateOctokitPlan, OCTOKIT_READS } from './octokit-plan.ts'
import { generatePythonPlan, PYTHON_READS } from './python-plan.ts'
import type { RatePolicy } from './types.ts'

/** A client a plan is generated for. */
export type ThrottleClient = 'fetch' | 'p-limit' | 'bottleneck' | 'octokit' | 'python'

/** One client's plan generator. */
export interface ThrottlePlanKind {
  id: ThrottleClient
  /** Tab label, e.g. "Bottleneck". */
  label: string
  /** The package the plan imports (npm, or PyPI for Python), if any. */
  dependency?: string
  /** Every package the plan imports, when more than `dependency`. */
  dependencies?: readonly string[]
  /** The response headers the plan reads at run time, with what it does with each. */
  reads: readonly { header: string; use: string }[]
  /** How to install the dependency, e.g. "npm install bottleneck". */
  install?: string
  /** The plan's source (an ES module exporting `createThrottledFetch`, or `createThrottledOctokit` for Octokit, or a Python module with `ThrottledClient`); throws a RangeError on an unenforceable policy. */
  generate: (policies: readonly RatePolicy[]) => string
}

/** The plans, in display order. */
export const THROTTLE_PLANS: readonly ThrottlePlanKind[] = [
  { id: 'bottleneck', label: 'Bottleneck', dependency: 'bottleneck', install: 'npm install bottleneck', reads: BOTTLENECK_READS, generate: (p) => generateBottleneckPlan(p) },
  { id: 'p-limit', label: 'p-limit', dependency: 'p-limit', install: 'npm install p-limit', reads: SCHEDULER_READS, generate: (p) => generateFetchScheduler(p, { queue: 'p-limit' }) },
  { id: 'fetch', label: 'Plain fetch', reads: SCHEDULER_READS, generate: (p) => generateFetchScheduler(p) },
  {
    id: 'octokit',
    label: 'Octokit',
    dependency: '@octokit/plugin-throttling',
    dependencies: ['@octokit/core', '@octokit/plugin-throttling'],
    install: 'npm install @octokit/core @octokit/plugin-throttling',
    reads: OCTOKIT_READS,
    generate: (p) => generateOctokitPlan(p),
  },
  { id: 'python', label: 'Python (tenacity)', dependency: 'tenacity', install: 'pip install tenacity', reads: PYTHON_READS, generate: (p) => generatePythonPlan(p) },
]

/**
 * The plan for `client` from these policies.
 *
 * @example
 * generateThrottlePlan('bottleneck', POLICY_PRESETS[4].policies).includes("import Bottleneck from 'bottleneck'") // true
 */
export function generateThrottlePlan(client: ThrottleClient, policies: readonly RatePolicy[]): string {
  const plan = THROTTLE_PLANS.find((p) => p.id === client)
  if (!plan) throw new RangeError(`Unknown client ${client}.`)
  return plan.generate(policies)
}
