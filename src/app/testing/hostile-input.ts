/**
 * Every core parser of user or server input, and the pathological strings an attacker would feed
 * them. Shared by the property test (`hostile-input.test.ts`: nothing throws except its
 * documented, located error) and the benchmark (`scripts/bench/core-hostile.ts`: the slowest call
 * on 100 KB inputs).
 */
import { buildSchema } from 'graphql'
import { tabRequestFromCurl } from '@/features/graphql/core/curl-import'
import { analyzeDocument } from '@/features/graphql/core/request/analyze'
import { buildGraphQLRequest } from '@/features/graphql/core/request/build'
import { toCurl } from '@/features/graphql/core/request/curl'
import { GraphQLInputError } from '@/features/graphql/core/request/errors'
import { validateEndpoint } from '@/features/graphql/core/request/endpoint'
import { parseHeadersInput, parseVariablesInput } from '@/features/graphql/core/request/inputs'
import { printQuery } from '@/features/graphql/core/request/prettify'
import { isJsonMediaType } from '@/features/graphql/core/request/send'
import { graphqlShape } from '@/features/graphql/core/request/verdict'
import { SchemaInputError } from '@/features/graphql/core/schema/errors'
import { locateJsonPath } from '@/features/graphql/core/schema/json-path'
import { mergeVariableSkeleton } from '@/features/graphql/core/schema/merge-skeleton'
import { parseSchemaInput } from '@/features/graphql/core/schema/parse'
import { variableSkeleton } from '@/features/graphql/core/schema/skeleton'
import { validateQuery } from '@/features/graphql/core/schema/validate-query'
import { fromBase64Url } from '@/features/graphql/core/share/base64url'
import { ShareLinkError } from '@/features/graphql/core/share/errors'
import { decodeShareFragment } from '@/features/graphql/core/share/share'
import { parseHttpDate, parseIsoDate, parseJsDateString } from '@/features/rate-limits/core/dates'
import { parseGoDuration } from '@/features/rate-limits/core/duration'
import { parseDecimal } from '@/features/rate-limits/core/numbers'
import { parseRateLimitHeaders } from '@/features/rate-limits/core/parse'
import { fromBase64 } from '@/features/webhooks/core/crypto'
import { prettyBody, readReceiverReport } from '@/features/webhooks/core/delivery-format'
import { parsePayloadText } from '@/features/webhooks/core/payload-text'
import { buildCurlCommand } from '@/shared/core/http/curl'
import { parseCurl } from '@/shared/core/http/curl-import'
import { headerValueProblem, isHttpToken, isSensitiveHeaderName, normalizeHeaderValue } from '@/shared/core/http/headers'
import { likelyNetworkCause } from '@/shared/core/http/network-error'
import { parseUrl } from '@/shared/core/http/url'
import { parseJsonLocated } from '@/shared/core/json/json-locate'
import { parseAndFlatten } from '@/shared/core/json/json-tree'

/** One parser: how to call it with untrusted text, and which error (if any) it documents throwing. */
export interface CoreParser {
  name: string
  run: (text: string) => unknown
  /** The located error the parser documents; anything else thrown is a bug. @default none */
  documented?: (error: unknown) => boolean
}

const NOW = new Date('2025-01-14T10:15:00Z')
const SCHEMA = buildSchema('type Query { a(id: ID): Query, b: String }')
const ENDPOINT = 'https://api.example.test/graphql'
const inputError = (error: unknown) => error instanceof GraphQLInputError
const build = (over: Partial<{ query: string; variables: string; headers: string }>) =>
  buildGraphQLRequest({ endpoint: ENDPOINT, query: '{ b }', ...over })

