import { loadGraphQLEditor, loadVariablesEditor } from './components/editors/editor-chunks'

/**
 * Loads the GraphQL page's chunk and, alongside, its editors' chunks (see `editor-chunks.ts`): each is
 * evaluated when it arrives, in a task of its own.
 */
export function loadGraphQLPage() {
  void loadGraphQLEditor()
  void loadVariablesEditor()
  return import('./GraphQLPage.vue')
}
