/**
 * Environments: named sets of variables (`baseUrl`, `token`) that requests reference as
 * `{{name}}`. A variable can be secret: its value lives in memory only (see
 * {@link persistableEnvironments}), is masked on screen and becomes `$NAME` in curl.
 */
import { credentialKind, isSensitiveHeaderName } from '@/shared/core/http/credentials'
import { isVariableName } from './references'

/** One variable of an environment. */
export interface EnvironmentVariable {
  /** Stable identity for list rendering and focus. */
  id: string
  /** The name used in `{{name}}`. */
  name: string
  /** The value substituted at send time. */
  value: string
  /** Kept in memory only, masked, `$NAME` in curl. @default false */
  secret: boolean
  /**
   * The user chose to save a credential-looking value left unticked ({@link variableCredentialNotice})
   * in this browser anyway, as for header rows. @default false
   */
  remember?: boolean
}

/** A named set of variables. */
export interface Environment {
  /** Stable identity (the picker's value). */
  id: string
  /** The name shown in the picker. */
  name: string
  /** The variables, in the order the user keeps them. */
  variables: EnvironmentVariable[]
  /**
   * The origins (`https://api.example.com`) its secret values may be sent to; a send of a secret to
   * any other origin asks first (see `unboundSecretSend`). @default []
   */
  allowedOrigins?: string[]
}

/** A problem shown at the input it concerns. */
export interface EnvironmentFieldProblem {
  field: 'name' | 'value'
  message: string
}

/**
 * Whether an unticked variable holds a credential by the header rules: a name such as `token`,
 * `api_key`, `password` or a value shaped like a token (`ghp_…`, `Bearer …`, a JWT). Such a value is
 * treated as secret in curl and when choosing origins, and is not saved unless remembered.
 */
export function isCredentialVariable(variable: Pick<EnvironmentVariable, 'name' | 'value' | 'secret'>): boolean {
  if (variable.secret || variable.value.trim() === '') return false
  return credentialKind(variable.value) !== undefined || isSensitiveHeaderName(variable.name)
}

/** The notice under an unticked credential-looking variable, e.g. `This value looks like a GitHub token.`; undefined otherwise. */
export function variableCredentialNotice(variable: Pick<EnvironmentVariable, 'name' | 'value' | 'secret'>): string | undefined {
  if (!isCredentialVariable(variable)) return undefined
  const kind = credentialKind(variable.value)
  return kind ? `This value looks like ${kind}.` : `"${variable.name.trim()}" usually holds a credential.`
}

/** Whether a variable's value may be written to storage or an export: not secret, and not a credential unless remembered. */
export function isStorableVariable(variable: EnvironmentVariable): boolean {
  return !variable.secret && (variable.remember === true || !isCredentialVariable(variable))
}

/** Whether a variable row is blank (ignored). */
export function isBlankVariable(variable: Pick<EnvironmentVariable, 'name' | 'value'>): boolean {
  return variable.name.trim() === '' && variable.value === ''
}

/** Why an environment's name cannot be used (empty, or another environment has it, any case); undefined when it can. */
export function environmentNameProblem(name: string, others: readonly Pick<Environment, 'name'>[]): string | undefined {
  const trimmed = name.trim()
  if (trimmed === '') return 'Enter a name for the environment.'
  const lower = trimmed.toLowerCase()
  return others.some((other) => other.name.trim().toLowerCase() === lower) ? `There is already an environment called "${trimmed}".` : undefined
}

/**
 * Checks each non-blank variable: a valid name (it becomes `{{name}}` and `$NAME`), not used twice
 * (names are case-sensitive, as in the references). Keyed by variable id.
 */
export function variableProblems(variables: readonly EnvironmentVariable[]): Map<string, EnvironmentFieldProblem> {
  const problems = new Map<string, EnvironmentFieldProblem>()
  const seen = new Set<string>()
  for (const variable of variables) {
    if (isBlankVariable(variable)) continue
    const name = variable.name.trim()
    if (name === '') problems.set(variable.id, { field: 'name', message: 'Enter a variable name, or clear the value.' })
    else if (!isVariableName(name)) {
      problems.set(variable.id, { field: 'name', message: `"${name}" is not a variable name: use letters, digits and _ (not starting with a digit).` })
    } else if (seen.has(name)) problems.set(variable.id, { field: 'name', message: `"${name}" is already defined above; keep one.` })
    seen.add(name)
  }
  return problems
}

/** A resolvable variable: its value and whether it is secret. */
export interface ResolvedVariable {
  value: string
  secret: boolean
}

/**
 * The variables of an environment by name, for substitution: rows with a problem (invalid or
 * repeated name) are left out, so a reference to them is reported as unknown.
 */
