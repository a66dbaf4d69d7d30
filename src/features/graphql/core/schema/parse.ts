/**
 * Turning what the user has into a `GraphQLSchema`: an introspection result (from "Load schema"
 * or pasted), or SDL pasted for endpoints that disable introspection. Every failure is a
 * {@link SchemaInputError} with a position when there is one, and schemas graphql-js can build but
 * not validate are rejected too, because completion and lint (graphql-language-service) would
 * throw on them later with no position at all.
 */
import {
  type GraphQLError,
  buildASTSchema,
  buildClientSchema,
  parse,
  validateSchema,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql'
// Not re-exported from the package root, but a public entry point of graphql's exports map; it
// returns located errors where buildASTSchema would throw one unlocated Error for all of them.
import { validateSDL } from 'graphql/validation/validate'
import { lineColumn, parseJsonLocated } from '../../../../shared/core/json/json-locate'
import { MAX_NESTING, excessNestingMessage, findExcessNesting, nestsDeeperThan } from '../../../../shared/core/nesting'
import { SchemaInputError } from './errors'
import { locateJsonPath } from './json-path'

/** What {@link parseSchemaInput} recognised. */
export type SchemaInputFormat = 'sdl' | 'introspection'

/** Result of {@link parseSchemaInput}. */
export interface ParsedSchemaInput {
  schema: GraphQLSchema
  format: SchemaInputFormat
}

/**
 * Builds a schema from an introspection result: a whole GraphQL response `{data: {__schema}}`
 * or the bare `{__schema}`, as an object or as JSON text (text gets located errors).
 *
 * @throws SchemaInputError `json-syntax`, `introspection-shape`, `introspection-errors` or `introspection-invalid`.
 */
export function schemaFromIntrospection(json: unknown): GraphQLSchema {
  let text: string | undefined
  let value = json
  if (typeof json === 'string') {
    text = json
    const parsed = parseJsonLocated(json)
    if (!parsed.ok) throw new SchemaInputError({ code: 'json-syntax', message: parsed.message, line: parsed.line, column: parsed.column })
    value = parsed.value
  }
  const { introspection, path } = findSchema(value, text)
  const at = text === undefined ? {} : position(locateJsonPath(text, path))
  if (nestsDeeperThan(introspection)) {
    throw new SchemaInputError({
      code: 'introspection-invalid',
      message: `Not a valid introspection result: it nests deeper than ${MAX_NESTING} levels (a type reference's ofType chain, say); the page stops reading it so it stays responsive.`,
      ...at,
    })
  }
  let schema: GraphQLSchema
  try {
    // buildClientSchema trusts its input's shape only as far as it checks it; anything it trips
    // over (a TypeError on a malformed type ref included) is an invalid introspection result.
    schema = buildClientSchema(introspection)
  } catch (error) {
    throw new SchemaInputError({ code: 'introspection-invalid', message: `Not a valid introspection result: ${messageOf(error)}`, ...at })
  }
  const problems = validateSchema(schema)
  if (problems.length > 0) {
    throw new SchemaInputError({ code: 'introspection-invalid', message: `The introspection result describes an invalid schema: ${summarise(problems)}`, ...at })
  }
  return schema
}

/**
 * Builds a schema from SDL (type definitions, as `printSchema` writes them). Extensions
 * (`extend type`) in the same text are applied.
 *
 * @throws SchemaInputError `empty`, `sdl-syntax` or `sdl-invalid`, located where graphql-js says.
 */
export function schemaFromSDL(text: string): GraphQLSchema {
  if (text.trim() === '') throw new SchemaInputError({ code: 'empty', message: 'The schema text is empty.' })
  const excess = findExcessNesting(text, 'graphql')
  if (excess) throw new SchemaInputError({ code: 'sdl-syntax', message: excessNestingMessage('The schema', excess), ...lineColumn(text, excess.offset) })
  let document
  try {
    document = parse(text)
  } catch (error) {
    throw new SchemaInputError({ code: 'sdl-syntax', message: messageOf(error).replace(/^Syntax Error: /, ''), ...firstLocation(error) })
  }
  const sdlErrors = validateSDL(document)
  const firstSdlError = sdlErrors[0]
  if (firstSdlError) throw new SchemaInputError({ code: 'sdl-invalid', message: summarise(sdlErrors), ...firstLocation(firstSdlError) })
  let schema: GraphQLSchema
  try {
    schema = buildASTSchema(document, { assumeValidSDL: true })
  } catch (error) {
    throw new SchemaInputError({ code: 'sdl-invalid', message: messageOf(error), ...firstLocation(error) })
  }
  const problems = validateSchema(schema)
  const first = problems[0]
  if (first) throw new SchemaInputError({ code: 'sdl-invalid', message: summarise(problems), ...firstLocation(first) })
  return schema
}

/**
 * Accepts either form a user might paste and tells which it was. Text whose first significant
 * character is `{` or `[` is JSON (SDL can never start that way), anything else is SDL; a byte
 * order mark, as some editors save, is ignored.
 *
 * @throws SchemaInputError with a line and column whenever the problem has a place.
 */
export function parseSchemaInput(text: string): ParsedSchemaInput {
  const body = text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text // keep columns: replace, don't remove
  const first = body.trimStart()[0]
  if (first === undefined) throw new SchemaInputError({ code: 'empty', message: 'Paste SDL or an introspection result (JSON).' })
  if (first === '{' || first === '[') return { schema: schemaFromIntrospection(body), format: 'introspection' }
  return { schema: schemaFromSDL(body), format: 'sdl' }
}

function findSchema(value: unknown, text: string | undefined): { introspection: IntrospectionQuery; path: string[] } {
  if (isObject(value)) {
    if (isObject(value.__schema)) return { introspection: value as unknown as IntrospectionQuery, path: ['__schema'] }
    if (isObject(value.data) && isObject(value.data.__schema)) {
      return { introspection: value.data as unknown as IntrospectionQuery, path: ['data', '__schema'] }
    }
    if (Array.isArray(value.errors) && value.errors.length > 0) {
      const messages = value.errors.map((e) => (isObject(e) && typeof e.message === 'string' ? e.message : JSON.stringify(e)))
      throw new SchemaInputError({
        code: 'introspection-errors',
        message: `The server answered with errors instead of a schema (is introspection disabled? paste the SDL instead): ${messages.slice(0, 3).join('; ')}`,
        ...(text === undefined ? {} : position(locateJsonPath(text, ['errors']))),
      })
    }
  }
  throw new SchemaInputError({
    code: 'introspection-shape',
    message: 'Expected an introspection result: {"data": {"__schema": …}} or {"__schema": …}.',
    ...(text === undefined ? {} : { line: 1, column: 1 }),
  })
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function position(at: { line: number; column: number }): { line: number; column: number } {
  return { line: at.line, column: at.column }
}

function firstLocation(error: unknown): { line?: number; column?: number } {
  // Duck-typed: a second copy of graphql-js (CJS next to ESM) would fail an instanceof check.
  const where = typeof error === 'object' && error !== null ? (error as Partial<GraphQLError>).locations?.[0] : undefined
  return where ? { line: where.line, column: where.column } : {}
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** First few validation messages: one is usually the cause, hundreds would bury it. */
function summarise(problems: readonly { message: string }[]): string {
  const shown = problems.slice(0, 3).map((p) => p.message)
  const more = problems.length > shown.length ? ` (and ${problems.length - shown.length} more)` : ''
  return shown.join(' ') + more
}
