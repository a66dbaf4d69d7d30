import { computed, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { DEFAULT_SCHEDULE_FIELDS, ONE_RESPONSE_NOTE, pacedPoliciesFromPreset, pacedPoliciesFromQuotas, pacedPoliciesFromTimeline, readScheduleFields, type PacedPolicies, type ScheduleFields } from '@/features/rate-limits/core/pacing'
import { simulatePacing, simulationSummary, type PacingSimulation } from '@/features/rate-limits/core/pacing-simulation'
import { POLICY_PRESETS } from '@/features/rate-limits/core/policy/presets'
import { THROTTLE_PLANS, type ThrottleClient } from '@/features/rate-limits/core/policy/plans'
import type { Quota } from '@/features/rate-limits/core/types'
import type { RateLimitTimeline } from '@/features/rate-limits/core/timeline/types'

/** Where the policies come from: the pasted headers, or a preset's id. */
export const HEADERS_SOURCE = 'headers'

/** How long the page waits after the last change before it says what the plan and simulation are now, in ms. */
export const PACING_ANNOUNCE_DELAY_MS = 600

/** One client's generated plan, ready to show. */
export interface GeneratedPlan {
  id: ThrottleClient
  label: string
  dependency?: string
  install?: string
  reads: readonly { header: string; use: string }[]
  code: string
}

/**
 * The "Pace my client" mode: the policies (from the paste or a preset), the schedule form as typed, the
 * chosen client's plan, and the simulation. Nothing here is saved. The pasted quotas are handed in by the
 * mode's pane (not read from the rate-limit store: this store loads with the mode, and sharing the page's
 * store would pull the page's core into a chunk of its own).
 */
export const usePacingStore = defineStore('rate-limit-pacing', () => {
  const { announce } = useAnnouncer()

  /** The quotas of the pasted response (set by the pane). */
  const quotas = shallowRef<readonly Quota[]>([])
  /** The timeline of the same paste (set by the pane): with several responses, the policies are inferred from it. */
  const timeline = shallowRef<Pick<RateLimitTimeline, 'responses' | 'quotas'>>()
  /** IANA time zone of the clock times in the evidence. */
  const timeZone = ref('UTC')
  /** Whether the mode is shown: changes are said only then. */
  const active = ref(false)

  /** {@link HEADERS_SOURCE} or a preset id. */
  const source = ref<string>(HEADERS_SOURCE)
  /** The schedule form, exactly as typed. */
  const fields = ref<ScheduleFields>({ ...DEFAULT_SCHEDULE_FIELDS })
  /** The client whose plan is shown. */
  const client = ref<ThrottleClient>('bottleneck')

  const preset = computed(() => POLICY_PRESETS.find((p) => p.id === source.value))
  /** Several timed responses: a timeline to infer the policies from. */
  const several = computed(() => (timeline.value?.responses.length ?? 0) >= 2)
  const paced = computed<PacedPolicies>(() => {
    if (preset.value) return pacedPoliciesFromPreset(preset.value)
    return several.value && timeline.value ? pacedPoliciesFromTimeline(quotas.value, timeline.value, timeZone.value) : pacedPoliciesFromQuotas(quotas.value)
  })
  /** What one pasted response can and cannot tell, when the policies come from just one. */
  const note = computed(() => (!preset.value && quotas.value.length > 0 && !several.value ? ONE_RESPONSE_NOTE : undefined))
  const policies = computed(() => paced.value.policies.map((p) => p.policy))

  /** Every client's plan, or why there is none. */
  const planned = computed<{ plans: GeneratedPlan[]; error?: string }>(() => {
    if (policies.value.length === 0) return { plans: [] }
    try {
      return { plans: THROTTLE_PLANS.map((plan) => ({ id: plan.id, label: plan.label, dependency: plan.dependency, install: plan.install, reads: plan.reads, code: plan.generate(policies.value) })) }
    } catch (error) {
      return { plans: [], error: error instanceof Error ? error.message : String(error) }
    }
  })

  const schedule = computed(() => readScheduleFields(fields.value))
  const simulation = computed<PacingSimulation | undefined>(() => {
    const spec = schedule.value.spec
    return spec && policies.value.length > 0 && !planned.value.error ? simulatePacing(policies.value, spec) : undefined
  })

  /** What the page says after a change: the quotas the plan paces, and the simulation's outcome. */
  const statusText = computed(() => {
    if (planned.value.error) return `No plan: ${planned.value.error}`
    if (policies.value.length === 0) return 'No plan yet: no quota with a known policy.'
    const names = policies.value.map((p) => p.name).join(', ')
    const inferred = paced.value.policies.filter((p) => p.inference && p.inference.confidence !== 'cannot tell').map((p) => `${p.policy.name} (${p.inference?.evidence.split(' → ')[1]?.replace(/ \(.*$|\.$/, '') ?? p.policy.kind})`)
    const plan = `${inferred.length > 0 ? `Inferred from the responses: ${inferred.join(', ')}. ` : ''}Throttle plan for ${policies.value.length === 1 ? '1 quota' : `${policies.value.length} quotas`} (${names}).`
    return simulation.value ? `${plan} Simulation: ${simulationSummary(simulation.value)}` : plan
  })

  // Said once the user pauses: typing a number must not speak on every key.
  let timer: ReturnType<typeof setTimeout> | undefined
  watch(statusText, (text) => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      if (active.value) void announce(text)
    }, PACING_ANNOUNCE_DELAY_MS)
  })

  return { quotas, timeline, timeZone, note, active, source, fields, client, paced, policies, planned, schedule, simulation, statusText }
})
