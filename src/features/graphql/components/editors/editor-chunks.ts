/**
 * The GraphQL page's editors (CodeMirror, cm6-graphql) are a chunk of their own. The page starts
 * downloading it together with its own chunk (`loadGraphQLPage`), so it is there when the editors'
 * turn comes, yet it is evaluated in a task of its own: evaluated with the page's chunk, the two had
 * been the page's longest task after the first paint (60–100 ms, ×4 in Lighthouse).
 *
 * Each loader returns one promise once it has loaded (a failed load is tried again: `lazyLoad`): an
 * async component resolves from it within the task that renders it, where a new `import()` of a
 * loaded module resolves a task later — after the parts of the page below the editor had taken their
 * turn, so the editor pushed them down (a layout shift).
 */
import { lazyLoad } from '@/shared/core/lazy'

/** The query (and SDL) editor's component. */
export const loadGraphQLEditor = lazyLoad(() => import('./GraphQLEditor.vue'))

/** The variables editor's component. */
export const loadVariablesEditor = lazyLoad(() => import('./VariablesEditor.vue'))
