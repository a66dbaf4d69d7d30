/**
 * The rate-limit header parser's public surface: what other features use (the GraphQL tester shows
 * the rate-limit cards of each response). Everything else in this folder is internal; the app shell
 * reaches the page through `RateLimitsPageHeading.vue` and a lazy import of `RateLimitsPage.vue`.
 */
export { parseRateLimitHeaders, type RateLimitReport } from './core'
export { default as RateLimitCardList } from './components/RateLimitCardList.vue'
