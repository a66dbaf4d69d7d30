import { createRouter, createWebHistory, type RouteRecordRaw } from 'vue-router'

declare module 'vue-router' {
  interface RouteMeta {
    /** Page name for the document title and the route-change announcement. */
    title: string
  }
}

/** The app's pages. Each tool is lazy-loaded in its own chunk. */
export const routes: RouteRecordRaw[] = [
  { path: '/', name: 'home', component: () => import('@/app/pages/HomePage.vue'), meta: { title: 'Home' } },
  {
    path: '/graphql',
    name: 'graphql',
    component: () => import('@/features/graphql/GraphQLPage.vue'),
    meta: { title: 'GraphQL tester' },
  },
  {
    path: '/webhooks',
    name: 'webhooks',
    component: () => import('@/features/webhooks/WebhooksPage.vue'),
    meta: { title: 'Webhook payload generator' },
  },
  {
    path: '/rate-limits',
    name: 'rate-limits',
    component: () => import('@/features/rate-limits/RateLimitsPage.vue'),
    meta: { title: 'Rate-limit header parser' },
  },
  {
    path: '/:pathMatch(.*)*',
    name: 'not-found',
    component: () => import('@/app/pages/NotFoundPage.vue'),
    meta: { title: 'Page not found' },
  },
]

/** The app name, last in every document title. */
export const APP_NAME = 'API Workbench'

/** Document title for a page. */
export function documentTitle(pageTitle: string): string {
  return pageTitle === 'Home' ? APP_NAME : `${pageTitle} · ${APP_NAME}`
}

/** Creates the app's router (HTML5 history: deep links need the host's SPA fallback, see README). */
export function createAppRouter() {
  return createRouter({
    history: createWebHistory(import.meta.env.BASE_URL),
    routes,
    scrollBehavior: (to, from, saved) => saved ?? (to.path !== from.path ? { top: 0 } : undefined),
  })
}
