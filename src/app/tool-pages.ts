/**
 * The one list of the app's tools: the router, the header navigation, the home page's cards and the
 * not-found page's links all read it, so a tool is added, renamed or moved in one place.
 */
import type { Component } from 'vue'
import type { NavItem } from './shell/navigation'
import { loadAfterFirstPaint } from './after-first-paint'
import GraphQLPageHeading from '@/features/graphql/GraphQLPageHeading.vue'
import { loadGraphQLPage } from '@/features/graphql/load-page'
import WebhooksPageHeading from '@/features/webhooks/WebhooksPageHeading.vue'
import { loadWebhooksPage } from '@/features/webhooks/load-page'
import RateLimitsPageHeading from '@/features/rate-limits/RateLimitsPageHeading.vue'

/** One tool page. */
export interface ToolPage {
  /** Route name, e.g. `graphql`. */
  name: string
  /** Path inside the app, e.g. `/graphql`. */
  path: string
  /** Page name: document title, route-change announcement, home card heading. */
  title: string
  /** The shorter text of its link in the header navigation. */
  navLabel: string
  /** The home card's sentence about the tool. */
  summary: string
  /** The page component, lazy-loaded in its own chunk. */
  component: () => Promise<Component>
  /**
   * The page's heading and lead, bundled with the shell, which renders it above the page: it is
   * painted while the page's chunk loads (App.vue).
   */
  heading: Component
  /** Whether the page is a workspace that fills the window from 64 rem wide (global.css). @default false */
  workspace?: boolean
}

/** The tools, in navigation and home page order. */
export const TOOL_PAGES: readonly ToolPage[] = [
  {
    name: 'graphql',
    path: '/graphql',
    title: 'GraphQL tester',
    navLabel: 'GraphQL tester',
    summary:
      'Send queries and mutations straight from your browser to any endpoint, read the response with status and timings, and get a ready curl command when CORS gets in the way.',
    component: loadAfterFirstPaint(loadGraphQLPage),
    heading: GraphQLPageHeading,
    workspace: true,
  },
  {
    name: 'webhooks',
    path: '/webhooks',
    title: 'Webhook payload generator',
    navLabel: 'Webhooks',
    summary:
      'Realistic GitHub, Stripe, Slack, Shopify and Standard Webhooks requests with the real headers, signed with your own test secret and sent to your handler.',
    component: loadAfterFirstPaint(loadWebhooksPage),
    heading: WebhooksPageHeading,
    workspace: true,
  },
  {
    name: 'rate-limits',
    path: '/rate-limits',
    title: 'Rate-limit header parser',
    navLabel: 'Rate limits',
    summary:
      'Paste response headers and see limit, remaining, used and reset for GitHub, OpenAI, X, Shopify, the IETF drafts and more, with live countdowns.',
    component: loadAfterFirstPaint(() => import('@/features/rate-limits/RateLimitsPage.vue')),
    heading: RateLimitsPageHeading,
    workspace: true,
  },
]

/**
 * The header navigation's links, one per tool.
 * @param pages - the tools. @default TOOL_PAGES
 */
export function navItems(pages: readonly ToolPage[] = TOOL_PAGES): NavItem[] {
  return pages.map((page) => ({ to: page.path, label: page.navLabel }))
}
