import { computed } from 'vue'
import { defineStore } from 'pinia'
import { usePersistedState } from '@/shared/composables/usePersistedState'
import { readWorkspaceLayout, WORKSPACE_LAYOUT_DEFAULTS, type SidePanelView, type WorkspaceLayout } from '../core/workspace'

/** localStorage key of the workspace layout (pane sizes, side panel). */
export const GRAPHQL_LAYOUT_STORAGE_KEY = 'awb-graphql-layout'

/**
 * The GraphQL workspace's layout: splitter positions, which side panel view is open, and which pane
 * a narrow window shows. Saved in localStorage under {@link GRAPHQL_LAYOUT_STORAGE_KEY} (no request
 * data in it); a damaged value gives the defaults ({@link readWorkspaceLayout}).
 */
export const useGraphQLLayoutStore = defineStore('graphql-layout', () => {
  const { state } = usePersistedState<WorkspaceLayout>(GRAPHQL_LAYOUT_STORAGE_KEY, WORKSPACE_LAYOUT_DEFAULTS, {
    what: 'the workspace layout',
    serializer: { read: readWorkspaceLayout, write: JSON.stringify },
    listenToStorageChanges: false,
  })

  const field = <K extends keyof WorkspaceLayout>(key: K) =>
    computed<WorkspaceLayout[K]>({
      get: () => state.value[key],
      set: (value) => (state.value = { ...state.value, [key]: value }),
    })

  /** Size of the request pane in percent (beside the response). */
  const requestSize = field('requestSize')
  /** Whether the request pane is collapsed. */
  const requestCollapsed = field('requestCollapsed')
  /** Size of the query editor in percent (above its tab strip). */
  const editorSize = field('editorSize')
  /** Whether the query editor is collapsed. */
  const editorCollapsed = field('editorCollapsed')
  /** Size of the side panel in percent. */
  const sideSize = field('sideSize')
  /** The side panel's view, or `undefined` when it is closed. */
  const sidePanel = field('sidePanel')
  /** Which pane a narrow window shows. */
  const narrowPane = field('narrowPane')

  /** Opens the side panel on `view`, or closes it when that view is already open. */
  function toggleSidePanel(view: SidePanelView): void {
    sidePanel.value = sidePanel.value === view ? undefined : view
  }

  return { requestSize, requestCollapsed, editorSize, editorCollapsed, sideSize, sidePanel, narrowPane, toggleSidePanel }
})
