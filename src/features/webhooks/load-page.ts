import { loadWebhookBodyViews } from './components/body-views-chunk'

/**
 * Loads the webhook page's chunk and, alongside, its body editor's chunk (see `body-views-chunk.ts`):
 * each is evaluated when it arrives, in a task of its own.
 */
export function loadWebhooksPage() {
  void loadWebhookBodyViews()
  return import('./WebhooksPage.vue')
}
