/**
 * The introspection request. graphql-js's `getIntrospectionQuery` is the standard query every
 * GraphQL client sends; we only choose its options. The newer fields (input value deprecation,
 * `specifiedByURL`, `isRepeatable`, `isOneOf`) make the docs and variable validation more exact,
 * but servers older than the 2021 spec reject a query that mentions them, so there is a legacy
 * variant and a test for "retry with the legacy variant".
 */
import { getIntrospectionQuery, type IntrospectionOptions } from 'graphql'

/** Operation name of the introspection query (also what servers log). */
export const INTROSPECTION_OPERATION_NAME = 'IntrospectionQuery'

/** Options of {@link introspectionRequestBody}. */
export interface IntrospectionRequestOptions {
  /**
   * Ask only for fields every server since the 2018 spec supports: no input value deprecation,
   * `specifiedByURL`, `isRepeatable` or `isOneOf`. Use it when the modern query failed with
   * validation errors (see {@link shouldRetryLegacyIntrospection}).
   * @default false
   */
  legacy?: boolean
}

/** The JSON body of an introspection request (GraphQL over HTTP: `{query, operationName}`). */
export interface IntrospectionRequestBody {
  query: string
  operationName: string
}

/**
 * The body to POST for "Load schema": graphql-js `getIntrospectionQuery` with descriptions and
 * deprecations, plus (unless `legacy`) `specifiedByURL`, repeatable directives, input value
 * deprecation and `@oneOf`. Send it through the tester's request path so CORS and status handling
 * are the same as for user queries.
 *
 * @param options - see {@link IntrospectionRequestOptions}. @default {}
 */
export function introspectionRequestBody(options: IntrospectionRequestOptions = {}): IntrospectionRequestBody {
  const modern = !options.legacy
  const introspection: IntrospectionOptions = {
    descriptions: true,
    specifiedByUrl: modern,
    directiveIsRepeatable: modern,
    schemaDescription: modern,
    inputValueDeprecation: modern,
    oneOf: modern,
  }
  return { query: getIntrospectionQuery(introspection), operationName: INTROSPECTION_OPERATION_NAME }
}

/** Field names only the modern query asks for; an old server's validation errors name them. */
const MODERN_ONLY = /\b(?:includeDeprecated|isDeprecated|deprecationReason|specifiedByURL|specifiedByUrl|isRepeatable|isOneOf)\b|"description" on type "__Schema"/

/**
 * Whether an introspection response's errors look like an older server rejecting the modern
 * query's newer fields, so the caller should retry once with `{ legacy: true }`. Errors such as
 * "introspection is disabled" return false: retrying would not help.
 *
 * @param errors - the `errors` array of the GraphQL response (anything; non-arrays give false).
 */
export function shouldRetryLegacyIntrospection(errors: unknown): boolean {
  if (!Array.isArray(errors)) return false
  return errors.some((e) => {
    const message = typeof e === 'object' && e !== null && 'message' in e ? (e as { message: unknown }).message : undefined
    return typeof message === 'string' && MODERN_ONLY.test(message)
  })
}
