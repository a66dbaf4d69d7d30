import { computed, ref, shallowRef, watch } from 'vue'
import { defineStore, storeToRefs } from 'pinia'
import { toCurlWithEnv, type BuiltRequest, type GraphQLOutcome } from '@/features/graphql/core/request'
import type { JsonTreeModel } from '@/shared/core/json/json-tree'
import type { JsonPreview } from '@/shared/core/json/json-prefix'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { yieldToEventLoop } from '@/shared/core/yield'
import { outcomeSummary, parseTimeoutInput, rowsToHeaders, secretHeaderNames, type FieldError } from '../core/tester'
import { fieldInsertText } from '@/features/graphql/core/schema'
import { fieldInserted, variablesFilled } from '../core/announcements'
import { sendRequest } from '@/features/graphql/io/graphql-send'
import { useGraphQLHistoryStore } from './graphql-history'
import { pageOrigin, useGraphQLInputStore } from './graphql-input'
import { useGraphQLSchemaStore } from './graphql-schema'
import { useGraphQLEnvironmentsStore } from './graphql-environments'
import { protectCurlCommand, protectNetworkError, type SecretMarker } from '../core/environments'
import { chooseTransport, streamKindOf, toGraphQLWsNodeSnippet, toSseCurl } from '../core/stream'
import { useGraphQLStreamStore, type StreamSnapshot, type StreamTransport } from './graphql-stream'
import { INCREMENTAL_ACCEPT } from '@/features/graphql/io/graphql-stream-runners'

export type { FieldError } from '../core/tester'

/** One tab's last response, as {@link useGraphQLStore} shows it. */
export interface ResponseSnapshot {
  outcome: GraphQLOutcome | undefined
  bodyModel: JsonTreeModel | undefined
  lastRequest: BuiltRequest | undefined
  receivedAt: number
  lastTimeoutMs: number | undefined
  /** The request as curl shows it when secret environment values were used (markers for them). */
  curlView?: CurlView | undefined
  /** The stream, when the last run was one (a subscription or an incremental response). */
  stream?: StreamSnapshot | undefined
  /** Its transport. */
  streamTransport?: StreamTransport | undefined
}

/** The curl view of a request that used secret environment values: undefined request = no curl can hide them. */
interface CurlView {
  request: BuiltRequest | undefined
  secrets: SecretMarker[]
}

/** The curl view from its build: a marker that made the request unbuildable (a secret port) leaves no curl. */
function curlViewOf(built: BuiltRequest | Error, secrets: SecretMarker[]): CurlView {
  return { request: built instanceof Error ? undefined : built, secrets }
}

/**
 * The GraphQL tester: sends the request built from the inputs ({@link useGraphQLInputStore}, whose
 * state and actions this store re-exposes, so views use one store), keeps the request in flight and
 * its outcome, and records each send in the history. Before sending it asks the schema store
 * whether the variables pass (Pinia's composing-stores pattern: the other stores are used inside
 * actions, so nothing reads this store while it is set up).
 */
