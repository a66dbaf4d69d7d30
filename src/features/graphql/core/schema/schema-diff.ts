/**
 * What changed between two versions of a schema, as graphql-js judges it (`findSchemaChanges`,
 * the function behind its `findBreakingChanges` and `findDangerousChanges`), sorted into three
 * groups: breaking (operations that were valid may now fail), dangerous (they still validate but
 * may behave differently: a new enum value, a changed default) and safe (added types, fields,
 * descriptions). The same rule as graphql-js's own filters decides the group: a change whose kind is
 * one of `BreakingChangeType` is breaking, one of `DangerousChangeType` dangerous, anything else safe.
 */
import { BreakingChangeType, DangerousChangeType, findSchemaChanges, type GraphQLSchema } from 'graphql'
import { countOf } from '../../../../shared/core/format/list'

/** How much a change matters to operations written against the old schema. */
export type SchemaChangeSeverity = 'breaking' | 'dangerous' | 'safe'

/** One change between two schemas. */
export interface SchemaChangeItem {
  severity: SchemaChangeSeverity
  /** graphql-js's kind of change, e.g. `FIELD_REMOVED`, `VALUE_ADDED_TO_ENUM`, `TYPE_ADDED`. */
  type: string
  /** graphql-js's sentence, e.g. `Field User.email was removed.` */
  description: string
}

/** The changes between two schemas, by group, each in graphql-js's order. */
export interface SchemaDiff {
  breaking: SchemaChangeItem[]
  dangerous: SchemaChangeItem[]
  safe: SchemaChangeItem[]
}

/**
 * The group a graphql-js change kind belongs to.
 *
 * @param type - a `SchemaChange['type']`.
 */
export function severityOf(type: string): SchemaChangeSeverity {
  if (Object.hasOwn(BreakingChangeType, type)) return 'breaking'
  if (Object.hasOwn(DangerousChangeType, type)) return 'dangerous'
  return 'safe'
}

/**
 * Compares `oldSchema` with `newSchema`. One synchronous call (graphql-js walks both schemas
 * once); for GitHub's schema it is the single longest step of a re-check.
 *
 * @param oldSchema - the schema operations were written against.
 * @param newSchema - the schema now in use.
 * @returns every change, by group; all three empty when the schemas are the same.
 */
export function diffSchemas(oldSchema: GraphQLSchema, newSchema: GraphQLSchema): SchemaDiff {
  const diff: SchemaDiff = { breaking: [], dangerous: [], safe: [] }
  for (const change of findSchemaChanges(oldSchema, newSchema)) {
    const severity = severityOf(change.type)
    diff[severity].push({ severity, type: change.type, description: change.description })
  }
  return diff
}

/** Whether the diff holds no change at all. */
export function isEmptyDiff(diff: SchemaDiff): boolean {
  return diff.breaking.length === 0 && diff.dangerous.length === 0 && diff.safe.length === 0
}

/**
 * The sentence said when a schema changed, e.g. `Schema changed: 2 breaking changes, 1 saved
 * operation broke`.
 *
 * @param broken - how many saved operations the change broke.
 */
export function schemaChangeSummary(diff: SchemaDiff, broken: number): string {
  const operations = broken === 0 ? 'no saved operation broke' : `${countOf(broken, 'saved operation')} broke`
  return `Schema changed: ${countOf(diff.breaking.length, 'breaking change')}, ${operations}`
}
