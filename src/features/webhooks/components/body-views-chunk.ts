/**
 * The webhook page's body editor (CodeMirror) is a chunk of its own, fetched together with the page's
 * (`loadWebhooksPage`) and evaluated in a task of its own, as the GraphQL page's editors are (see
 * src/features/graphql/components/editor-chunks.ts). One promise once loaded
 * (`lazyLoad`), so the async component resolves from it within the task that renders it.
 */
import { lazyLoad } from '@/shared/core/lazy'

/** The body views (formatted and as sent) with their editor. */
export const loadWebhookBodyViews = lazyLoad(() => import('./WebhookBodyViews.vue'))
