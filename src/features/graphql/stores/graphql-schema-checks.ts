import { computed, type ComputedRef, type Ref } from 'vue'
import { refDebounced } from '@vueuse/core'
import type { GraphQLSchema } from 'graphql'
import {
  mergeVariableSkeleton,
  validateQuery,
  validateVariables,
  variableSkeleton,
  type QueryProblem,
  type VariableProblem,
  type VariablesContext,
} from '@/features/graphql/core/schema'
import type { FieldError } from '../core/tester'
import type { SchemaState } from '@/features/graphql/core/schema/load-status'
import type { useGraphQLInputStore } from './graphql-input'

/** What the schema checks read: the tester's inputs, and the schema in use with its state. */
export interface SchemaChecksSource {
  /** The tester's inputs (query, variables, operation); read, never written. */
  inputs: ReturnType<typeof useGraphQLInputStore>
  /** The schema in use, if any (it may be stale). */
  schema: Readonly<Ref<GraphQLSchema | undefined>>
  /** The schema's state: only a `'ready'` one blocks a Send. */
  state: Readonly<Ref<SchemaState>>
}

/** The query and variables checked against the schema, and what the tester asks of them. */
export interface SchemaChecks {
  /** The query checked against the schema (errors and deprecation warnings), located. */
  queryProblems: ComputedRef<QueryProblem[]>
  /** The variables checked against the operation's declared types, located in the variables text. */
  variableProblems: ComputedRef<VariableProblem[]>
  /** What the variables editor completes and explains from: the schema, the current query and operation. */
  variablesContext: ComputedRef<VariablesContext | undefined>
  /**
   * The first variables problem a fresh schema finds in the current text (not the debounced one),
   * at the variables field: the tester does not send while there is one. A stale schema only
   * advises, so it never blocks.
   */
  variablesBlockingSend: () => FieldError | undefined
  /**
   * The variables text "Fill variables" would produce: the operation's variable definitions (typed
   * by the schema when there is one) merged into the current text, keeping every value already
   * typed. Changes nothing; the tester writes the text. Refuses, with the problem at its field,
   * when the query does not parse or the current text is not a JSON object.
   */
  filledVariables: () => { ok: true; text: string } | { ok: false; error: FieldError }
}

/**
 * The schema store's checks of the query and variables. Call inside the store's setup: the
 * problems are computed on a short pause in typing, while `variablesBlockingSend` and
 * `filledVariables` always read the current text.
 */
export function useSchemaChecks({ inputs, schema, state }: SchemaChecksSource): SchemaChecks {
  const queryText = refDebounced(computed(() => inputs.query), 150)
  const variablesText = refDebounced(computed(() => inputs.variables), 150)
  const operation = computed(() => (inputs.namedOperations.length > 1 ? inputs.operationName || undefined : undefined))

  const queryProblems = computed<QueryProblem[]>(() => (schema.value ? validateQuery(schema.value, queryText.value) : []))

  function variableProblemsOf(variables: string, query: string): VariableProblem[] {
    if (!schema.value) return []
    try {
      return validateVariables(schema.value, query, operation.value, variables)
    } catch {
      return [] // no operation picked yet, or a query that does not parse: reported at those fields
    }
  }
  const variableProblems = computed(() => variableProblemsOf(variablesText.value, queryText.value))
  const variablesContext = computed<VariablesContext | undefined>(() =>
    schema.value ? { schema: schema.value, document: inputs.query, operationName: operation.value } : undefined,
  )

  function variablesBlockingSend(): FieldError | undefined {
    if (state.value !== 'ready') return undefined
    const first = variableProblemsOf(inputs.variables, inputs.query).find((p) => p.severity === 'error')
    return first ? { field: 'variables', message: first.message, line: first.line, column: first.column } : undefined
  }

  function filledVariables(): { ok: true; text: string } | { ok: false; error: FieldError } {
    let skeleton: string
    try {
      skeleton = variableSkeleton(inputs.query, operation.value, schema.value)
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      return { ok: false, error: { field: 'query', message: `Variables not filled: ${message}` } }
    }
    const merged = mergeVariableSkeleton(skeleton, inputs.variables)
    if (!merged.ok) return { ok: false, error: { field: 'variables', message: `Variables not filled: ${merged.message}`, line: merged.line, column: merged.column } }
    return { ok: true, text: merged.text }
  }

  return { queryProblems, variableProblems, variablesContext, variablesBlockingSend, filledVariables }
}
