/**
 * What the docs explorer's "Insert" puts into the query editor for a field. The rule keeps the
 * document valid or one step from valid, never half-written syntax the user must repair:
 *
 * - a leaf field (scalar or enum) → `name`;
 * - a composite field (object, interface or union) → `name {⏎  ⏎}`: a selection set with a blank
 *   line to type the sub-fields on. graphql-js 17 accepts an empty selection set but older servers
 *   reject it as a syntax error, so the blank line is both where the user types next and an
 *   obvious gap; a bare `name` would be invalid on every server ("must have a selection of subfields");
 * - required arguments (non-null, no default) → `name(id: $id, first: $first)`: one variable per
 *   argument, named after it, since an empty `name(id: )` does not parse and a literal
 *   placeholder (`id: ""`) would be sent as a real value. The validator then reports the
 *   undeclared variables until they are declared, and "Fill variables" writes their values.
 *   Optional arguments are left out, as in the variables skeleton.
 *
 * Both combine: `user(id: $id) {⏎  ⏎}`. The editor puts the cursor on the blank line.
 */
import type { DocsIndex } from './docs'

const COMPOSITE = new Set(['OBJECT', 'INTERFACE', 'UNION'])

/**
 * Selection text for `typeName.fieldName`.
 *
 * @param index - from `docsModel`.
 * @param typeName - the type the field belongs to (an object or interface type).
 * @param fieldName - the field.
 * @returns the text to insert (see the module comment); just `fieldName` when the type or field is
 *   unknown, or when `typeName` is an input object (its fields are not selections).
 */
export function fieldInsertText(index: DocsIndex, typeName: string, fieldName: string): string {
  const owner = index.types.get(typeName)
  const field = owner?.fields.find((f) => f.name === fieldName)
  if (!owner || !field || owner.kind === 'INPUT_OBJECT') return fieldName
  const required = field.args.filter((a) => a.type.endsWith('!') && a.defaultValue === undefined)
  const args = required.length ? `(${required.map((a) => `${a.name}: $${a.name}`).join(', ')})` : ''
  const kind = index.types.get(field.typeName)?.kind
  const selection = kind !== undefined && COMPOSITE.has(kind) ? ' {\n  \n}' : ''
  return `${fieldName}${args}${selection}`
}
