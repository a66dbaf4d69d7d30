/**
 * The rate-limit page's modes: one paste, four questions.
 */

/** What the page does with the paste. */
export type RateLimitMode = 'quota' | 'lint' | 'timeline' | 'pace'

/** The modes in display order, with their visible labels. */
export const RATE_LIMIT_MODES: readonly { value: RateLimitMode; label: string }[] = [
  { value: 'quota', label: 'Where do I stand?' },
  { value: 'lint', label: "Check my server's headers" },
  { value: 'timeline', label: 'Timeline' },
  { value: 'pace', label: 'Pace my client' },
]

/** True for a known mode name (e.g. from a URL query). */
export function isRateLimitMode(value: unknown): value is RateLimitMode {
  return RATE_LIMIT_MODES.some((m) => m.value === value)
}
