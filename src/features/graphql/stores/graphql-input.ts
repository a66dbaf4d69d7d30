import { computed, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import {
  analyzeDocument,
  buildGraphQLRequest,
  GraphQLInputError,
  prettifyQuery,
  validateEndpoint,
  type BuildWarning,
  type BuiltRequest,
} from '@/features/graphql/core/request'
import type { RedactedHeader } from '@/features/graphql/core/history'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { usePersistedState } from '@/shared/composables/usePersistedState'
import {
  defaultEndpoint,
  headerRowProblems,
  newHeaderRow,
  persistableState,
  rowsToHeaders,
  toFieldError,
  type FieldError,
  type HeaderRow,
  type PersistedGraphQLState,
} from '../core/tester'
import { restorePersistedState, type RestoreFailure } from '../core/restore'
import { EXAMPLE_REQUESTS, type ExampleRequest } from '../core/examples'
import type { TabRequest } from '../core/request-tabs'
import { httpUrl, type SubscriptionTransportPreference } from '../core/stream'
import { exampleLoaded } from '../core/announcements'

/** The inputs an environment is substituted into (see `resolveRequest`). */
export interface ResolvedInputs {
  endpoint: string
  variables: string
  headers: readonly HeaderRow[]
}

/** localStorage key of the persisted inputs (never secret header values). */
export const GRAPHQL_STORAGE_KEY = 'awb-graphql'

function originOf(url: string): string | undefined {
  try {
    return new URL(url.trim()).origin
  } catch {
    return undefined
  }
}

/** The page's origin, for the mixed-content and localhost checks; undefined in node. */
export function pageOrigin(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.origin
}

/**
 * The GraphQL tester's inputs: what the user typed (saved in localStorage under
 * {@link GRAPHQL_STORAGE_KEY}, except secret header values), the input error shown at its field,
 * and the actions that only edit or check the inputs. Defaults: endpoint = the local demo server
 * when the app runs on localhost, else empty; query/variables = the first example; one
 * `Authorization` row, secret and empty. The schema store reads these; sending lives in
 * `useGraphQLStore`, which also re-exposes all of this.
 */
export const useGraphQLInputStore = defineStore('graphql-input', () => {
  const { announce } = useAnnouncer()
  /** Saved inputs that could not be restored (the tester started clean); shown with their text to copy. */
  const restoreFailure = shallowRef<RestoreFailure>()
  // readPersistedState drops anything malformed, so a hand-edited value can never inject a secret row's value;
  // restorePersistedState sets aside what cannot be read or would throw.
  const read = (raw: string): Partial<PersistedGraphQLState> => {
    const restored = restorePersistedState(raw)
    restoreFailure.value = restored.failure
    return restored.state
  }
  const { state: stored, saveError } = usePersistedState<Partial<PersistedGraphQLState>>(
    GRAPHQL_STORAGE_KEY,
    {},
    { what: 'your request', serializer: { read, write: JSON.stringify }, listenToStorageChanges: false, shallow: true },
  )
  const saved = stored.value
  if (restoreFailure.value) void announce(restoreFailure.value.message)
  const first = EXAMPLE_REQUESTS[0]
  const hostname = typeof location === 'undefined' ? '' : location.hostname

  /** The endpoint URL as typed. */
  const endpoint = ref(saved.endpoint ?? defaultEndpoint(hostname, __AWB_DEMO__.graphql))
  /** The GraphQL document. */
  const query = ref(saved.query ?? first?.query ?? '')
  /** Variables as JSON text. */
  const variables = ref(saved.variables ?? first?.variables ?? '')
  /** Header rows; secret values live only here, in memory. */
  const headers = ref(saved.headers?.length ? saved.headers.map((h) => newHeaderRow(h.name, h.value, h.secret, h.remember)) : [newHeaderRow('Authorization', '', true)])
  /** Timeout in seconds as typed; empty = none. */
  const timeout = ref(saved.timeout ?? '')
  /** The operation to run when the document has several. @default '' */
  const operationName = ref('')
  /** How subscriptions travel: auto (ws(s):// endpoint → WebSocket, else SSE), SSE or WebSocket. @default 'auto' */
  const transport = ref<SubscriptionTransportPreference>('auto')
  /** The last input error, at its field. */
  const inputError = ref<FieldError>()
  /** Non-blocking remarks of the last build (e.g. an undeclared variable). */
  const warnings = ref<BuildWarning[]>([])

  // The same remarks as the last build's are no change: a new but equal list made the editors'
  // diagnostics new too, and each Send re-rendered both editors in the click's task.
  const setWarnings = (next: BuildWarning[]) => {
    if (next.length !== warnings.value.length || JSON.stringify(next) !== JSON.stringify(warnings.value)) warnings.value = next
  }

  const headerProblems = computed(() => headerRowProblems(headers.value))
  const namedOperations = computed(() => analyzeDocument(query.value).operations.flatMap((op) => (op.name ? [op.name] : [])))

  // Save on every change; persistableState strips secret values, so no path can store them.
  watch(
    [endpoint, query, variables, headers, timeout],
    () => {
      stored.value = persistableState({ endpoint: endpoint.value, query: query.value, variables: variables.value, headers: headers.value, timeout: timeout.value })
    },
    { deep: true },
  )

  // An error disappears once the user edits the field it concerns.
  const clearFor = (field: FieldError['field']) => () => {
    if (inputError.value?.field === field) inputError.value = undefined
  }
  // A remark of the last Send about the query or the variables (an undeclared variable) is about
  // both texts as they were: once either changes, the editors' live lint speaks instead, so the
  // same problem is never listed twice or after it is fixed.
  // Compared with the texts of that build, so an edit made in the same tick as a Send keeps them.
  let warnedTexts = { query: '', variables: '' }
  const dropDocumentWarnings = () => {
    if (query.value === warnedTexts.query && variables.value === warnedTexts.variables) return
    if (warnings.value.some((w) => w.field === 'query' || w.field === 'variables'))
      warnings.value = warnings.value.filter((w) => w.field !== 'query' && w.field !== 'variables')
  }
  watch(endpoint, clearFor('endpoint'))
  watch(query, clearFor('query'))
  watch(variables, clearFor('variables'))
  watch([query, variables], dropDocumentWarnings)
  watch(timeout, clearFor('timeout'))
  watch(operationName, clearFor('operationName'))

  /**
   * Validates the endpoint alone (on blur), so the message appears at the field before sending.
   *
   * @param resolved - the endpoint with the environment substituted, as a Send would use it. @default the endpoint as typed
   */
  function checkEndpoint(resolved?: string): void {
    if (endpoint.value.trim() === '') return
    try {
      const origin = pageOrigin()
      validateEndpoint(httpUrl(resolved ?? endpoint.value), origin ? { pageOrigin: origin } : {})
      if (inputError.value?.field === 'endpoint') inputError.value = undefined
    } catch (error) {
      if (error instanceof GraphQLInputError) inputError.value = toFieldError(error)
    }
  }

  /**
   * Builds the request from the typed inputs, or from `resolved` ones (the environment substituted
   * at send time: the editors keep `{{name}}`), or records the first input error and returns undefined.
   */
  function build(resolved?: ResolvedInputs): BuiltRequest | undefined {
    inputError.value = undefined
    const problem = headerProblems.value.values().next().value
    if (problem) {
      setWarnings([])
      inputError.value = { field: 'headers', message: `Fix the headers: ${problem.message}` }
      return undefined
    }
    const built = tryBuild(resolved)
    if (built instanceof GraphQLInputError) {
      setWarnings([])
      inputError.value = toFieldError(built)
      return undefined
    }
    setWarnings(built.warnings ?? [])
    warnedTexts = { query: query.value, variables: variables.value }
    return built
  }

  /** Builds without touching the state (for the curl view of a request): the request, or why not. */
  function tryBuild(resolved?: ResolvedInputs): BuiltRequest | GraphQLInputError {
    const values = resolved ?? { endpoint: endpoint.value, variables: variables.value, headers: headers.value }
    const origin = pageOrigin()
    try {
      const ops = namedOperations.value
      return buildGraphQLRequest(
        {
          // A ws(s):// endpoint (a WebSocket server) is the same server's http(s):// for the request.
          endpoint: httpUrl(values.endpoint),
          query: query.value,
          variables: values.variables,
          headers: rowsToHeaders(values.headers),
          ...(ops.length > 1 && ops.includes(operationName.value) ? { operationName: operationName.value } : {}),
        },
        origin ? { pageOrigin: origin } : {},
      )
    } catch (error) {
      if (error instanceof GraphQLInputError) return error
      throw error
    }
  }

  /**
   * Fills the editors with a request from the history or a share link. Header rows are replaced;
   * a secret header keeps the value typed in this tab only when `keepSecrets` is set and the
   * endpoint's origin is unchanged, so a token never follows a request to another server. The
   * subscription transport changes only when the request carries one (a share link does; history
   * entries do not).
   *
   * @param request - what to fill.
   * @param options.keepSecrets - keep in-memory secret values for the same origin. @default false
   */
  function applyRequest(
    request: {
      endpoint: string
      query: string
      variables: string
      operationName?: string
      headers: readonly RedactedHeader[]
      transport?: SubscriptionTransportPreference
    },
    options: { keepSecrets?: boolean } = {},
  ): void {
    const sameOrigin = originOf(request.endpoint) !== undefined && originOf(request.endpoint) === originOf(endpoint.value)
    const typed = new Map(headers.value.filter((row) => row.secret).map((row) => [row.name.trim().toLowerCase(), row.value]))
    endpoint.value = request.endpoint
    query.value = request.query
    variables.value = request.variables
    operationName.value = request.operationName ?? ''
    if (request.transport) transport.value = request.transport
    const rows = request.headers.map((h) =>
      newHeaderRow(h.name, h.secret && options.keepSecrets && sameOrigin ? (typed.get(h.name.toLowerCase()) ?? h.value) : h.value, h.secret),
    )
    headers.value = rows.length ? rows : [newHeaderRow('Authorization', '', true)]
    inputError.value = undefined
    warnings.value = []
  }

  /**
   * Formats the query, comments kept (prettier, loaded on the first call). Refuses (with the reason
   * at the field, text untouched) when it does not parse, when prettier could not load and printing
   * would drop comments, or when the query was edited while the formatter loaded.
   */
  async function prettify(): Promise<boolean> {
    const before = query.value
    const result = await prettifyQuery(before)
    if (query.value !== before) {
      void announce('Not formatted: the query changed while the formatter loaded; try again')
      return false
    }
    if (result.ok) {
      query.value = result.text
      if (inputError.value?.field === 'query') inputError.value = undefined
      void announce('Query formatted')
      return true
    }
    inputError.value = { field: 'query', message: result.message, line: result.line, column: result.column }
    void announce(`Not formatted: ${result.message}`)
    return false
  }

  /** The whole request as typed, secret values included (in memory only: for the request tabs). */
  function snapshot(): TabRequest {
    return {
      endpoint: endpoint.value,
      query: query.value,
      variables: variables.value,
      headers: headers.value.map(({ name, value, secret }) => ({ name, value, secret })),
      timeout: timeout.value,
      operationName: operationName.value,
      transport: transport.value,
    }
  }

  /** Puts a whole request (another tab's) into the editors, clearing the errors of the one before. */
  function load(request: TabRequest): void {
    endpoint.value = request.endpoint
    query.value = request.query
    variables.value = request.variables
    headers.value = request.headers.length ? request.headers.map((h) => newHeaderRow(h.name, h.value, h.secret)) : [newHeaderRow('Authorization', '', true)]
    timeout.value = request.timeout
    operationName.value = request.operationName
    transport.value = request.transport ?? 'auto'
    inputError.value = undefined
    warnings.value = []
  }

  /** Replaces query and variables with an example (headers and endpoint stay) and says so. */
  function loadExample(id: string): ExampleRequest | undefined {
    const example = EXAMPLE_REQUESTS.find((e) => e.id === id)
    if (!example) return undefined
    query.value = example.query
    variables.value = example.variables
    operationName.value = ''
    inputError.value = undefined
    warnings.value = []
    void announce(exampleLoaded(example.label))
    return example
  }

  return {
    endpoint,
    query,
    variables,
    headers,
    timeout,
    operationName,
    transport,
    namedOperations,
    inputError,
    warnings,
    headerProblems,
    /** Why the inputs could not be saved in this browser (shown at the form); undefined when saved. */
    saveError,
    restoreFailure,
    examples: EXAMPLE_REQUESTS,
    checkEndpoint,
    build,
    tryBuild,
    applyRequest,
    snapshot,
    load,
    prettify,
    loadExample,
  }
})
