/**
 * Send-time substitution of an environment into a request's endpoint, header values and variables
 * JSON (the editors keep showing `{{name}}`), with the first unresolved reference as a located error
 * at the field it was typed in, and the curl view of the same request in which every secret
 * variable is a `"$NAME"` shell reference instead of its value.
 */
import { envVarNameForHeader, type CurlCommand, type CurlEnvVar } from '@/shared/core/http'
import type { BuiltRequest } from '../request/build'
import { preflightFor, toCurlWithEnv } from '../request/curl'
import type { NetworkErrorOutcome } from '../request/send'
import { variableLookup, type Environment } from './environment'
import { substituteReferences, unresolvedMessage, type UnresolvedReference } from './references'

/** The parts of a request that may hold references (`query` only to keep markers unique). */
export interface TemplateInputs<Row extends { id: string; name: string; value: string }> {
  endpoint: string
  variables: string
  headers: readonly Row[]
  /** The GraphQL document: never substituted (`{{` is not GraphQL), but part of the sent body. */
  query: string
}

/** An unresolved reference, at the field it was typed in. */
export interface EnvironmentReferenceError {
  field: 'endpoint' | 'variables' | 'headers'
  message: string
  /** 1-based line in the field's text (1 for one-line fields). */
  line: number
  /** 1-based column in the field's text. */
  column: number
  /** The header row, for `field: 'headers'`. */
  rowId?: string
}

/** A secret variable's marker in the curl view and the shell variable it becomes. */
export interface SecretMarker {
  /** The variable's name in `{{name}}`. */
  name: string
  /** Shell variable the command reads, e.g. `TOKEN`. */
  variable: string
  /** The marker where the value would be (endpoint, headers, inside JSON strings). */
  plain: string
  /** The marker where the value stands outside a JSON string (written as a JSON string `"…"`). */
  bare: string
}

/** What {@link resolveRequest} gives. */
export type ResolvedRequest<Row extends { id: string; name: string; value: string }> =
  | {
      ok: true
      /** The inputs to send: every reference replaced by its value. */
      inputs: TemplateInputs<Row>
      /** The inputs for curl: secret values replaced by {@link SecretMarker}s (see {@link protectCurlCommand}). */
      curlInputs: TemplateInputs<Row>
      /** The secret variables used, in first-use order. */
      secrets: SecretMarker[]
    }
  | { ok: false; error: EnvironmentReferenceError }

/**
 * The shell variable curl reads a secret from: the name in upper case (`token` → `TOKEN`), with an
 * `ENV_` prefix when that would clash with a shell variable (`path` → `ENV_PATH`).
 */
export function shellVariableFor(name: string): string {
  const upper = name.toUpperCase()
  return envVarNameForHeader(upper) === upper ? upper : `ENV_${upper}`
}

/**
 * Substitutes the environment's variables into the endpoint, header values and variables JSON.
 * Without references nothing changes (no environment is needed). The first unresolved reference —
 * in the order endpoint, headers, variables, as the form reads — is the error.
 *
 * @param environment - the active environment; undefined when none is picked.
 */
