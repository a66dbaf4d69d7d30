/**
 * The rate-limit header parser's public surface: what other features may use (the GraphQL tester
 * shows the rate-limit cards of each response). Everything else in this folder is internal.
 */
export {
  parseRateLimitHeaders,
  lintRateLimitHeaders,
  correctRateLimitHeaders,
  buildRateLimitTimeline,
  type CorrectedHeaders,
  type RateLimitTimeline,
  type Quota,
  type RateLimitLintCode,
  type RateLimitLintFinding,
  type RateLimitLintOptions,
  type RateLimitReport,
} from './core'
export { default as RateLimitCardList } from './components/RateLimitCardList.vue'
