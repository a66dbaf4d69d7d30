/**
 * What the docs explorer shows, computed from the core model (`../core/schema/docs.ts`): which
 * view a navigation stack names, the rows of its lists, and where a search hit leads. Plain
 * functions, so the components stay small and this stays testable without a DOM.
 */
import type { InjectionKey, Ref } from 'vue'
import type { DocsField, DocsIndex, DocsInputValue, DocsSearchHit, DocsType, DocsTypeKind } from '@/features/graphql/core/schema'
import type { HeadingLevel } from '@/shared/ui/heading-level'

/** One styled run of a row's main line. */
export interface DocsPart {
  text: string
  /** How it is coloured: a field/type/value name, an argument name, a type reference, a default, punctuation. */
  tone: 'name' | 'arg' | 'type' | 'value' | 'punct'
}

/** One row of a docs list: what it shows and what Enter / Shift+Enter do on it. */
export interface DocsRow {
  /** Unique in its view; used to put focus back on it after "back". */
  key: string
  /** The main line (also the row's accessible name, with the deprecation tag). */
  parts: DocsPart[]
  /** Type-ahead matches this (the bare name). */
  name: string
  /** A short qualifier after the main line: the kind of a type, the kind and type of a search hit. */
  meta?: string
  /** Where a search hit is: "Query › repository". */
  path?: string
  deprecated?: boolean
  /** The deprecation reason. */
  reason?: string
  /** The first paragraph of the description. */
  description?: string
  /** What Enter (and a click) does; no target → nothing. */
  open?: DocsTarget
  /** What Shift+Enter (and Shift+click) inserts. */
  insert?: DocsInsert
}

/** A field to insert at the query editor's cursor. */
export interface DocsInsert {
  typeName: string
  fieldName: string
}

/** A navigation: entries to push onto the stack, and the row to focus in the new view. */
export interface DocsTarget {
  push: string[]
  focusKey?: string
}

/** The props every docs view (root, type, field) takes besides what it shows. */
export interface DocsViewProps {
  /** Whether fields can be inserted into the query now. */
  canInsert: boolean
  /** Id of the panel's keyboard hint. */
  hintId: string
  /** Level of the view's heading (its sections get the next one). @default 3 */
  headingLevel?: HeadingLevel
}

/** The events of every docs view. */
export interface DocsViewEmits {
  /** Open another view; `from` is the row it was opened from (focus returns there on "back"). */
  navigate: [target: DocsTarget, from: string]
  /** Insert a field at the query editor's cursor. */
  insert: [payload: DocsInsert]
}

/** What the stack's last entry names. */
export type DocsView =
  | { kind: 'root' }
  | { kind: 'type'; type: DocsType; focusKey?: string }
  | { kind: 'field'; type: DocsType; field: DocsField }
  | { kind: 'missing'; entry: string; typeName?: string; fieldName?: string }

/** The docs panel's scrolling element, for lists that render only the rows in view. */
export const DOCS_SCROLLER: InjectionKey<Ref<HTMLElement | undefined>> = Symbol('docs-scroller')

const KIND_WORD: Record<DocsTypeKind, string> = {
  OBJECT: 'object',
  INTERFACE: 'interface',
  UNION: 'union',
  ENUM: 'enum',
  INPUT_OBJECT: 'input',
  SCALAR: 'scalar',
}
const KIND_TITLE: Record<DocsTypeKind, string> = {
  OBJECT: 'Object type',
  INTERFACE: 'Interface',
  UNION: 'Union',
  ENUM: 'Enum',
  INPUT_OBJECT: 'Input object',
  SCALAR: 'Scalar',
}

/** "object", "input", … — short, for rows. */
const kindWord = (kind: DocsTypeKind): string => KIND_WORD[kind]
/** "Object type", "Input object", … — for a type's own view. */
export const kindTitle = (kind: DocsTypeKind): string => KIND_TITLE[kind]

/** Splits a stack entry: `Query.user` → type `Query`, field `user`; `Query` → type only. */
function parseEntry(entry: string): { typeName: string; fieldName?: string } {
  const dot = entry.indexOf('.')
  return dot < 0 ? { typeName: entry } : { typeName: entry.slice(0, dot), fieldName: entry.slice(dot + 1) }
}

