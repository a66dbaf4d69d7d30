import { computed, ref } from 'vue'
import { defineStore } from 'pinia'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { usePersistedState } from '@/shared/composables/usePersistedState'
import {
  environmentNameProblem,
  exportEnvironment,
  isBlankVariable,
  isStorableVariable,
  originOf,
  exportFileName,
  parseEnvironmentImport,
  persistableEnvironments,
  readPersistedEnvironments,
  resolveRequest,
  unboundSecretSend,
  variableProblems,
  type Environment,
  type EnvironmentVariable,
  type PersistedEnvironments,
  type ResolvedRequest,
  type TemplateInputs,
  type UnboundSecretSend,
} from '../core/environments'

/** localStorage key of the environments (never secret values). */
export const GRAPHQL_ENVIRONMENTS_STORAGE_KEY = 'awb-graphql-environments'

/** Why an import was refused, with its place in the pasted text when it is a JSON syntax error. */
export interface ImportProblem {
  message: string
  line?: number
  column?: number
}

let sequence = 0
/** A fresh id (unique in this page and against stored ones: time-based prefix). */
const newId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(sequence += 1).toString(36)}`

/** A new variable row. */
export function newVariable(name = '', value = '', secret = false): EnvironmentVariable {
  return { id: newId('v'), name, value, secret }
}

/**
 * The GraphQL tester's environments: named variable sets, the one picked in the toolbar, and the
 * send-time substitution ({@link resolve}). Saved in localStorage under
 * {@link GRAPHQL_ENVIRONMENTS_STORAGE_KEY} without secret values (`persistableEnvironments`
 * empties them on every write); secret values live only in this store's memory. Each change the
 * user makes from the editor is announced.
 */
export const useGraphQLEnvironmentsStore = defineStore('graphql-environments', () => {
  const { announce } = useAnnouncer()
  const { state, saveError } = usePersistedState<PersistedEnvironments>(
    GRAPHQL_ENVIRONMENTS_STORAGE_KEY,
    { environments: [], activeId: '' },
    {
      what: 'the environments',
      serializer: { read: readPersistedEnvironments, write: (value) => JSON.stringify(persistableEnvironments(value)) },
      // Another tab's write has no secret values: following it would wipe the ones typed here.
      listenToStorageChanges: false,
    },
  )

  /** Every environment, in the order created. */
  const environments = computed(() => state.value.environments)
  /** The environment picked in the toolbar ('' for none). @default '' */
  const activeId = computed({
    get: () => state.value.activeId,
    set: (id: string) => (state.value.activeId = state.value.environments.some((env) => env.id === id) ? id : ''),
  })
  /** The picked environment, if any. */
  const active = computed(() => state.value.environments.find((env) => env.id === state.value.activeId))
  /** The environment open in the editor ('' when there is none). @default the picked one, else the first */
  const editingId = ref(state.value.activeId || state.value.environments[0]?.id || '')
  /** The environment open in the editor. */
  const editing = computed(() => state.value.environments.find((env) => env.id === editingId.value))
  /** Problems of the edited environment's name (empty or taken). */
  const nameProblem = computed(() =>
    editing.value ? environmentNameProblem(editing.value.name, state.value.environments.filter((env) => env.id !== editingId.value)) : undefined,
  )
  /** Problems of the edited environment's variables, keyed by variable id. */
  const problems = computed(() => (editing.value ? variableProblems(editing.value.variables) : new Map()))
  /** Why the last import was refused; cleared by the next attempt. */
  const importProblem = ref<ImportProblem>()

  const label = (env: Environment) => env.name.trim() || 'Unnamed environment'

  /** A name not yet used: "New environment", "New environment 2", … */
  function freeName(wanted: string): string {
    let name = wanted
    for (let n = 2; environmentNameProblem(name, state.value.environments); n++) name = `${wanted} ${n}`
    return name
  }

  /** Creates an environment (one empty variable row), opens it in the editor and says so. */
  function create(name = 'New environment'): Environment {
    const environment: Environment = { id: newId('e'), name: freeName(name), variables: [newVariable()] }
    state.value.environments.push(environment)
    editingId.value = environment.id
    void announce(`Environment "${environment.name}" created`)
    return environment
  }

  /** Renames an environment (kept as typed even when the name is a problem: the problem is shown at the field). */
  function rename(id: string, name: string): void {
    const environment = state.value.environments.find((env) => env.id === id)
    if (environment) environment.name = name
  }

  /** Replaces an environment's variable rows (the editor emits a new array). */
  function setVariables(id: string, variables: EnvironmentVariable[]): void {
    const environment = state.value.environments.find((env) => env.id === id)
    if (environment) environment.variables = variables
  }

  /** Deletes an environment (unpicking it when it was picked), opens a neighbour in the editor, and says so. */
  function remove(id: string): void {
    const list = state.value.environments
    const index = list.findIndex((env) => env.id === id)
    const environment = list[index]
    if (!environment) return
    list.splice(index, 1)
    if (state.value.activeId === id) state.value.activeId = ''
    if (editingId.value === id) editingId.value = (list[index] ?? list[index - 1])?.id ?? ''
    void announce(`Environment "${label(environment)}" deleted`)
  }

  /** Picks the environment the requests use ('' for none) and says so. */
  function select(id: string): void {
    activeId.value = id
    void announce(active.value ? `Environment "${label(active.value)}" in use` : 'No environment in use')
  }

  /** The edited environment as JSON (secret values left out) and its file name, and says so; undefined without one. */
  function exportEditing(): { json: string; fileName: string } | undefined {
    const environment = editing.value
    if (!environment) return undefined
    const secrets = environment.variables.some((variable) => !isStorableVariable(variable))
    void announce(`Environment "${label(environment)}" exported${secrets ? ' without its secret values' : ''}`)
    return { json: exportEnvironment(environment), fileName: exportFileName(environment.name) }
  }

  /**
   * Adds an environment from exported JSON (a taken name gets a number), opens it in the editor and
   * says so; refused imports leave everything as it was, with the reason in {@link importProblem}.
   */
  function importJson(text: string): boolean {
    const parsed = parseEnvironmentImport(text)
    if (!parsed.ok) {
      const { ok: _, ...problem } = parsed
      importProblem.value = problem
      void announce(`Not imported: ${parsed.message}`)
      return false
    }
    importProblem.value = undefined
    const environment: Environment = {
      id: newId('e'),
      name: freeName(parsed.name),
      variables: parsed.variables.map((v) => newVariable(v.name, v.value, v.secret)),
    }
    state.value.environments.push(environment)
    editingId.value = environment.id
    const secrets = parsed.variables.filter((v) => v.secret).length
    void announce(`Environment "${environment.name}" imported${secrets ? `; fill in its ${secrets === 1 ? 'secret value' : `${secrets} secret values`}` : ''}`)
    return true
  }

  /** A send held back until the user allows its secret values to go to a new origin (the confirm shows it). */
  const originToConfirm = ref<UnboundSecretSend>()

  /**
   * Whether a send to `url` carrying the picked environment's secret variables `secretNames` may go
   * now: true when the environment is bound to that origin (or no secret is used); otherwise the
   * send waits in {@link originToConfirm} for {@link allowOrigin} or {@link refuseOrigin}.
   */
  function mayCarrySecrets(secretNames: readonly string[], url: string): boolean {
    const unbound = unboundSecretSend(active.value, secretNames, url)
    originToConfirm.value = unbound
    if (unbound) {
      void announce(`Not sent yet: confirm sending the secret ${unbound.names.length === 1 ? 'value' : 'values'} of ${unbound.names.map((n) => `{{${n}}}`).join(', ')} to ${unbound.origin}`)
    }
    return unbound === undefined
  }

  /** Binds the picked environment to the origin waiting in {@link originToConfirm} (its secrets may go there from now on). */
  function allowOrigin(): void {
    const origin = originToConfirm.value?.origin
    const environment = active.value
    originToConfirm.value = undefined
    if (!origin || !environment) return
    environment.allowedOrigins = [...new Set([...(environment.allowedOrigins ?? []), origin])]
  }

  /** Drops the held send: nothing goes to that origin, and says so. */
  function refuseOrigin(): void {
    const origin = originToConfirm.value?.origin
    originToConfirm.value = undefined
    if (origin) void announce(`Not sent: the secret values stay away from ${origin}`)
  }

  /**
   * Adds secrets taken out of an imported URL to the picked environment (a new "Imported from curl"
   * one, picked, when none is), bound to `origin`, where they came from.
   * @returns the environment's name.
   */
  function addImportedSecrets(secrets: readonly { name: string; value: string }[], origin: string | undefined): string {
    const environment = active.value ?? create('Imported from curl')
    if (!active.value) state.value.activeId = environment.id
    environment.variables = [...environment.variables.filter((variable) => !isBlankVariable(variable)), ...secrets.map((secret) => newVariable(secret.name, secret.value, true))]
    if (origin) environment.allowedOrigins = [...new Set([...(environment.allowedOrigins ?? []), origin])]
    return label(environment)
  }

  /** Why the last origin typed in the editor was refused; cleared by the next attempt. */
  const originProblem = ref<string>()

  /** Allows an origin typed by the user (`https://api.example.com`, a URL is cut to its origin) for an environment's secrets. */
  function addOrigin(id: string, text: string): boolean {
    const environment = state.value.environments.find((env) => env.id === id)
    const origin = originOf(text)
    if (!environment) return false
    if (!origin) {
      originProblem.value = `"${text.trim()}" is not an origin: write the scheme and host, e.g. https://api.example.com.`
      return false
    }
    originProblem.value = undefined
    environment.allowedOrigins = [...new Set([...(environment.allowedOrigins ?? []), origin])]
    void announce(`${origin} allowed: secrets of "${label(environment)}" may be sent there`)
    return true
  }

  /** Unbinds an origin from an environment: its secrets are no longer sent there without asking. */
  function removeOrigin(id: string, origin: string): void {
    const environment = state.value.environments.find((env) => env.id === id)
    if (!environment?.allowedOrigins) return
    environment.allowedOrigins = environment.allowedOrigins.filter((o) => o !== origin)
    void announce(`${origin} removed: secrets of "${label(environment)}" are no longer sent there without asking`)
  }

  /**
   * The request's endpoint, header values and variables with the picked environment substituted,
   * or the first unresolved `{{name}}` at its field (see `resolveRequest`).
   */
  function resolve<Row extends { id: string; name: string; value: string }>(inputs: TemplateInputs<Row>): ResolvedRequest<Row> {
    return resolveRequest(inputs, active.value)
  }

  return {
    environments,
    activeId,
    active,
    editingId,
    editing,
    nameProblem,
    problems,
    importProblem,
    /** Why the environments could not be saved in this browser; undefined when saved. */
    saveError,
    create,
    rename,
    setVariables,
    remove,
    select,
    exportEditing,
    importJson,
    resolve,
    originToConfirm,
    mayCarrySecrets,
    allowOrigin,
    refuseOrigin,
    removeOrigin,
    addImportedSecrets,
    originProblem,
    addOrigin,
  }
})