/** The parsers, by the name the benchmark prints. */
export const CORE_PARSERS: readonly CoreParser[] = [
  { name: 'graphql analyzeDocument', run: analyzeDocument },
  { name: 'graphql printQuery', run: printQuery },
  { name: 'graphql tabRequestFromCurl', run: tabRequestFromCurl },
  { name: 'http parseCurl', run: parseCurl },
  { name: 'http parseCurl (after curl)', run: (s) => parseCurl(`curl https://a.test ${s}`) },
  { name: 'graphql validateQuery', run: (s) => validateQuery(SCHEMA, s) },
  { name: 'graphql variableSkeleton', run: (s) => variableSkeleton(s, undefined, SCHEMA), documented: inputError },
  { name: 'graphql parseHeadersInput', run: parseHeadersInput, documented: inputError },
  { name: 'graphql parseVariablesInput', run: parseVariablesInput, documented: inputError },
  { name: 'graphql build (query)', run: (s) => build({ query: s }), documented: inputError },
  { name: 'graphql build (variables)', run: (s) => build({ variables: s }), documented: inputError },
  { name: 'graphql build (headers)', run: (s) => build({ headers: s }), documented: inputError },
  { name: 'graphql curl (query)', run: (s) => toCurl(build({ query: `# ${s}\n{ b }` })), documented: inputError },
  { name: 'graphql validateEndpoint', run: validateEndpoint, documented: inputError },
  { name: 'graphql parseSchemaInput', run: parseSchemaInput, documented: (e) => e instanceof SchemaInputError },
  { name: 'graphql mergeVariableSkeleton', run: (s) => mergeVariableSkeleton('{"a": 1}', s) },
  { name: 'graphql locateJsonPath', run: (s) => locateJsonPath(s, ['a', 0, 'b']) },
  { name: 'graphql decodeShareFragment', run: decodeShareFragment, documented: (e) => e instanceof ShareLinkError },
  { name: 'graphql fromBase64Url', run: fromBase64Url },
  { name: 'graphql isJsonMediaType', run: isJsonMediaType },
  { name: 'graphql graphqlShape', run: (s) => { const parsed = parseJsonLocated(s); return graphqlShape(parsed.ok ? parsed.value : undefined) } },
  { name: 'rate-limits parse (paste)', run: (s) => parseRateLimitHeaders(s, NOW) },
  ...[
    'X-Shopify-Shop-Api-Call-Limit',
    'Zendesk-RateLimit-Search',
    'RateLimit',
    'RateLimit-Policy',
    'X-RateLimit-Reset',
    'Retry-After',
    'X-RateLimit-Reset-After',
  ].map((header) => ({ name: `rate-limits parse (${header})`, run: (s: string) => parseRateLimitHeaders(`${header}: ${s}`, NOW) })),
  { name: 'rate-limits parseGoDuration', run: parseGoDuration },
  { name: 'rate-limits parseHttpDate', run: (s) => parseHttpDate(s, NOW.getTime()) },
  { name: 'rate-limits parseIsoDate', run: parseIsoDate },
  { name: 'rate-limits parseJsDateString', run: parseJsDateString },
  { name: 'rate-limits parseDecimal', run: parseDecimal },
  { name: 'webhooks parsePayloadText', run: (s) => parsePayloadText('github', s) },
  { name: 'webhooks readReceiverReport', run: readReceiverReport },
  { name: 'webhooks prettyBody', run: prettyBody },
  { name: 'webhooks fromBase64', run: fromBase64 },
  { name: 'shared parseUrl', run: parseUrl },
  { name: 'shared parseJsonLocated', run: parseJsonLocated },
  { name: 'shared parseAndFlatten', run: parseAndFlatten, documented: (e) => e instanceof SyntaxError },
  { name: 'shared normalizeHeaderValue', run: normalizeHeaderValue },
  { name: 'shared headerValueProblem', run: headerValueProblem },
  { name: 'shared isHttpToken', run: isHttpToken },
  { name: 'shared isSensitiveHeaderName', run: isSensitiveHeaderName },
  { name: 'shared likelyNetworkCause', run: (s) => likelyNetworkCause(new TypeError(s), ENDPOINT) },
  {
    name: 'shared buildCurlCommand',
    run: (s) => buildCurlCommand({ url: ENDPOINT, method: 'POST', headers: [['X-Note', normalizeHeaderValue(s).replace(/[\0\r\n]/g, '')]], body: s }),
    // Refuses a body with NUL (a shell argument cannot carry it) with a plain message.
    documented: (e) => e instanceof RangeError && !/call stack/i.test(e.message),
  },
]

/** `open` × n, `middle`, `close` × n, about `size` characters in all. */
export function nested(open: string, close: string, size: number, middle = ''): string {
  const n = Math.floor((size - middle.length) / (open.length + close.length))
  return open.repeat(n) + middle + close.repeat(n)
}

/** Size of each pathological input: 100 KB. */
export const HOSTILE_SIZE = 100_000

/**
 * Pathological strings, each {@link HOSTILE_SIZE} characters: long runs of what regexes and
 * recursive descent choke on, usually followed by a character that makes the match fail late.
 */
export function hostileStrings(size: number = HOSTILE_SIZE): { name: string; text: string }[] {
  const run = (unit: string, before = '', after = 'x') => before + unit.repeat(Math.floor((size - before.length - after.length) / unit.length)) + after
  return [
    { name: 'spaces', text: run(' ', '1') },
    { name: 'spaces then end', text: run(' ', 'a', '') },
    { name: 'tabs', text: run('\t', 'a') },
    { name: 'spaces and tabs', text: run(' \t', '1', '/') },
    { name: 'commas', text: run(',', '1') },
    { name: 'equals', text: run('=', 'a') },
    { name: 'semicolons', text: run(';', 'a') },
    { name: 'digits', text: run('1', '', 'x') },
    { name: 'digits and spaces', text: run('1 ', '', '/') },
    { name: 'quotes', text: run('"') },
    { name: 'escaped quotes', text: run('\\"', '"') },
    { name: 'braces', text: run('{a', '', '') },
    { name: 'brackets', text: run('[', '', '') },
    { name: 'json nesting', text: run('{"a":', '', '1') },
    { name: 'parentheses', text: run('(', '{a', '') },
    { name: 'newlines', text: run('\n', 'a:') },
    { name: 'header lines', text: run('a: 1\r\n') },
    { name: 'colons', text: run(':') },
    { name: 'base64ish', text: run('A', '', '=') },
    { name: 'policy-ish', text: run('q;w=1,', '') },
    // Balanced nesting: recursive descent and recursive walks overflow the stack on these.
    { name: 'deep graphql selections', text: nested('{a', '}', size) },
    { name: 'deep graphql list type', text: `type Query { a: ${nested('[', ']', size - 40, 'Int')} }` },
    { name: 'deep graphql value', text: `{ a(id: ${nested('[', ']', size - 20, '1')}) }` },
    { name: 'deep json arrays', text: nested('[', ']', size) },
    { name: 'deep json objects', text: nested('{"a":', '}', size, '1') },
  ]
}