/** Which view the stack shows; an entry the schema does not have (any more) is `missing`, never a throw. */
export function resolveView(index: DocsIndex, stack: readonly string[]): DocsView {
  const entry = stack[stack.length - 1]
  if (entry === undefined) return { kind: 'root' }
  const { typeName, fieldName } = parseEntry(entry)
  const type = index.types.get(typeName)
  if (!type) return { kind: 'missing', entry }
  if (fieldName === undefined) return { kind: 'type', type }
  const field = type.fields.find((f) => f.name === fieldName)
  if (field) return { kind: 'field', type, field }
  // `Enum.VALUE` is a place too: the enum, with that value focused.
  if (type.enumValues.some((v) => v.name === fieldName)) return { kind: 'type', type, focusKey: `value:${fieldName}` }
  return { kind: 'missing', entry, typeName, fieldName }
}

/** The breadcrumb text of an entry: a field entry right after its own type shows only the field name. */
export function crumbLabel(stack: readonly string[], at: number): string {
  const entry = stack[at] ?? ''
  const { typeName, fieldName } = parseEntry(entry)
  return fieldName !== undefined && stack[at - 1] === typeName ? fieldName : entry
}

/** The first paragraph of a (Markdown) description, as plain text for a one-line summary. */
export function firstParagraph(text: string | undefined): string | undefined {
  if (!text) return undefined
  const first = text.trim().split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').trim()
  return first || undefined
}

/** `name: Type = default`, as parts. */
function inputValueParts(value: DocsInputValue): DocsPart[] {
  const parts: DocsPart[] = [
    { text: value.name, tone: 'arg' },
    { text: ': ', tone: 'punct' },
    { text: value.type, tone: 'type' },
  ]
  if (value.defaultValue !== undefined) parts.push({ text: ' = ', tone: 'punct' }, { text: value.defaultValue, tone: 'value' })
  return parts
}

/** `name(arg: Type, …): Type`, as parts. */
export function fieldParts(field: DocsField): DocsPart[] {
  const parts: DocsPart[] = [{ text: field.name, tone: 'name' }]
  if (field.args.length > 0) {
    parts.push({ text: '(', tone: 'punct' })
    field.args.forEach((arg, i) => {
      if (i > 0) parts.push({ text: ', ', tone: 'punct' })
      parts.push(...inputValueParts(arg))
    })
    parts.push({ text: ')', tone: 'punct' })
  }
  parts.push({ text: ': ', tone: 'punct' }, { text: field.type, tone: 'type' })
  return parts
}

const deprecation = (item: { deprecated: boolean; deprecationReason?: string }) =>
  item.deprecated ? { deprecated: true, reason: item.deprecationReason ?? 'No longer supported' } : {}

/** A field (or input field) of `type`, in its type view. */
export function fieldRow(type: DocsType, field: DocsField, canInsert: boolean): DocsRow {
  const selectable = type.kind === 'OBJECT' || type.kind === 'INTERFACE'
  return {
    key: `field:${field.name}`,
    name: field.name,
    parts: selectable ? fieldParts(field) : inputValueParts(field),
    description: firstParagraph(field.description),
    ...deprecation(field),
    open: { push: [`${type.name}.${field.name}`] },
    insert: selectable && canInsert ? { typeName: type.name, fieldName: field.name } : undefined,
  }
}

/** An argument in a field view: Enter opens the argument's type. */
export function argumentRow(arg: DocsInputValue): DocsRow {
  return {
    key: `arg:${arg.name}`,
    name: arg.name,
    parts: inputValueParts(arg),
    description: firstParagraph(arg.description),
    ...deprecation(arg),
    open: { push: [arg.typeName] },
  }
}

/** A value in an enum's view (nothing to open). */
export function enumValueRow(value: DocsType['enumValues'][number]): DocsRow {
  return {
    key: `value:${value.name}`,
    name: value.name,
    parts: [{ text: value.name, tone: 'value' }],
    description: firstParagraph(value.description),
    ...deprecation(value),
  }
}

