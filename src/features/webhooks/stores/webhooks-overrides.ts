import { ref } from 'vue'
import { defineStore } from 'pinia'
import { applyOverrides, bodyEncodingOf, parseFieldPath, parsePayloadText, serializePayload, type FieldOverride, type OverrideProblem, type WebhookSample } from '@/features/webhooks/core'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useWebhookStore } from './webhooks'

/**
 * The set-field overrides (in memory, like the secret's neighbours: they may hold custom data). The
 * webhook store applies them to every sample it generates, so they survive Regenerate; adding or
 * removing one applies the list to the current sample at once. Outcomes are announced.
 */
export const useWebhookOverridesStore = defineStore('webhooks-overrides', () => {
  const { announce } = useAnnouncer()
  /** The overrides, applied in order. @default [] */
  const overrides = ref<FieldOverride[]>([])
  /** Overrides the last sample could not take (index into `overrides`). @default [] */
  const problems = ref<OverrideProblem[]>([])

  /** `sample` with the overrides applied (payload and body); the sample itself when there are none. */
  function apply(sample: WebhookSample): WebhookSample {
    if (overrides.value.length === 0) {
      problems.value = []
      return sample
    }
    const parsed = parsePayloadText(sample.provider, sample.body)
    const result = applyOverrides(parsed.ok ? parsed.payload : sample.payload, overrides.value)
    problems.value = result.problems
    return { ...sample, payload: result.payload, body: serializePayload(sample.provider, result.payload, bodyEncodingOf(sample.body)) }
  }

  /** Re-applies the list to the current sample (edits to the body are replaced, as Regenerate does). */
  function reapply(): void {
    const webhooks = useWebhookStore()
    webhooks.generate(webhooks.providerId, webhooks.eventType)
  }

  /**
   * Adds an override and regenerates with it.
   * @returns a message for the path field when the path is malformed (nothing is added), else null
   */
  function add(override: FieldOverride): string | null {
    const parsed = parseFieldPath(override.path)
    if (!parsed.ok) return parsed.message
    overrides.value = [...overrides.value.filter((o) => o.path.trim() !== override.path.trim()), { ...override, path: override.path.trim() }]
    reapply()
    const problem = problems.value.find((p) => overrides.value[p.index]?.path === override.path.trim())
    void announce(problem ? `Override not applied: ${problem.message}` : override.op === 'remove' ? `Removed ${override.path.trim()}; kept on Regenerate.` : `Set ${override.path.trim()}; kept on Regenerate.`)
    return null
  }

  /** Removes the override at `index` and regenerates without it. */
  function remove(index: number): void {
    const gone = overrides.value[index]
    overrides.value = overrides.value.filter((_, i) => i !== index)
    reapply()
    if (gone) void announce(`Override of ${gone.path} removed.`)
  }

  /** Removes every override and regenerates. */
  function clear(): void {
    overrides.value = []
    reapply()
    void announce('All overrides removed.')
  }

  return { overrides, problems, apply, add, remove, clear }
})
