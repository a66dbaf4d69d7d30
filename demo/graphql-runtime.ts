/**
 * The one graphql-js instance of the demo server. graphql 17 ships several builds (export
 * conditions `development`, `module-sync`, `node` …); graphql-yoga and graphql-ws get the one Node
 * resolves, while Vitest's transform of a static `import 'graphql'` in these files gives them a
 * second instance, and graphql-js refuses to mix the two ("Cannot use GraphQLObjectType "User" from
 * another module or realm"). Importing the file Node resolves for this module gives the demo the
 * libraries' own instance, under `npm start` (tsx) and under Vitest alike.
 */
import type * as GraphQL from 'graphql'

const graphql = (await import(/* @vite-ignore */ import.meta.resolve('graphql'))) as typeof GraphQL

export const {
  BREAK,
  execute,
  experimentalExecuteIncrementally,
  GraphQLDeferDirective,
  GraphQLError,
  GraphQLSchema,
  GraphQLStreamDirective,
  Kind,
  OperationTypeNode,
  parse,
  specifiedDirectives,
  validate,
  visit,
} = graphql
