/**
 * The rate-limit header linter's public surface.
 */
export { lintRateLimitHeaders, correctRateLimitHeaders, type CorrectedHeaders } from './lint.ts'
export {
  RATE_LIMIT_LINT_CODES,
  type RateLimitLintCode,
  type RateLimitLintFinding,
  type RateLimitLintOptions,
  type RateLimitLintSeverity,
} from './types.ts'