export function variableLookup(environment: Environment | undefined): Map<string, ResolvedVariable> {
  const lookup = new Map<string, ResolvedVariable>()
  if (!environment) return lookup
  const problems = variableProblems(environment.variables)
  for (const variable of environment.variables) {
    if (isBlankVariable(variable) || problems.has(variable.id)) continue
    lookup.set(variable.name.trim(), { value: variable.value, secret: variable.secret || isCredentialVariable(variable) })
  }
  return lookup
}

/** What is saved in localStorage: everything but secret values. */
export interface PersistedEnvironments {
  environments: Environment[]
  /** The environment picked in the toolbar; '' for none. */
  activeId: string
}

/** The state to store: secret values (and unremembered credential-looking ones) are emptied here, so no code path can persist them. */
export function persistableEnvironments(state: PersistedEnvironments): PersistedEnvironments {
  return {
    activeId: state.activeId,
    environments: state.environments.map((environment) => ({
      id: environment.id,
      name: environment.name,
      variables: environment.variables.map((variable) => ({ ...variable, value: isStorableVariable(variable) ? variable.value : '' })),
      ...(environment.allowedOrigins?.length ? { allowedOrigins: [...environment.allowedOrigins] } : {}),
    })),
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Reads stored environments defensively (an older version's data, or edited by hand): anything
 * malformed is dropped, a stored secret value is never restored, ids are made unique.
 */
export function readPersistedEnvironments(raw: string | null): PersistedEnvironments {
  const empty: PersistedEnvironments = { environments: [], activeId: '' }
  if (!raw) return empty
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return empty
  }
  if (!isRecord(value) || !Array.isArray(value['environments'])) return empty
  const unique = uniqueIds()
  const environments = value['environments'].filter(isRecord).map((environment, e): Environment => ({
    id: unique(environment['id'], `env${e}`),
    ...readOrigins(environment['allowedOrigins']),
    name: typeof environment['name'] === 'string' ? environment['name'] : '',
    variables: (Array.isArray(environment['variables']) ? environment['variables'] : []).filter(isRecord).map((variable, v) => {
      const secret = variable['secret'] === true
      return {
        id: unique(variable['id'], `env${e}v${v}`),
        name: typeof variable['name'] === 'string' ? variable['name'] : '',
        value: !secret && typeof variable['value'] === 'string' ? variable['value'] : '',
        secret,
        ...(variable['remember'] === true ? { remember: true } : {}),
      }
    }),
  }))
  const activeId = typeof value['activeId'] === 'string' && environments.some((env) => env.id === value['activeId']) ? value['activeId'] : ''
  return { environments, activeId }
}

/**
 * Gives each id once: a repeat becomes `id_2`, `id_3`… (the first number not taken). Each base
 * remembers the last number it gave, so n repeats of one id cost n steps, not n².
 */
function uniqueIds(): (id: unknown, fallback: string) => string {
  const taken = new Set<string>()
  const lastNumber = new Map<string, number>()
  return (id, fallback) => {
    const base = typeof id === 'string' && id !== '' ? id : fallback
    let candidate = base
    if (taken.has(candidate)) {
      let n = lastNumber.get(base) ?? 1
      do candidate = `${base}_${++n}`
      while (taken.has(candidate))
      lastNumber.set(base, n)
    }
    taken.add(candidate)
    return candidate
  }
}

/** Stored allowed origins: only strings that are an origin themselves (`https://host[:port]`). */
function readOrigins(value: unknown): Pick<Environment, 'allowedOrigins'> {
  if (!Array.isArray(value)) return {}
  const origins = value.filter((origin): origin is string => typeof origin === 'string' && originOf(origin) === origin)
  return origins.length ? { allowedOrigins: [...new Set(origins)] } : {}
}

/** The origin of a URL (`https://api.example.com:8443`), or undefined when it has none (not http(s) or ws(s)). */
export function originOf(url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return undefined
  }
  return ['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol) ? parsed.origin : undefined
}

/** What {@link unboundSecretSend} finds: secret variables a send would carry to an origin they are not bound to. */
export interface UnboundSecretSend {
  /** The origin the request goes to. */
  origin: string
  /** The secret variables' names, as `{{name}}` references them. */
  names: string[]
}

/**
 * Whether a request to `url` carrying the secret variables `secretNames` of `environment` needs the
 * user's consent first: secret values go only to the origins the environment is bound to, so a
 * shared link (or a typo) pointing at another server cannot collect them. A URL without an origin is
 * treated as a new origin.
 */
export function unboundSecretSend(environment: Pick<Environment, 'allowedOrigins'> | undefined, secretNames: readonly string[], url: string): UnboundSecretSend | undefined {
  if (secretNames.length === 0) return undefined
  const origin = originOf(url) ?? url.trim()
  if (environment?.allowedOrigins?.includes(origin)) return undefined
  return { origin, names: [...new Set(secretNames)] }
}
