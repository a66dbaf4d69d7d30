/**
 * What the schema status holds and says (the schema store's types and words), framework-free: the sentence shown when "Load
 * schema" fails, which must say what to do next (fix CORS, add a token, paste the SDL).
 */
import { statusLabel, type GraphQLOutcome } from '@/features/graphql/core/request'
import type { GraphQLSchema } from 'graphql'
import { SchemaInputError, type SchemaWarning } from '@/features/graphql/core/schema'
import { describeNetworkFailure } from '@/shared/core/http/network-failure-words'

/** Where a schema came from. */
export type SchemaSource = 'introspection' | 'sdl' | 'introspection-json'

/** A schema kept for one endpoint. */
export interface SchemaEntry {
  /** The endpoint it belongs to (trimmed). */
  endpoint: string
  schema: GraphQLSchema
  /** `schemaCacheKey` (core/schema) of endpoint + credentials when it was loaded or pasted. */
  key: string
  source: SchemaSource
  loadedAt: number
  /** Read from this browser's cache (`loadedAt` is when the endpoint answered). @default undefined */
  fromCache?: boolean
  /** What names it to the schema worker, which holds it to work out a later change. @default undefined */
  handle?: string
  typeCount: number
  /** What the schema breaks of the spec's type-system rules; it is used all the same. */
  warnings: readonly SchemaWarning[]
}

/**
 * What the schema status shows. `unavailable`: loading on arrival gave no schema (a calm note,
 * not an error: nobody asked for it); `error`: a load the user asked for failed.
 */
export type SchemaState = 'none' | 'loading' | 'ready' | 'stale' | 'error' | 'unavailable'

/** ", with 9 warnings" for an announcement; '' for none. */
export function warningsSuffix(count: number): string {
  return count === 0 ? '' : `, with ${count === 1 ? '1 warning' : `${count} warnings`}`
}

/** The way on that every note about a missing schema ends with. */
export const PASTE_HINT = 'Paste the schema (SDL or introspection JSON) for completion, checks and docs.'

/**
 * The note shown when loading the schema on arrival gave none: what happened, calmly, and the way
 * on (paste the schema). A server that refuses introspection is quoted, since that is its answer.
 *
 * @param outcome - the introspection request's outcome.
 * @param buildError - what building the schema from the response threw, when a response arrived. @default undefined
 */
export function quietNote(outcome: GraphQLOutcome, buildError?: unknown): string {
  if (buildError instanceof SchemaInputError && buildError.code === 'introspection-errors') {
    const said = (outcome.kind === 'response' ? introspectionErrorMessages(outcome.json) : [])[0]
    return `This endpoint does not allow introspection${said ? ` (it answered “${said}”)` : ''}. ${PASTE_HINT}`
  }
  const reason = introspectionFailure(outcome, buildError)
    .replace(/^Could not load the schema(?::| \(([^)]*)\):) ?/, (_, status: string | undefined) => (status ? `${status}: ` : ''))
    .replace(/ ?(?:See below, )?or paste the schema instead\.$/, '')
  return `No schema from this endpoint: ${reason.charAt(0).toLowerCase()}${reason.slice(1)} ${PASTE_HINT}`
}

function introspectionErrorMessages(json: unknown): string[] {
  const errors = typeof json === 'object' && json !== null ? (json as { errors?: unknown }).errors : undefined
  if (!Array.isArray(errors)) return []
  return errors.flatMap((e) => (typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string' ? [(e as { message: string }).message] : []))
}

/** A problem with the pasted schema, placed in the paste editor. */
export interface PasteError {
  message: string
  line?: number
  column?: number
}

/**
 * Why an introspection request gave no schema, as one sentence with the next step.
 *
 * @param outcome - the introspection request's outcome.
 * @param buildError - what building the schema from the response threw, when a response arrived. @default undefined
 */
export function introspectionFailure(outcome: GraphQLOutcome, buildError?: unknown): string {
  switch (outcome.kind) {
    case 'network-error':
      return `Could not load the schema: ${describeNetworkFailure(outcome.likelyCause, outcome.url ?? '', outcome.afterResponse ? { afterResponse: true } : {}).title}. See below, or paste the schema instead.`
    case 'timeout':
      return 'Could not load the schema: the endpoint did not answer in time.'
    case 'aborted':
      return 'Schema loading was cancelled.'
    case 'response': {
      const status = statusLabel(outcome.status, outcome.statusText)
      const detail = buildError instanceof SchemaInputError ? buildError.message : buildError instanceof Error ? buildError.message : ''
      if (outcome.status === 401 || outcome.status === 403) {
        return `Could not load the schema: ${status}. The endpoint wants credentials: fill in the Authorization header (or the one it expects), then load again.`
      }
      if (outcome.status >= 400 && !(buildError instanceof SchemaInputError && buildError.code === 'introspection-errors')) {
        return `Could not load the schema: ${status}.${detail ? ` ${detail}` : ''}`
      }
      return `Could not load the schema (${status}): ${detail || 'the answer is not an introspection result.'}`
    }
  }
}
