import { nextTick, watch, type Ref } from 'vue'
import { useGraphQLStore } from '@/features/graphql/stores/graphql'
import { useGraphQLLayoutStore } from '@/features/graphql/stores/graphql-layout'

/** An editor the request pane can focus. */
interface Focusable {
  focus(): void
}

/** Options of {@link useFieldAtFault}: where the request pane's fields are. */
export interface FieldAtFaultOptions {
  /** The query editor (restored first when collapsed). */
  queryEditor: Ref<Focusable | undefined>
  /** The variables editor. */
  variablesEditor: Ref<Focusable | undefined>
  /** The tab shown under the query editor: set to the tab holding the field at fault. */
  detailsTab: Ref<string>
  /** DOM id of the toolbar's endpoint input. */
  endpointId: string
  /** The pane's id prefix: its operation and timeout fields are `${idPrefix}-operation` / `-timeout`. */
  idPrefix: string
}

/**
 * Takes the user to the field at fault whenever the store refuses a Send (`refusedSends` grows,
 * `inputError` names the field): the query or variables editor, the endpoint, a header row's
 * value, or a setting, showing its tab first. Whoever asked for the Send (toolbar, Ctrl+Enter)
 * calls the store; the pane only reacts.
 */
export function useFieldAtFault(options: FieldAtFaultOptions): void {
  const store = useGraphQLStore()
  const layout = useGraphQLLayoutStore()
  watch(
    () => store.refusedSends,
    async () => {
      const error = store.inputError
      if (!error) return
      if (error.field === 'query') {
        layout.editorCollapsed = false
        await nextTick()
        options.queryEditor.value?.focus()
        return
      }
      if (error.field === 'endpoint') {
        document.getElementById(options.endpointId)?.focus()
        return
      }
      options.detailsTab.value = error.field === 'variables' || error.field === 'headers' ? error.field : 'settings'
      await nextTick()
      if (error.field === 'variables') options.variablesEditor.value?.focus()
      else if (error.rowId) document.querySelector<HTMLElement>(`[id$="-${CSS.escape(error.rowId)}-value"]`)?.focus()
      else document.getElementById(`${options.idPrefix}-${error.field === 'operationName' ? 'operation' : error.field}`)?.focus()
    },
  )
}
