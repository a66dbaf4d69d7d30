/**
 * Export and import of one environment as JSON, so a team can share the non-secret part:
 * `{"name": "Staging", "variables": [{"name": "baseUrl", "value": "https://…"}, {"name": "token", "secret": true}]}`.
 * Secret values are never written: a secret variable (or an unremembered credential-looking one) is
 * exported by name only, as secret, for the receiver to fill in.
 */
import { parseJsonLocated } from '@/shared/core/json/json-locate'
import { isStorableVariable, type Environment } from './environment'
import { isVariableName } from './references'

/** A variable as exported and imported (no id; a secret one has no value). */
export interface TransferVariable {
  name: string
  value: string
  secret: boolean
}

/** The exported JSON of an environment (2-space indented), secret values left out. */
export function exportEnvironment(environment: Pick<Environment, 'name' | 'variables'>): string {
  const variables = environment.variables
    .filter((variable) => variable.name.trim() !== '')
    .map((variable) => (isStorableVariable(variable) ? { name: variable.name.trim(), value: variable.value } : { name: variable.name.trim(), secret: true }))
  return `${JSON.stringify({ name: environment.name.trim(), variables }, null, 2)}\n`
}

/** A file name for the export: `staging.environment.json`. */
export function exportFileName(name: string): string {
  const words = name.trim().toLowerCase().split(/[^a-z0-9_]+/).filter(Boolean)
  const base = words.join('-')
  return `${base || 'environment'}.environment.json`
}

/** What {@link parseEnvironmentImport} gives: the environment, or why not with its place in the text. */
export type EnvironmentImport =
  | { ok: true; name: string; variables: TransferVariable[] }
  | { ok: false; message: string; line?: number; column?: number }

/** Most variables an import may hold (a pasted file, not a database). */
export const MAX_IMPORTED_VARIABLES = 500

/**
 * Reads an exported environment. Refuses, with a specific message (and line and column for JSON
 * syntax), anything that is not `{name, variables: [{name, value?|secret?}]}`; a `value` given for a
 * secret variable is ignored, so importing someone's file cannot plant a secret in this browser.
 */
export function parseEnvironmentImport(text: string): EnvironmentImport {
  if (text.trim() === '') return { ok: false, message: 'Paste an exported environment (JSON) first.' }
  const parsed = parseJsonLocated(text)
  if (!parsed.ok) return { ok: false, message: `Not valid JSON: ${parsed.message}`, line: parsed.line, column: parsed.column }
  const value = parsed.value
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'Expected an object with "name" and "variables", as Export writes.' }
  }
  const record = value as Record<string, unknown>
  const name = record['name']
  if (typeof name !== 'string' || name.trim() === '') return { ok: false, message: '"name" must be a non-empty string.' }
  const list = record['variables']
  if (!Array.isArray(list)) return { ok: false, message: '"variables" must be a list of {"name", "value"} objects.' }
  if (list.length > MAX_IMPORTED_VARIABLES) return { ok: false, message: `An environment holds at most ${MAX_IMPORTED_VARIABLES} variables; this one has ${list.length}.` }
  const variables: TransferVariable[] = []
  const seen = new Set<string>()
  for (const [i, item] of list.entries()) {
    const at = `variables[${i}]`
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { ok: false, message: `${at} must be an object with "name" and "value".` }
    const entry = item as Record<string, unknown>
    const variableName = entry['name']
    if (typeof variableName !== 'string' || !isVariableName(variableName)) {
      return { ok: false, message: `${at}.name must be a variable name (letters, digits and _, not starting with a digit).` }
    }
    if (seen.has(variableName)) return { ok: false, message: `${at}: "${variableName}" is defined twice.` }
    seen.add(variableName)
    const secret = entry['secret'] === true
    if (entry['secret'] !== undefined && typeof entry['secret'] !== 'boolean') return { ok: false, message: `${at}.secret must be true or false.` }
    const variableValue = entry['value']
    if (!secret && variableValue !== undefined && typeof variableValue !== 'string') return { ok: false, message: `${at}.value must be a string.` }
    variables.push({ name: variableName, value: secret || typeof variableValue !== 'string' ? '' : variableValue, secret })
  }
  return { ok: true, name: name.trim(), variables }
}
