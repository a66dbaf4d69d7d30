import type { App } from 'vue'
import { createPinia } from 'pinia'
import { createMemoryHistory, createRouter } from 'vue-router'

/**
 * What a page story needs that a component story does not: its own Pinia (a fresh one per story,
 * so no state leaks between stories) and a router at the story's `parameters.route` (pages keep
 * their mode in the query string). The router is in memory: the story's URL never changes, and no
 * route component is loaded — the story renders the page itself.
 *
 * Runs for every story as a Storybook `setup` function, and does nothing for stories without a
 * `route` parameter.
 */
export async function installPageContext(app: App, route: unknown): Promise<void> {
  if (typeof route !== 'string') return
  app.use(createPinia())
  const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/:path(.*)*', component: { render: () => null } }] })
  app.use(router)
  await router.push(route)
}
