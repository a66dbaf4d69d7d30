/**
 * A schema's introspection result, for a pasted SDL schema the page builds from (schema-jobs.ts).
 * Its own module, imported on use: graphql-js's `introspectionFromSchema` runs the introspection
 * query through graphql-js's executor, which the page otherwise never downloads (where workers do
 * not exist the jobs run on the page).
 */
import { introspectionFromSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql'

/** `schema`'s introspection result, with every field the introspection query can ask for. */
export function introspectionOf(schema: GraphQLSchema): IntrospectionQuery {
  return introspectionFromSchema(schema)
}
