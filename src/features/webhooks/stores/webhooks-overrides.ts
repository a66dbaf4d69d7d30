import { ref } from 'vue'
import { defineStore } from 'pinia'
import { applyOverrides, bodyEncodingOf, parseFieldPath, parsePayloadText, serializePayload, type FieldOverride, type OverrideProblem, type WebhookSample } from '@/features/webhooks/core'

/**
 * The set-field overrides (in memory, like the secret's neighbours: they may hold custom data):
 * data the generator reads. The webhook store applies them to every sample it generates, so they
 * survive Regenerate, and its `addOverride`, `removeOverride` and `clearOverrides` change the list,
 * regenerate at once and announce the outcome. This store never calls the webhook store (no cycle).
 */
export const useWebhookOverridesStore = defineStore('webhooks-overrides', () => {
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

  /**
   * Puts an override in the list (replacing one on the same path). Does not regenerate: the
   * webhook store's `addOverride` does, then says {@link outcomeOf}.
   * @returns a message for the path field when the path is malformed (nothing is added), else null
   */
  function put(override: FieldOverride): string | null {
    const parsed = parseFieldPath(override.path)
    if (!parsed.ok) return parsed.message
    overrides.value = [...overrides.value.filter((o) => o.path.trim() !== override.path.trim()), { ...override, path: override.path.trim() }]
    return null
  }

  /** Takes the override at `index` out of the list. @returns the one taken out, if any */
  function removeAt(index: number): FieldOverride | undefined {
    const gone = overrides.value[index]
    overrides.value = overrides.value.filter((_, i) => i !== index)
    return gone
  }

  /** Empties the list. */
  function removeAll(): void {
    overrides.value = []
  }

  /** What the last {@link apply} did with the override just put on `override.path`, as a sentence. */
  function outcomeOf(override: FieldOverride): string {
    const path = override.path.trim()
    const problem = problems.value.find((p) => overrides.value[p.index]?.path === path)
    return problem ? `Override not applied: ${problem.message}` : override.op === 'remove' ? `Removed ${path}; kept on Regenerate.` : `Set ${path}; kept on Regenerate.`
  }

  return { overrides, problems, apply, put, removeAt, removeAll, outcomeOf }
})