export function resolveRequest<Row extends { id: string; name: string; value: string }>(
  inputs: TemplateInputs<Row>,
  environment: Environment | undefined,
): ResolvedRequest<Row> {
  const lookup = variableLookup(environment)
  const environmentName = environment?.name.trim()
  const fail = (field: EnvironmentReferenceError['field'], reference: UnresolvedReference, where?: string, rowId?: string): ResolvedRequest<Row> => ({
    ok: false,
    error: { field, message: unresolvedMessage(reference, environmentName, where), line: reference.line, column: reference.column, ...(rowId ? { rowId } : {}) },
  })

  const endpoint = substituteReferences(inputs.endpoint, (name) => lookup.get(name)?.value)
  const firstEndpoint = endpoint.unresolved[0]
  if (firstEndpoint) return fail('endpoint', firstEndpoint, `column ${firstEndpoint.column} of the endpoint`)
  const headers: Row[] = []
  for (const row of inputs.headers) {
    const value = substituteReferences(row.value, (name) => lookup.get(name)?.value)
    const first = value.unresolved[0]
    if (first) return fail('headers', first, `column ${first.column} of the value of header "${row.name.trim() || '(unnamed)'}"`, row.id)
    headers.push({ ...row, value: value.text })
  }
  const variables = substituteReferences(inputs.variables, (name) => lookup.get(name)?.value, { json: true })
  const firstVariable = variables.unresolved[0]
  if (firstVariable) return fail('variables', firstVariable, `line ${firstVariable.line}, column ${firstVariable.column} of the variables`)

  // The curl view: the same substitution, but a secret's value becomes a marker no input contains.
  const texts = [inputs.endpoint, inputs.variables, inputs.query, ...inputs.headers.map((row) => row.value)]
  let base = 'awbsecret'
  while (texts.some((text) => text.toLowerCase().includes(base))) base += 'x'
  const secrets = new Map<string, SecretMarker>()
  const forCurl = (json: boolean) => (name: string, inString: boolean) => {
    const variable = lookup.get(name)
    if (!variable?.secret) return variable?.value
    let marker = secrets.get(name)
    if (!marker) {
      marker = { name, variable: shellVariableFor(name), plain: `${base}${secrets.size}s`, bare: `${base}${secrets.size}r` }
      secrets.set(name, marker)
    }
    return json && !inString ? `"${marker.bare}"` : marker.plain
  }
  const curlInputs: TemplateInputs<Row> = {
    endpoint: substituteReferences(inputs.endpoint, forCurl(false)).text,
    headers: inputs.headers.map((row) => ({ ...row, value: substituteReferences(row.value, forCurl(false)).text })),
    variables: substituteReferences(inputs.variables, forCurl(true), { json: true }).text,
    query: inputs.query,
  }
  return { ok: true, inputs: { endpoint: endpoint.text, headers, variables: variables.text, query: inputs.query }, curlInputs, secrets: [...secrets.values()] }
}

/**
 * Turns the curl command built from `curlInputs` into one that reads each secret variable from the
 * shell: every marker (always inside a single-quoted word) becomes `'"$NAME"'` — close the quote,
 * expand the variable unsplit, reopen — and the variable joins the command's `envVars` (shown as
 * `export NAME=…` lines), named after the `{{name}}` it stands for. Inside a JSON string the shell
 * inserts the value verbatim, so there a value holding `"`, `\` or control characters must be
 * exported JSON-escaped (tokens and keys never do).
 */
export function protectCurlCommand(command: CurlCommand, secrets: readonly SecretMarker[]): CurlCommand {
  let text = command.command
  const used = new Set(command.envVars.map((env) => env.variable))
  const envVars: CurlEnvVar[] = [...command.envVars]
  for (const secret of secrets) {
    if (!text.includes(secret.plain) && !text.includes(secret.bare)) continue
    let variable = secret.variable
    for (let n = 2; used.has(variable); n++) variable = `${secret.variable}_${n}`
    used.add(variable)
    envVars.push({ header: `{{${secret.name}}}`, variable })
    text = text.replaceAll(`"${secret.bare}"`, `'"$${variable}"'`).replaceAll(secret.plain, `'"$${variable}"'`)
  }
  return { command: text, envVars }
}

/**
 * The CORS help of a failed send that used secret environment values, rebuilt from the curl view
 * (`curlRequest`, built from `curlInputs`): "the same request as curl" and the preflight probe read
 * each secret from the shell as `"$NAME"` (with its `export` line) instead of printing its value.
 *
 * @param outcome - the failure as the send reported it (its commands hold the values).
 * @param curlRequest - the request built from {@link ResolvedRequest}'s `curlInputs`.
 * @param options - the secret header rows and the page's origin, as for the send.
 */
export function protectNetworkError(
  outcome: NetworkErrorOutcome,
  curlRequest: BuiltRequest,
  secrets: readonly SecretMarker[],
  options: { secretHeaders?: readonly string[]; pageOrigin?: string } = {},
): NetworkErrorOutcome {
  const curl = protectCurlCommand(toCurlWithEnv(curlRequest, options.secretHeaders ? { secretHeaders: options.secretHeaders } : {}), secrets)
  const preflight = protectCurlCommand({ command: preflightFor(curlRequest, options.pageOrigin).curl, envVars: [] }, secrets)
  return { ...outcome, curl: curl.command, envVars: curl.envVars, preflightCurl: preflight.command }
}
