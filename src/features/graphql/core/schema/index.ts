/**
 * Framework-free schema intelligence for the GraphQL tester: the introspection request, building
 * a schema from introspection JSON or SDL (located errors), per-endpoint cache keys that notice a
 * changed token without storing it, variables skeletons and located validation, and the docs
 * explorer's model and search. The schema-change guard (`schema-diff`, `revalidate`) is imported
 * by path, not from here: the page loads it on first use, and a re-export would put it in the page's chunk.
 */
export { schemaCacheKey, endpointOfCacheKey } from './cache-key'
export {
  describeSchemaTypes,
  docsIndexBuilder,
  docsModel,
  docsRoots,
  type DocsIndexBuilder,
  type DocsEnumValue,
  type DocsField,
  type DocsHitKind,
  type DocsIndex,
  type DocsInputValue,
  type DocsSearchHit,
  type DocsType,
  type DocsTypeKind,
} from './docs'
export { docsSearcher, searchSchema } from './docs-search'
export { SchemaInputError, type SchemaInputErrorCode } from './errors'
export { generateLargeSDL } from './generate'
export {
  INTROSPECTION_OPERATION_NAME,
  introspectionRequestBody,
  shouldRetryLegacyIntrospection,
  type IntrospectionRequestBody,
  type IntrospectionRequestOptions,
} from './introspection'
export { locateJsonPath, type JsonPathLocation } from './json-path'
export { selectOperation } from './operation'
export {
  parseSchemaInput,
  schemaInputOf,
  findIntrospection,
  readIntrospection,
  recordSchemaWarnings,
  schemaFromIntrospection,
  schemaFromSDL,
  schemaWarnings,
  type ParsedSchemaInput,
  type ReadIntrospection,
  type SchemaInputFormat,
  type SchemaWarning,
} from './parse'
export { variableSkeleton, type SkeletonOptions } from './skeleton'
export { validateVariables, type VariableProblem } from './validate-variables'
export {
  variableInfoAt,
  variableKeysAt,
  variablesLabel,
  variableTypeAt,
  variableValuesFor,
  type VariableInfo,
  type VariableKeyOption,
  type VariablesContext,
  type VariablesPath,
  type VariableValueOption,
} from './variables-assist'
export { validateQuery, type QueryProblem } from './validate-query'
export { mergeVariableSkeleton, type MergedVariables } from './merge-skeleton'
export { fieldInsertText } from './field-insert'
export { buildClientSchemaInSlices, type SliceOptions } from './build-sliced'
