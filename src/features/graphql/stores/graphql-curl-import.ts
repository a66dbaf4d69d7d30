import { ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import type { CurlTabImport } from '../core/curl-import'
import { distinctTabName, tabTitle } from '../core/request-tabs'
import { useGraphQLTabsStore } from './graphql-tabs'
import { useGraphQLEnvironmentsStore } from './graphql-environments'
import { originOf } from '../core/environments'

/** Why the last import failed: the message and, for shell syntax, where (1-based). */
export type CurlImportProblem = Extract<CurlTabImport, { ok: false }>

/**
 * "Import curl": the dialog's state and the import itself. A command (pasted into the dialog or
 * into the endpoint field) becomes a NEW request tab, never overwriting the shown one; credentials
 * arrive as secret headers (memory only). A refusal keeps the text and says why at the field; an
 * import with notes (what was ignored, which secret to fill in) keeps the dialog open to show them.
 */
export const useGraphQLCurlImportStore = defineStore('graphql-curl-import', () => {
  const { announce } = useAnnouncer()
  /** Whether the dialog is open. */
  const open = ref(false)
  /** The command as typed or pasted (in memory only: it may hold credentials). */
  const text = ref('')
  /** Why the last import was refused; undefined when none. */
  const problem = shallowRef<CurlImportProblem>()
  /** The last import's notes, shown in the dialog after it; [] before. */
  const notes = ref<string[]>([])
  /** The title of the tab the last import opened; '' before any. */
  const importedTitle = ref('')

  /** Opens the dialog, clean or with `initial` text. */
  function show(initial = ''): void {
    text.value = initial
    problem.value = undefined
    notes.value = []
    importedTitle.value = ''
    open.value = true
  }

  function close(): void {
    open.value = false
  }

  /**
   * Imports the dialog's text into a new tab and says so. Closes the dialog unless there are notes
   * to read. The parser is loaded on the first import (a chunk of its own), so the page costs no more until then.
   * @returns whether a tab was opened.
   */
  async function importText(): Promise<boolean> {
    const command = text.value
    const { tabRequestFromCurl } = await import('../core/curl-import')
    if (text.value !== command) return false // edited while the parser loaded: the user presses Import again
    const environments = useGraphQLEnvironmentsStore()
    const variableNames = new Set(environments.active?.variables.map((variable) => variable.name.trim()))
    const result = tabRequestFromCurl(command, { variableNames })
    if (!result.ok) {
      problem.value = result
      notes.value = []
      void announce(`Not imported: ${result.message}`)
      return false
    }
    problem.value = undefined
    // The URL's credentials live on as secret variables (memory only) the endpoint references.
    if (result.secrets.length) {
      const name = environments.addImportedSecrets(result.secrets, originOf(result.request.endpoint))
      result.notes.push(`The secret variables are in the environment "${name}", now in use.`)
    }
    // Named apart from every open tab: importing the same request twice gives "UserById (2)".
    const tabs = useGraphQLTabsStore()
    const name = distinctTabName(tabs.tabs.map((tab) => tab.title), tabTitle({ name: '', request: result.request }))
    tabs.open(result.request, name)
    const title = tabTitle({ name, request: result.request })
    const count = result.notes.length
    void announce(`Imported into a new tab, ${title}${count ? `; ${count} ${count === 1 ? 'note' : 'notes'} to read` : ''}`)
    text.value = ''
    notes.value = result.notes
    importedTitle.value = title
    if (count === 0) open.value = false
    return true
  }

  /**
   * A curl command pasted into the endpoint field: imported straight away; on a refusal the dialog
   * opens with the text and the reason, so nothing pasted is lost.
   */
  async function importPasted(command: string): Promise<boolean> {
    show(command)
    open.value = false
    const ok = await importText()
    if (!ok || notes.value.length) open.value = true
    return ok
  }

  return { open, text, problem, notes, importedTitle, show, close, importText, importPasted }
})
