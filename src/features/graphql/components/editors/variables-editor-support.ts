/**
 * Schema intelligence for the variables editor (JSON): completion of the declared variable names,
 * input fields, enum values and booleans at the cursor, and a hover tooltip with a key's GraphQL
 * type. What to offer comes from core `variableKeysAt` / `variableValuesFor` / `variableInfoAt`,
 * the same types `validateVariables` lints with (the lint reaches the editor as diagnostics, so
 * every problem is also listed as text). Lives in the GraphQL feature, so only the GraphQL route
 * downloads it.
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete'
import { jsonLanguage } from '@codemirror/lang-json'
import type { Extension } from '@codemirror/state'
import { hoverTooltip, type Tooltip } from '@codemirror/view'
import { jsonCursorAt, jsonKeyAt, jsonTokenEnd } from '@/shared/core/json/json-cursor'
import { variableInfoAt, variableKeysAt, variableTypeAt, variableValuesFor, type VariablesContext } from '@/features/graphql/core/schema'
import { hoverContent, optionNameSeparator, schemaSupportTheme } from './graphql-schema-support'

/** Reads the request the variables belong to at the moment of use; `undefined` while there is no schema. */
export type VariablesContextSource = () => VariablesContext | undefined

/** A pane under the selected option with its description (the option's `aria-describedby` points at it). */
function info(text: string | undefined): Completion['info'] {
  if (!text) return undefined
  return () => {
    const pane = document.createElement('div')
    pane.className = 'awb-completion-info'
    pane.appendChild(document.createElement('p')).textContent = text
    return pane
  }
}

/**
 * The completion source: at a key, the keys allowed in that object (in declaration order); at a
 * value, the values its type takes (deprecated enum values last). A key is inserted with its
 * colon unless one follows already. Runs on typing only once something is typed; Ctrl+Space asks
 * anywhere.
 *
 * @param source - the current request.
 */
export function variablesCompletionSource(source: VariablesContextSource) {
  return (context: CompletionContext): CompletionResult | null => {
    const request = source()
    if (!request) return null
    const text = context.state.doc.toString()
    const cursor = jsonCursorAt(text, context.pos)
    if (!cursor || (!context.explicit && cursor.from === context.pos)) return null
    // The whole token is replaced (editing inside `"na|me"` gives `"name"`, not `"namee"`), but only
    // what is typed before the cursor filters: CodeMirror would filter by the whole range, so it
    // does not filter here, and the source is asked again on each key (no `validFor`).
    const to = Math.max(context.pos, jsonTokenEnd(text, cursor.from))
    const typed = text.slice(cursor.from, context.pos).replace(/^"/, '').toLowerCase()
    const matches = (json: string): boolean => json.replace(/^"/, '').toLowerCase().startsWith(typed)
    let options: Completion[]
    if (cursor.kind === 'key') {
      const colonFollows = /^\s*:/.test(text.slice(to))
      options = variableKeysAt(request, cursor.path).map((key) => ({
        label: JSON.stringify(key.name),
        detail: key.type,
        type: 'property',
        apply: colonFollows ? JSON.stringify(key.name) : `${JSON.stringify(key.name)}: `,
        info: info([key.description, key.required ? 'Required.' : undefined].filter(Boolean).join(' ')),
      }))
    } else {
      const type = cursor.path.length ? variableTypeAt(request, cursor.path) : undefined
      if (!type) return null
      options = variableValuesFor(type).map((value) => ({
        label: value.json,
        detail: String(type),
        type: value.json.startsWith('"') ? 'enum' : 'keyword',
        info: info([value.description, value.deprecationReason !== undefined ? `Deprecated: ${value.deprecationReason}` : undefined].filter(Boolean).join(' ')),
      }))
    }
    options = options.filter((option) => matches(option.label))
    return options.length ? { from: cursor.from, to, options, filter: false } : null
  }
}

/**
 * The hover tooltip over a key: `$input.role: Role!` and the field's description.
 *
 * @param source - the current request.
 */
export function variablesHover(source: VariablesContextSource): Extension {
  return hoverTooltip((view, pos): Tooltip | null => {
    const request = source()
    if (!request) return null
    const text = view.state.doc.toString()
    const key = jsonKeyAt(text, pos)
    const details = key && variableInfoAt(request, key.path)
    if (!details) return null
    const tooltip = [`${details.label}: ${details.type}`, details.description].filter(Boolean).join('\n\n')
    return { pos: key.from, end: key.to, above: true, create: () => ({ dom: hoverContent(tooltip) }) }
  })
}

/**
 * The variables editor's extensions for CodeEditor (`language="json"`): completion, hover, and
 * the completion/hover theme the query editor uses. `source` is read on every use, so a new
 * schema, query or operation needs no reconfiguration (which would close an open list).
 *
 * @param source - the current request.
 */
export function variablesEditorSupport(source: VariablesContextSource): Extension {
  return [jsonLanguage.data.of({ autocomplete: variablesCompletionSource(source) }), variablesHover(source), optionNameSeparator, schemaSupportTheme]
}
