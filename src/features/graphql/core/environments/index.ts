/**
 * Environments of the GraphQL tester: named variable sets referenced as `{{name}}` in the endpoint,
 * header values and variables JSON, substituted at send time (see `resolve.ts`).
 */
export * from './environment'
export * from './references'
export * from './resolve'
export * from './transfer'
