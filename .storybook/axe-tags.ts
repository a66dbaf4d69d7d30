/**
 * The axe rule tags every accessibility check of the project runs (stories and pages alike).
 * Tags are level-specific, not cumulative, so each level is listed; `wcag22aa` enables
 * `target-size` (24 px targets).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const
