/**
 * Turning what the user has into a `GraphQLSchema`: an introspection result (from "Load schema"
 * or pasted), or SDL pasted for endpoints that disable introspection. Only input graphql-js cannot
 * build a schema from is refused, as a {@link SchemaInputError} with a position when there is one.
 * A schema that builds but breaks a rule of the spec's type system (graphql-js's `validateSchema`
 * and the SDL rules) is used anyway, with each problem kept as a {@link SchemaWarning}: real
 * servers ship such schemas (GitHub's deprecates implementation fields its interfaces do not) and
 * answer queries against them, so a client must work with them too. Such a schema is marked
 * valid (`assumeValid`), so query validation, completion and lint do not throw on it later.
 */
import {
  type GraphQLError,
  GraphQLSchema,
  buildASTSchema,
  buildClientSchema,
  parse,
  validateSchema,
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
  /** What the schema breaks of the spec's type system; it is used all the same. `[]` when nothing. */
  warnings: readonly SchemaWarning[]
}

/**
 * A rule of the spec's type system that a schema breaks, found by graphql-js (`validateSchema`, or
 * the SDL rules for pasted SDL), in graphql-js's words. The schema is still used.
 */
export interface SchemaWarning {
  message: string
  /** 1-based line in the pasted SDL, when the problem has a place there (never for introspection). @default undefined */
  line?: number
  /** 1-based column in the pasted SDL, with `line`. @default undefined */
  column?: number
}

const warningsBySchema = new WeakMap<GraphQLSchema, readonly SchemaWarning[]>()

/**
 * The problems found when the schema was built by {@link schemaFromIntrospection},
 * {@link schemaFromSDL} or {@link parseSchemaInput}; `[]` for a schema that has none or was built
 * elsewhere.
 *
 * @param schema - a schema built by this module.
 */
export function schemaWarnings(schema: GraphQLSchema): readonly SchemaWarning[] {
  return warningsBySchema.get(schema) ?? []
}

/**
 * The schema to use: `schema` itself when graphql-js finds nothing wrong with it, else a copy
 * marked valid (same type objects) so `validate` and the language service accept it, with the
 * problems (and any from the SDL rules) recorded as its warnings.
 */
function lenient(schema: GraphQLSchema, sdlProblems: readonly GraphQLError[] = []): GraphQLSchema {
  const problems = [...sdlProblems, ...validateSchema(schema)]
  if (problems.length === 0) return schema
  const usable = new GraphQLSchema({ ...schema.toConfig(), assumeValid: true })
  warningsBySchema.set(usable, problems.map((p) => ({ message: p.message, ...firstLocation(p) })))
  return usable
}

/**
 * Builds a schema from an introspection result: a whole GraphQL response `{data: {__schema}}`
 * or the bare `{__schema}`, as an object or as JSON text (text gets located errors). What
 * `validateSchema` finds is not an error: read it with {@link schemaWarnings}.
 *
 * @throws SchemaInputError `json-syntax`, `introspection-shape`, `introspection-errors` or `introspection-invalid`.
 */
export function schemaFromIntrospection(json: unknown): GraphQLSchema {
  return readIntrospection(json).schema
}

/** What {@link readIntrospection} gives: the schema and the introspection result it was built from. */
export interface ReadIntrospection {
  /** The bare `{__schema}`, checked: `buildClientSchema` builds it. */
  introspection: IntrospectionQuery
  /** As {@link schemaFromIntrospection} returns it. */
  schema: GraphQLSchema
  warnings: readonly SchemaWarning[]
}

/**
 * {@link schemaFromIntrospection}, also giving the introspection result found in `json` and the
 * schema's warnings: what the schema worker hands the page, which then builds its own copy of the
 * schema in slices (`buildClientSchemaInSlices`) without checking it again.
 *
 * @throws SchemaInputError as {@link schemaFromIntrospection}.
 */
