import { computed, ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import {
  analyzeDocument,
  buildGraphQLRequest,
  toCurlWithEnv,
  GraphQLInputError,
  prettifyQuery,
  sendGraphQLRequest,
  validateEndpoint,
  type BuildWarning,
  type BuiltRequest,
  type GraphQLInputField,
  type GraphQLOutcome,
} from '@/features/graphql/core/request'
import type { JsonTreeModel } from '@/shared/core/json/json-tree'
import type { RedactedHeader } from '@/features/graphql/core/history'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import {
  defaultEndpoint,
  headerRowProblems,
  newHeaderRow,
  outcomeSummary,
  parseTimeoutInput,
  persistableState,
  readPersistedState,
  rowsToHeaders,
  secretHeaderNames,
  type HeaderRow,
} from '../core/tester'
import { EXAMPLE_REQUESTS, type ExampleRequest } from '../core/examples'
import { readBody, toFieldError } from './graphql-body'
import { useGraphqlHistoryStore } from './graphql-history'

/** localStorage key of the persisted inputs (never secret header values). */
export const GRAPHQL_STORAGE_KEY = 'awb-graphql'

/** An input problem shown at its field; `line`/`column` locate it in editor text. */
export interface FieldError {
  field: GraphQLInputField | 'timeout'
  message: string
  line?: number
  column?: number
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // storage disabled by the browser: the tool still works, nothing persists
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url.trim()).origin
  } catch {
    return undefined
  }
}

function pageOrigin(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.origin
}

/**
 * The GraphQL tester: inputs (persisted, except secret header values), the request in flight and
 * its outcome. Defaults: endpoint = the local demo server when the app runs on localhost, else
 * empty; query/variables = the first example; one `Authorization` row, secret and empty.
 */
