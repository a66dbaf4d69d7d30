/**
 * The GraphQL tester's public surface for other features. Nothing outside this folder uses its
 * internals today; the page is loaded lazily by the app router.
 */
export { analyzeDocument, buildGraphQLRequest, sendGraphQLRequest, type GraphQLOutcome } from './core/request'