/** A type name in a list (all types, implements, members); `keyPrefix` keeps keys unique per view. */
export function typeRow(index: DocsIndex, name: string, keyPrefix = 'type', meta?: string): DocsRow {
  const type = index.types.get(name)
  const kind = type ? kindWord(type.kind) + (type.builtIn ? ', built-in' : '') : undefined
  return {
    key: `${keyPrefix}:${name}`,
    name,
    parts: [{ text: name, tone: 'type' }],
    meta: meta ?? kind,
    open: { push: [name] },
  }
}

/** Types A–Z with the built-in scalars last (they are rarely what one looks for). */
export function allTypeNames(index: DocsIndex): string[] {
  const own: string[] = []
  const builtIn: string[] = []
  for (const name of index.typeNames) (index.types.get(name)?.builtIn ? builtIn : own).push(name)
  return [...own, ...builtIn]
}

const HIT_KIND: Record<DocsSearchHit['kind'], string> = {
  type: 'type',
  field: 'field',
  'input-field': 'input field',
  argument: 'argument',
  'enum-value': 'enum value',
}

/** Where a search hit leads: a type → it; a field or argument → the field's view; an enum value → its enum. */
export function hitTarget(hit: DocsSearchHit): DocsTarget {
  const [typeName = '', fieldName, argName] = hit.path
  if (hit.kind === 'type') return { push: [typeName] }
  if (hit.kind === 'enum-value') return { push: [typeName], focusKey: `value:${fieldName}` }
  const target: DocsTarget = { push: [typeName, `${typeName}.${fieldName}`] }
  if (hit.kind === 'argument') target.focusKey = `arg:${argName}`
  return target
}

/** A search result row; a field of an object or interface can be inserted (Shift+Enter). */
export function hitRow(index: DocsIndex, hit: DocsSearchHit, canInsert: boolean): DocsRow {
  const detail = hit.kind === 'type' ? kindWord(index.types.get(hit.name)?.kind ?? 'OBJECT') : hit.detail
  const [typeName = '', fieldName = ''] = hit.path
  const owner = index.types.get(typeName)?.kind
  const insertable = canInsert && hit.kind === 'field' && (owner === 'OBJECT' || owner === 'INTERFACE')
  return {
    key: `hit:${hit.kind}:${hit.path.join('.')}`,
    name: hit.name,
    parts: [{ text: hit.name, tone: hit.kind === 'argument' ? 'arg' : hit.kind === 'enum-value' ? 'value' : hit.kind === 'type' ? 'type' : 'name' }],
    meta: `${HIT_KIND[hit.kind]} · ${detail}`,
    path: hit.path.length > 1 ? hit.path.join(' › ') : undefined,
    ...(hit.deprecated ? { deprecated: true } : {}),
    open: hitTarget(hit),
    insert: insertable ? { typeName, fieldName } : undefined,
  }
}

/** The root operation types, as rows ("Query — query root"). */
export function rootRows(index: DocsIndex): DocsRow[] {
  const rows: DocsRow[] = []
  for (const operation of ['query', 'mutation', 'subscription'] as const) {
    const name = index.roots[operation]
    if (name === undefined) continue
    rows.push({ ...typeRow(index, name, 'root', `${operation} root`), description: firstParagraph(index.types.get(name)?.description) })
  }
  return rows
}

/**
 * A virtual row's height before it is measured, from what it shows and the list's width (mono
 * 13 px ≈ 7.8 px a character, text 13 px ≈ 6.5, lines 19.5 px, 13 px of padding and border; see
 * DocsList's CSS). Close estimates keep the scrollbar steady and "End" landing on the last row.
 */
export function estimateRowHeight(row: DocsRow | undefined, width: number): number {
  if (!row) return 36
  const avail = Math.max(120, width - 22)
  const lines = (px: number) => Math.max(1, Math.ceil(px / avail))
  const label = row.parts.reduce((n, p) => n + p.text.length, 0) * 7.8
  let count = lines(label + (row.deprecated ? 90 : 0) + (row.meta ? row.meta.length * 6.5 + 8 : 0))
  if (row.path) count += lines(row.path.length * 6.5)
  if (row.reason) count += lines(row.reason.length * 6.5)
  if (row.description) count += Math.min(2, lines(row.description.length * 6.5))
  return Math.max(36, Math.round(13 + count * 19.5 + (count - 1) * 2))
}
