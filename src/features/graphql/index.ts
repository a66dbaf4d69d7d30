/**
 * The GraphQL tester's public surface for other features: nothing today (no other tool uses its
 * internals). The app shell reaches the page through `load-page.ts` and `GraphQLPageHeading.vue`,
 * so the page's code stays out of the first load.
 */
export {}
