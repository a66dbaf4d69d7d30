/**
 * Framework-free rate-limit header parser: public API.
 *
 * @example
 * const report = parseRateLimitHeaders('x-ratelimit-limit: 5000\nx-ratelimit-remaining: 4999\n…', new Date())
 * report.quotas[0]?.remainingPercent // 99.98
 */
export { parseRateLimitHeaders } from './parse.ts'
export { parseGoDuration } from './duration.ts'
export { quotaState, quotaStateLabel, QUOTA_THRESHOLDS, type QuotaState, type QuotaStateLabel } from './state.ts'
export { backoffSchedule, describeSchedule, type BackoffOptions } from './advice.ts'
export { parseHttpDate, parseIsoDate } from './dates.ts'
export {
  buildRateLimitTimeline,
  clockTime,
  labelledMarks,
  marksToDraw,
  MAX_CHARTS,
  pointsToDraw,
  quotasToChart,
  shareLeft,
  RECENT_WINDOW_MS,
  type RateLimitTimeline,
  type RateLimitTimelineOptions,
  type TimelineNotice,
  type TimelinePoint,
  type TimelineProjection,
  type TimelineQuota,
} from './timeline/index.ts'
export {
  answerRequest,
  measureInput,
  readingStatus,
  resultOf,
  runRateLimitJob,
  type InputSize,
  type RateLimitJob,
  type RateLimitJobResult,
  type RateLimitLintResult,
  type RateLimitWorkerMessage,
  type RateLimitWorkerRequest,
} from './jobs.ts'
export { headerUsesOf, usesAt, NOT_USED, USED_FOR_RETRY_AFTER, type HeaderUses } from './header-uses.ts'
export { PART_ITEMS, ResultAssembler, splitResult, type ResultPart } from './result-parts.ts'
export { RATE_LIMIT_MODES, isRateLimitMode, type RateLimitMode } from './modes.ts'
export {
  lintRateLimitHeaders,
  correctRateLimitHeaders,
  RATE_LIMIT_LINT_CODES,
  type CorrectedHeaders,
  type RateLimitLintCode,
  type RateLimitLintFinding,
  type RateLimitLintOptions,
  type RateLimitLintSeverity,
} from './lint/index.ts'
export type {
  Advice,
  AdviceLevel,
  BackoffStep,
  PastedHeader,
  Quota,
  RateLimitProblem,
  RateLimitProblemTypeId,
  RateLimitReport,
  ReportWarning,
  WarningCode,
} from './types.ts'
