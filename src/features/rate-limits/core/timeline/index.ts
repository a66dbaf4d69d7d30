/**
 * The rate-limit timeline's public surface.
 */
export { buildRateLimitTimeline } from './build.ts'
export { clockTime } from './projection.ts'
export { labelledMarks, marksToDraw, pointsToDraw } from './thin.ts'
export { MAX_CHARTS, quotasToChart, shareLeft } from './rank.ts'
export {
  RECENT_WINDOW_MS,
  type RateLimitTimeline,
  type RateLimitTimelineOptions,
  type TimelineNotice,
  type TimelinePoint,
  type TimelineProjection,
  type TimelineQuota,
} from './types.ts'
