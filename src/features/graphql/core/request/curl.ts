/**
 * Curl commands for a built GraphQL request, via the shared builder in `core/http`, so the
 * tester's "copy as curl" and the CORS help send exactly what fetch would have sent.
 */
import { type CurlCommand, type CurlOptions, buildCurlCommand } from '../../../../shared/core/http/curl'
import { corsPreflightHeaderNames, toPreflightCurl } from '../../../../shared/core/http/preflight'
import type { BuiltRequest } from './build'

/** Options of {@link toCurl}. */
export interface GraphQLCurlOptions {
  /**
   * Header names (any case) to emit as `"$ENV_VAR"` references instead of their values, e.g.
   * `['Authorization']` gives `-H "Authorization: $AUTHORIZATION"`.
   * @default []
   */
  secretHeaders?: readonly string[]
  /** Variable names for secret headers, keyed by header name. @default {} — derived from the name. */
  envVarNames?: Readonly<Record<string, string>>
  /** One option per line, joined with ` \`. @default false */
  multiline?: boolean
}

/**
 * The request as one POSIX-sh curl command (`curl -sS -X POST '<url>' -H … --data-raw '…'`),
 * correct for every byte of URL, headers and body. Use {@link toCurlWithEnv} to also get the
 * names of the variables secret headers read.
 */
export function toCurl(request: BuiltRequest, options: GraphQLCurlOptions = {}): string {
  return toCurlWithEnv(request, options).command
}

/** Like {@link toCurl}, plus the environment variables the user must `export` first. */
export function toCurlWithEnv(request: BuiltRequest, options: GraphQLCurlOptions = {}): CurlCommand {
  const curlOptions: CurlOptions = {}
  if (options.secretHeaders) curlOptions.secretHeaders = options.secretHeaders
  if (options.envVarNames) curlOptions.envVarNames = options.envVarNames
  if (options.multiline) curlOptions.multiline = true
  return buildCurlCommand({ url: request.url, method: request.method, headers: request.headers, body: request.body }, curlOptions)
}

/**
 * The CORS preflight a browser sends before this request, as a curl probe, and the header names
 * the server's `Access-Control-Allow-Headers` must list.
 *
 * @param pageOrigin - the page's origin (`location.origin`). @default 'null' — what an opaque
 *   origin sends; pass the real origin for a meaningful probe.
 * @param options.multiline - one option per line. @default false
 */
export function preflightFor(request: BuiltRequest, pageOrigin = 'null', options: { multiline?: boolean } = {}): { curl: string; headerNames: string[] } {
  const headerNames = corsPreflightHeaderNames(request.headers)
  return { curl: toPreflightCurl(request.url, pageOrigin, request.method, headerNames, options), headerNames }
}
