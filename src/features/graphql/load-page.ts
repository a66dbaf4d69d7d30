import { loadGraphQLEditor } from './components/editor-chunks'

/**
 * Loads the GraphQL page's chunk and, alongside, its editors' chunk (see `editor-chunks.ts`): each is
 * evaluated when it arrives, in a task of its own.
 */
export function loadGraphQLPage() {
  void loadGraphQLEditor()
  return import('./GraphQLPage.vue')
}