export const useGraphQLStore = defineStore('graphql', () => {
  const { announce } = useAnnouncer()
  const input = useGraphQLInputStore()
  const { endpoint, query, variables, headers, timeout, operationName, namedOperations, inputError, warnings, headerProblems, saveError, restoreFailure } =
    storeToRefs(input)

  /** Whether a request is in flight. @default false */
  const sending = ref(false)
  /** The outcome of the last request (its `json`, for a large body, is only the shape: see responseShapeFromModel). */
  const outcome = shallowRef<GraphQLOutcome>()
  /** The body as a tree model, when it is JSON. */
  const bodyModel = shallowRef<JsonTreeModel>()
  /** The tree of the start of a large JSON body, shown while the rest arrives and is parsed. */
  const bodyPreview = shallowRef<JsonPreview>()
  /** Set while a received body is being parsed: its size and time, shown first. */
  const formatting = shallowRef<{ sizeBytes: number; durationMs: number }>()
  /** The request that produced `outcome`. */
  const lastRequest = shallowRef<BuiltRequest>()
  /** The curl view of `lastRequest` when it used secret environment values. */
  const curlView = shallowRef<CurlView>()
  /** The last sent request as a curl command; secret headers and secret environment values as `$VARIABLE` references. */
  const lastCurl = computed(() => {
    const view = curlView.value
    const request = view ? view.request : lastRequest.value
    if (!request) return undefined
    const command = toCurlWithEnv(request, { secretHeaders: secretHeaderNames(headers.value) })
    return view ? protectCurlCommand(command, view.secrets) : command
  })
  const { transport: subscriptionTransport } = storeToRefs(input)
  /**
   * Whether the operation as typed would run over WebSocket (a subscription with a ws(s)://
   * endpoint or the WebSocket setting): then headers travel in `connection_init`, and the headers
   * editor says so.
   */
  const sendsOverWebSocket = computed(() => {
    const kind = streamKindOf(query.value, sentOperation())
    if (kind?.operationType !== 'subscription') return false
    return chooseTransport({ operationType: 'subscription', endpoint: endpoint.value, preference: subscriptionTransport.value }) === 'ws'
  })
  /** The transport of the last run when it was a stream; undefined for a plain request. */
  const streamTransport = ref<StreamTransport>()
  /**
   * The last run as a command when it was a stream: SSE and incremental responses as curl (`-N`,
   * read as they arrive), WebSocket as a Node script with graphql-ws (curl has no equivalent).
   * Secrets as `$NAME` / `process.env.NAME`, as in {@link lastCurl}.
   */
  const lastStreamCommand = computed(() => {
    const transport = streamTransport.value
    const view = curlView.value
    const request = view ? view.request : lastRequest.value
    if (!transport || !request) return undefined
    const options = { secretHeaders: secretHeaderNames(headers.value), secrets: view?.secrets ?? [] }
    if (transport === 'ws') return { kind: 'node' as const, ...toGraphQLWsNodeSnippet(request, options) }
    if (transport === 'sse') return { kind: 'curl' as const, ...toSseCurl(request, options) }
    const command = toCurlWithEnv({ ...request, headers: { ...request.headers, Accept: INCREMENTAL_ACCEPT } }, { secretHeaders: options.secretHeaders })
    return { kind: 'curl' as const, ...(view ? protectCurlCommand(command, view.secrets) : command) }
  })
  /** When the last response arrived (for rate-limit countdowns). @default 0 */
  const receivedAt = ref(0)
  /** The timeout of the last request, for the summary. */
  const lastTimeoutMs = ref<number>()
  /** Why "Fill variables" refused (the text is not a JSON object, or the query does not parse), at that field. */
  const fillError = ref<FieldError>()
  /**
   * How many Sends were refused for an input error (`inputError` says which field): the request
   * pane watches it to take the user to that field. @default 0
   */
  const refusedSends = ref(0)
  let controller: AbortController | undefined
  /** A Send is waiting for its task (see `send`). @default false */
  let starting = false
  /** Counts the responses shown by {@link restoreResponse}, so a send can tell its tab was left. */
  let shown = 0

  watch([query, variables], () => (fillError.value = undefined))

  /** The operation the request ran: the one picked, else the document's only (named) operation. */
  function sentOperation(): string | undefined {
    const ops = namedOperations.value
    return ops.length > 1 ? operationName.value || undefined : ops[0]
  }

  /** What the history keeps of the request as sent (header values of secret rows are redacted by the history). */
  function historyEntry(status: number | null, durationMs: number) {
    return {
      endpoint: endpoint.value.trim(),
      ...(sentOperation() ? { operationName: sentOperation() } : {}),
      query: query.value,
      variables: variables.value,
      headers: rowsToHeaders(headers.value),
      secretHeaderNames: secretHeaderNames(headers.value),
      status,
      durationMs,
    }
  }

  /**
   * Validates the endpoint on blur as a Send would see it: `{{host}}/graphql` with the picked
   * environment substituted first, so a reference is never called an invalid URL; a name the
   * environment lacks is said as such, at the field.
   */
  function checkEndpoint(): void {
    if (endpoint.value.trim() === '') return
    const resolved = useGraphQLEnvironmentsStore().resolve({ endpoint: endpoint.value, variables: '', headers: [], query: '' })
    if (resolved.ok) input.checkEndpoint(resolved.inputs.endpoint)
    else inputError.value = resolved.error
  }

  /** Refuses the Send for `error` at its field: shown there, said, and the pane takes the user to it. */
  function refuse(error: FieldError | undefined): void {
    if (error) inputError.value = error
    refusedSends.value++
    void announce(`Not sent: ${inputError.value?.message ?? 'check the inputs'}`)
  }

  /** Sends the request; the outcome (or an input error) lands in the state, and one summary is announced. */
  async function send(): Promise<void> {
    if (sending.value || formatting.value || starting) return
    // The click (or Ctrl+Enter) ends its task at once and the browser paints the pressed button;
    // building the request and rendering "Sending…" (or a refusal) come in the next task, so the
    // two do not add up to one long task. A second Send in between is ignored, and a switch to
    // another request tab in between drops this one (the inputs are that tab's now).
    const shownAtClick = shown
    starting = true
    await yieldToEventLoop()
    starting = false
    if (shown !== shownAtClick) return
    const limit = parseTimeoutInput(timeout.value)
    if (!limit.ok) return refuse({ field: 'timeout', message: limit.message })
    // The environment is substituted here, at send time: the editors, history and links keep `{{name}}`.
    const resolved = useGraphQLEnvironmentsStore().resolve({ endpoint: endpoint.value, variables: variables.value, headers: headers.value, query: query.value })
    if (!resolved.ok) return refuse(resolved.error)
    const request = input.build(resolved.inputs)
    // Don't send what a fresh schema says the server will reject (a stale schema only advises).
    const blocked = request ? useGraphQLSchemaStore().variablesBlockingSend() : undefined
    if (!request || blocked) return refuse(blocked)
    // Secret values go only to the origins the environment is bound to; any other asks first.
    if (!useGraphQLEnvironmentsStore().mayCarrySecrets(resolved.secrets.map((secret) => secret.name), request.url)) return
    const runKind = streamKindOf(query.value, sentOperation())
    const transport = runKind
      ? chooseTransport({ operationType: runKind.operationType, incremental: runKind.incremental, endpoint: resolved.inputs.endpoint, preference: input.transport })
      : 'http'
    if (transport !== 'http') {
      await sendStream(transport, request, resolved.secrets.length ? curlViewOf(input.tryBuild(resolved.curlInputs), resolved.secrets) : undefined)
      return
    }
    useGraphQLStreamStore().restore(undefined)
    streamTransport.value = undefined
    controller = new AbortController()
    const shownAtStart = shown
    sending.value = true
    lastTimeoutMs.value = limit.ms
    void announce('Sending…')
    const origin = pageOrigin()
    // "Sending…" and Cancel render in this task; the request goes out in the next one, so starting
    // the send worker (on the first Send) and posting the request do not lengthen it. A Cancel in
    // between finds the signal aborted: nothing is sent.
    await yieldToEventLoop()
    // In the send worker: it fetches, reads and scans the body, so a 10 MB one never blocks the page.
    const { outcome: final, model } = await sendRequest(request, {
      signal: controller.signal,
      ...(limit.ms !== undefined ? { timeoutMs: limit.ms } : {}),
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      ...(origin ? { pageOrigin: origin } : {}),
      secretHeaders: secretHeaderNames(headers.value),
      onBodyPreview: (preview) => {
        if (shown === shownAtStart) bodyPreview.value = preview
      },
      onReceived: (received) => {
        if (shown !== shownAtStart) return
        // The body is in; the worker is scanning it into the tree (no Cancel for that part, as before).
        sending.value = false
        formatting.value = received
      },
    })
    controller = undefined
    sending.value = false
    formatting.value = undefined
    // Another request tab is shown now (its switch cancelled this one): this outcome is not its.
    if (shown !== shownAtStart) return
    lastRequest.value = request
    curlView.value = resolved.secrets.length ? curlViewOf(input.tryBuild(resolved.curlInputs), resolved.secrets) : undefined
    receivedAt.value = Date.now()
    bodyModel.value = model
    bodyPreview.value = undefined
    // The CORS help's commands were built from the sent values: secrets become `$NAME` there too.
    const curlRequest = curlView.value?.request
    outcome.value =
      final.kind === 'network-error' && curlRequest
        ? protectNetworkError(final, curlRequest, curlView.value?.secrets ?? [], { secretHeaders: secretHeaderNames(headers.value), ...(origin ? { pageOrigin: origin } : {}) })
        : final
    // The history is written in a task of its own, after the outcome has rendered: recording (on the
    // first Send, creating the history store and reading it from localStorage too) is kept out of
    // the task that shows the response.
    await yieldToEventLoop()
    const history = useGraphQLHistoryStore()
    const notSavedBefore = history.saveError?.message
    history.record(historyEntry(final.kind === 'response' ? final.status : null, Math.round(final.durationMs ?? 0)))
    // The announcer says only the latest sentence of a tick: a history that just failed to save
    // (announced by its store a moment ago) is said after the outcome, not instead of it.
    const notSaved = history.saveError?.message
    void announce(notSaved && notSaved !== notSavedBefore ? `${outcomeSummary(final, limit.ms)}. ${notSaved}` : outcomeSummary(final, limit.ms))
  }

  /**
   * Runs a subscription or an incremental query as a stream: the stream store shows it as it
   * arrives; Send stays "Cancel" until it ends, and Cancel (or the view's Stop) stops it.
   */
  async function sendStream(transport: StreamTransport, request: BuiltRequest, view: CurlView | undefined): Promise<void> {
    const stream = useGraphQLStreamStore()
    sending.value = true
    outcome.value = undefined
    bodyModel.value = undefined
    lastRequest.value = request
    curlView.value = view
    streamTransport.value = transport
    receivedAt.value = Date.now()
    lastTimeoutMs.value = undefined
    const stopWatching = watch(
      () => stream.isRunning,
      (running) => {
        if (running) return
        sending.value = false
        stopWatching()
      },
    )
    // A stream has no single status or duration: it is recorded as sent.
    useGraphQLHistoryStore().record(historyEntry(null, 0))
    await stream.start(transport, request)
    if (!stream.isRunning) {
      sending.value = false
      stopWatching()
    }
  }

  /** The last response and what produced it (kept per request tab, in memory). */
  function responseSnapshot(): ResponseSnapshot {
    return {
      outcome: outcome.value,
      bodyModel: bodyModel.value,
      lastRequest: lastRequest.value,
      receivedAt: receivedAt.value,
      lastTimeoutMs: lastTimeoutMs.value,
      curlView: curlView.value,
      stream: useGraphQLStreamStore().snapshot(),
      streamTransport: streamTransport.value,
    }
  }

  /** Shows another tab's last response (none: the empty response pane). */
  function restoreResponse(snapshot: ResponseSnapshot | undefined): void {
    shown += 1
    formatting.value = undefined
    bodyPreview.value = undefined
    outcome.value = snapshot?.outcome
    bodyModel.value = snapshot?.bodyModel
    lastRequest.value = snapshot?.lastRequest
    receivedAt.value = snapshot?.receivedAt ?? 0
    lastTimeoutMs.value = snapshot?.lastTimeoutMs
    curlView.value = snapshot?.curlView
    useGraphQLStreamStore().restore(snapshot?.stream)
    streamTransport.value = snapshot?.streamTransport
    fillError.value = undefined
  }

  /** Cancels the request in flight. */
  function cancel(): void {
    controller?.abort()
    useGraphQLStreamStore().stop()
  }

  /**
   * Fills the variables editor from the operation's variable definitions (typed by the schema when
   * there is one), keeping every value already typed, and says so. When the schema store refuses
   * (the text is not a JSON object, the query does not parse) nothing changes, and the problem is
   * in `fillError`, announced, and returned so the view can focus that editor.
   */
  function fillVariables(): FieldError | undefined {
    const schema = useGraphQLSchemaStore()
    const filled = schema.filledVariables()
    if (!filled.ok) {
      fillError.value = filled.error
      void announce(filled.error.message)
      return filled.error
    }
    variables.value = filled.text
    fillError.value = undefined
    void announce(variablesFilled(schema.schema !== undefined))
    return undefined
  }

  /**
   * Inserts a field picked in the docs explorer (with its arguments and a selection set) at the
   * query editor's cursor, through `insertAtCursor` (the editor is the view's), and says so.
   * Does nothing without a schema.
   */
  function insertField(typeName: string, fieldName: string, insertAtCursor: (text: string) => void): void {
    const index = useGraphQLSchemaStore().docsIndex
    if (!index) return
    insertAtCursor(fieldInsertText(index, typeName, fieldName))
    void announce(fieldInserted(fieldName))
  }

  return {
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
    saveError,
    restoreFailure,
    bodyModel,
    bodyPreview,
    formatting,
    sending,
    outcome,
    lastRequest,
    lastCurl,
    lastStreamCommand,
    streamTransport,
    subscriptionTransport,
    sendsOverWebSocket,
    receivedAt,
    lastTimeoutMs,
    fillError,
    refusedSends,
    examples: input.examples,
    checkEndpoint,
    applyRequest: input.applyRequest,
    prettify: input.prettify,
    loadExample: input.loadExample,
    send,
    cancel,
    responseSnapshot,
    restoreResponse,
    fillVariables,
    insertField,
  }
})