export const useGraphqlStore = defineStore('graphql', () => {
  const { announce } = useAnnouncer()
  const saved = readPersistedState(storage()?.getItem(GRAPHQL_STORAGE_KEY) ?? null)
  const first = EXAMPLE_REQUESTS[0]
  const hostname = typeof location === 'undefined' ? '' : location.hostname

  /** The endpoint URL as typed. */
  const endpoint = ref(saved.endpoint ?? defaultEndpoint(hostname, __AWB_DEMO__.graphql))
  /** The GraphQL document. */
  const query = ref(saved.query ?? first?.query ?? '')
  /** Variables as JSON text. */
  const variables = ref(saved.variables ?? first?.variables ?? '')
  /** Header rows; secret values live only here, in memory. */
  const headers = ref<HeaderRow[]>(
    saved.headers?.length ? saved.headers.map((h) => newHeaderRow(h.name, h.value, h.secret)) : [newHeaderRow('Authorization', '', true)],
  )
  /** Timeout in seconds as typed; empty = none. */
  const timeout = ref(saved.timeout ?? '')
  /** The operation to run when the document has several. */
  const operationName = ref('')

  /** The last input error, at its field. */
  const inputError = ref<FieldError>()
  /** Non-blocking remarks of the last build (e.g. an undeclared variable). */
  const warnings = ref<BuildWarning[]>([])
  /** Whether a request is in flight. */
  const sending = ref(false)
  /** The outcome of the last request (its `json`, for a large body, is only the shape: see responseShapeFromModel). */
  const outcome = shallowRef<GraphQLOutcome>()
  /** The body as a tree model, when it is JSON. */
  const bodyModel = shallowRef<JsonTreeModel>()
  /** Set while a received body is being parsed: its size and time, shown first. */
  const formatting = shallowRef<{ sizeBytes: number; durationMs: number }>()
  /** The request that produced `outcome`. */
  const lastRequest = shallowRef<BuiltRequest>()
  /** The last sent request as a curl command; secret headers as `$VARIABLE` references. */
  const lastCurl = computed(() =>
    lastRequest.value ? toCurlWithEnv(lastRequest.value, { secretHeaders: secretHeaderNames(headers.value) }) : undefined,
  )
  /** When the last response arrived (for rate-limit countdowns). */
  const receivedAt = ref(0)
  /** The timeout of the last request, for the summary. */
  const lastTimeoutMs = ref<number>()
  let controller: AbortController | undefined
  const sendChecks: (() => FieldError | undefined)[] = []
  const history = useGraphqlHistoryStore()

  const headerProblems = computed(() => headerRowProblems(headers.value))
  const namedOperations = computed(() => analyzeDocument(query.value).operations.flatMap((op) => (op.name ? [op.name] : [])))

  // Persist on every change; secrets are stripped by persistableState.
  watch(
    [endpoint, query, variables, headers, timeout],
    () => {
      const state = persistableState({ endpoint: endpoint.value, query: query.value, variables: variables.value, headers: headers.value, timeout: timeout.value })
      try {
        storage()?.setItem(GRAPHQL_STORAGE_KEY, JSON.stringify(state))
      } catch {
        // Quota exceeded or storage disabled: keep working without persistence.
      }
    },
    { deep: true },
  )

  // An error disappears once the user edits the field it concerns.
  const clearFor = (field: FieldError['field']) => () => {
    if (inputError.value?.field === field) inputError.value = undefined
  }
  watch(endpoint, clearFor('endpoint'))
  watch(query, clearFor('query'))
  watch(variables, clearFor('variables'))
  watch(timeout, clearFor('timeout'))
  watch(operationName, clearFor('operationName'))

  /** Validates the endpoint alone (on blur), so the message appears at the field before sending. */
  function checkEndpoint(): void {
    if (endpoint.value.trim() === '') return
    try {
      const origin = pageOrigin()
      validateEndpoint(endpoint.value, origin ? { pageOrigin: origin } : {})
      if (inputError.value?.field === 'endpoint') inputError.value = undefined
    } catch (error) {
      if (error instanceof GraphQLInputError) inputError.value = toFieldError(error)
    }
  }

  /** Builds the request, or records the first input error and returns undefined. */
  function build(): BuiltRequest | undefined {
    inputError.value = undefined
    warnings.value = []
    const problem = headerProblems.value.values().next().value
    if (problem) {
      inputError.value = { field: 'headers', message: `Fix the headers: ${problem.message}` }
      return undefined
    }
    const origin = pageOrigin()
    try {
      const ops = namedOperations.value
      const built = buildGraphQLRequest(
        {
          endpoint: endpoint.value,
          query: query.value,
          variables: variables.value,
          headers: rowsToHeaders(headers.value),
          ...(ops.length > 1 && ops.includes(operationName.value) ? { operationName: operationName.value } : {}),
        },
        origin ? { pageOrigin: origin } : {},
      )
      warnings.value = built.warnings ?? []
      return built
    } catch (error) {
      if (error instanceof GraphQLInputError) {
        inputError.value = toFieldError(error)
        return undefined
      }
      throw error
    }
  }

  /** Sends the request; the outcome (or an input error) lands in the state, and one summary is announced. */
  async function send(): Promise<void> {
    if (sending.value || formatting.value) return
    const limit = parseTimeoutInput(timeout.value)
    if (!limit.ok) {
      inputError.value = { field: 'timeout', message: limit.message }
      void announce(`Not sent: ${limit.message}`)
      return
    }
    const request = build()
    const blocked = request ? sendChecks.map((check) => check()).find(Boolean) : undefined
    if (blocked) inputError.value = blocked
    if (!request || blocked) {
      void announce(`Not sent: ${inputError.value?.message ?? 'check the inputs'}`)
      return
    }
    controller = new AbortController()
    sending.value = true
    lastTimeoutMs.value = limit.ms
    void announce('Sending…')
    const origin = pageOrigin()
    const result = await sendGraphQLRequest(request, {
      signal: controller.signal,
      ...(limit.ms !== undefined ? { timeoutMs: limit.ms } : {}),
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      ...(origin ? { pageOrigin: origin } : {}),
      secretHeaders: secretHeaderNames(headers.value),
      // Parsed below, in a worker when large, so a 10 MB body never blocks the page.
      parseJson: false,
    })
    controller = undefined
    sending.value = false
    lastRequest.value = request
    receivedAt.value = Date.now()
    let model: JsonTreeModel | undefined
    let final: GraphQLOutcome = result
    if (result.kind === 'response') {
      formatting.value = { sizeBytes: result.sizeBytes, durationMs: result.durationMs }
      ;({ outcome: final, model } = await readBody(result))
      formatting.value = undefined
    }
    bodyModel.value = model
    outcome.value = final
    void announce(outcomeSummary(final, limit.ms))
    history.record({
      endpoint: endpoint.value.trim(),
      ...(sentOperation() ? { operationName: sentOperation() } : {}),
      query: query.value,
      variables: variables.value,
      headers: rowsToHeaders(headers.value),
      secretHeaderNames: secretHeaderNames(headers.value),
      status: final.kind === 'response' ? final.status : null,
      durationMs: Math.round(final.durationMs ?? 0),
    })
  }

  /** The operation the request ran: the one picked, else the document's only (named) operation. */
  function sentOperation(): string | undefined {
    const ops = namedOperations.value
    return ops.length > 1 ? operationName.value || undefined : ops[0]
  }

  /**
   * Adds a check run before each send (after the inputs build): the first problem it returns is
   * shown at its field and the request is not sent. Used by the schema store for variables.
   */
  function registerSendCheck(check: () => FieldError | undefined): void {
    sendChecks.push(check)
  }

  /**
   * Fills the editors with a request from the history or a share link. Header rows are replaced;
   * a secret header keeps the value typed in this tab only when `keepSecrets` is set and the
   * endpoint's origin is unchanged, so a token never follows a request to another server.
   *
   * @param request - what to fill.
   * @param options.keepSecrets - keep in-memory secret values for the same origin. @default false
   */
  function applyRequest(
    request: { endpoint: string; query: string; variables: string; operationName?: string; headers: readonly RedactedHeader[] },
    options: { keepSecrets?: boolean } = {},
  ): void {
    const sameOrigin = originOf(request.endpoint) !== undefined && originOf(request.endpoint) === originOf(endpoint.value)
    const typed = new Map(headers.value.filter((row) => row.secret).map((row) => [row.name.trim().toLowerCase(), row.value]))
    endpoint.value = request.endpoint
    query.value = request.query
    variables.value = request.variables
    operationName.value = request.operationName ?? ''
    const rows = request.headers.map((h) =>
      newHeaderRow(h.name, h.secret && options.keepSecrets && sameOrigin ? (typed.get(h.name.toLowerCase()) ?? '') : h.value, h.secret),
    )
    headers.value = rows.length ? rows : [newHeaderRow('Authorization', '', true)]
    inputError.value = undefined
    warnings.value = []
  }

  /** Cancels the request in flight. */
  function cancel(): void {
    controller?.abort()
  }

  /**
   * Formats the query. Refuses (with the reason at the field, text untouched) when it does not
   * parse or when printing would drop comments.
   */
  function prettify(): boolean {
    const result = prettifyQuery(query.value)
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

  /** Replaces query and variables with an example (headers and endpoint stay). */
  function loadExample(id: string): ExampleRequest | undefined {
    const example = EXAMPLE_REQUESTS.find((e) => e.id === id)
    if (!example) return undefined
    query.value = example.query
    variables.value = example.variables
    operationName.value = ''
    inputError.value = undefined
    warnings.value = []
    return example
  }

  function addHeader(): HeaderRow {
    const row = newHeaderRow()
    headers.value.push(row)
    return row
  }

  function removeHeader(id: string): void {
    headers.value = headers.value.filter((row) => row.id !== id)
  }

  return {
    bodyModel,
    formatting,
    endpoint,
    query,
    variables,
    headers,
    timeout,
    operationName,
    namedOperations,
    inputError,
    warnings,
    headerProblems,
    sending,
    outcome,
    lastRequest,
    lastCurl,
    receivedAt,
    lastTimeoutMs,
    examples: EXAMPLE_REQUESTS,
    checkEndpoint,
    registerSendCheck,
    applyRequest,
    send,
    cancel,
    prettify,
    loadExample,
    addHeader,
    removeHeader,
  }
})
