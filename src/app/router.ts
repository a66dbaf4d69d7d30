import type { Component } from 'vue'
import { createRouter, createWebHistory, START_LOCATION, type RouteRecordRaw, type RouterScrollBehavior } from 'vue-router'
import { TOOL_PAGES } from './tool-pages'
import HomePageHeading from './pages/HomePageHeading.vue'
import { loadAfterFirstPaint } from './after-first-paint'

declare module 'vue-router' {
  interface RouteMeta {
    /** Page name for the document title and the route-change announcement. */
    title: string
    /** The page's heading and lead, rendered by the shell above the page (App.vue); pages without one render their own. */
    heading?: Component
    /** The page fills the window from 64 rem wide (global.css). @default false */
    workspace?: boolean
  }
}

/** The app's routes: home, one per tool ({@link TOOL_PAGES}, each lazy-loaded in its own chunk), not found. */
export const routes: RouteRecordRaw[] = [
  { path: '/', name: 'home', component: loadAfterFirstPaint(() => import('@/app/pages/HomePage.vue')), meta: { title: 'Home', heading: HomePageHeading } },
  ...TOOL_PAGES.map(
    ({ path, name, component, title, heading, workspace }): RouteRecordRaw => ({ path, name, component, meta: { title, heading, workspace } }),
  ),
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

/**
 * Where the window scrolls after a navigation: back to the saved position (back/forward, reload), to
 * the top on a move to another page, and nowhere on the first load. The page is at the top then
 * anyway, and scrolling there would force a layout inside the task that mounts the first page
 * (70–150 ms of a 4× slowed CPU in Lighthouse's longest task on /rate-limits).
 */
export const scrollBehavior: RouterScrollBehavior = (to, from, saved) =>
  saved ?? (from !== START_LOCATION && to.path !== from.path ? { top: 0 } : undefined)

/** Creates the app's router (HTML5 history: deep links need the host's SPA fallback, see docs/hosting.md). */
export function createAppRouter() {
  return createRouter({
    history: createWebHistory(import.meta.env.BASE_URL),
    routes,
    scrollBehavior,
  })
}