export function readIntrospection(json: unknown): ReadIntrospection {
  const { introspection, at } = locateIntrospection(json)
  let schema: GraphQLSchema
  try {
    // buildClientSchema trusts its input's shape only as far as it checks it; anything it trips
    // over (a TypeError on a malformed type ref included) is an invalid introspection result.
    schema = buildClientSchema(introspection)
  } catch (error) {
    throw new SchemaInputError({ code: 'introspection-invalid', message: `Not a valid introspection result: ${messageOf(error)}`, ...at })
  }
  const usable = lenient(schema)
  return { introspection, schema: usable, warnings: schemaWarnings(usable) }
}

/**
 * The introspection result in `json` (a GraphQL response or the bare `{__schema}`, as an object
 * or JSON text), not yet built: the checks of {@link schemaFromIntrospection} that come before
 * graphql-js's.
 *
 * @throws SchemaInputError `json-syntax`, `introspection-shape`, `introspection-errors`, or
 *   `introspection-invalid` for one nested past the page's limit.
 */
export function findIntrospection(json: unknown): IntrospectionQuery {
  return locateIntrospection(json).introspection
}

function locateIntrospection(json: unknown): { introspection: IntrospectionQuery; at: { line?: number; column?: number } } {
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
  return { introspection, at }
}

/**
 * Records `warnings` as the problems of `schema` (read back with {@link schemaWarnings}): for a
 * schema built elsewhere from an introspection result this module checked.
 */
export function recordSchemaWarnings(schema: GraphQLSchema, warnings: readonly SchemaWarning[]): void {
  if (warnings.length > 0) warningsBySchema.set(schema, warnings)
}

/**
 * Builds a schema from SDL (type definitions, as `printSchema` writes them). Extensions
 * (`extend type`) in the same text are applied. SDL that breaks a rule but still builds (a field
 * defined twice, an implementation field deprecated where its interface's is not) is used, with
 * the problems as {@link schemaWarnings}.
 *
 * @throws SchemaInputError `empty`, `sdl-syntax`, or `sdl-invalid` when no schema can be built
 *   from it (a type that is never defined, say), located where graphql-js says.
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
  let schema: GraphQLSchema
  try {
    schema = buildASTSchema(document, { assumeValidSDL: true })
  } catch (error) {
    // The SDL rules name the cause with its place; the builder's own message is the fallback.
    const first = sdlErrors[0]
    if (first) throw new SchemaInputError({ code: 'sdl-invalid', message: summarise(sdlErrors), ...firstLocation(first) })
    throw new SchemaInputError({ code: 'sdl-invalid', message: messageOf(error), ...firstLocation(error) })
  }
  return lenient(schema, sdlErrors)
}

/**
 * Accepts either form a user might paste and tells which it was. Text whose first significant
 * character is `{` or `[` is JSON (SDL can never start that way), anything else is SDL; a byte
 * order mark, as some editors save, is ignored.
 *
 * @throws SchemaInputError with a line and column whenever the problem has a place.
 */
export function parseSchemaInput(text: string): ParsedSchemaInput {
  const { body, format } = schemaInputOf(text)
  const schema = format === 'introspection' ? schemaFromIntrospection(body) : schemaFromSDL(body)
  return { schema, format, warnings: schemaWarnings(schema) }
}

/**
 * What {@link parseSchemaInput} reads `text` as, without reading it: the form (JSON when the first
 * significant character is `{` or `[`, else SDL) and the text to parse (a leading byte order mark
 * replaced by a space, so columns stay). For the schema worker, which parses a paste off the page.
 *
 * @throws SchemaInputError `empty` for blank text.
 */
export function schemaInputOf(text: string): { body: string; format: SchemaInputFormat } {
  const body = text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text // keep columns: replace, don't remove
  const first = body.trimStart()[0]
  if (first === undefined) throw new SchemaInputError({ code: 'empty', message: 'Paste SDL or an introspection result (JSON).' })
  return { body, format: first === '{' || first === '[' ? 'introspection' : 'sdl' }
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
