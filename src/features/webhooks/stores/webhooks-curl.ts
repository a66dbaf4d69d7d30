import { ref, watch } from 'vue'
import { defineStore } from 'pinia'
import { curlPreview, EMPTY_CURL_PREVIEW, latestOnly, type CurlPreview, type PreviewRequest } from '@/features/webhooks/core/curl-preview'
import { useWebhookStore } from './webhooks'

/**
 * The "As curl" preview of the webhook request: rebuilt whenever the body, sample, signing,
 * secret or handler URL changes, and re-signed each time (timestamped signatures are "now").
 * Signing is async, so only the newest rebuild is shown (core `latestOnly`); while the handler URL
 * is unusable the command carries a placeholder URL and says so.
 */
export const useWebhookCurlStore = defineStore('webhooks-curl', () => {
  const webhooks = useWebhookStore()

  /** The command, its `$VARIABLE`s and the note under it. @default EMPTY_CURL_PREVIEW until the first build */
  const preview = ref<CurlPreview>(EMPTY_CURL_PREVIEW)

  /** The request as Send would deliver it, or unsigned when the secret is refused. */
  const prepare = latestOnly(async (): Promise<{ request: PreviewRequest; signing: 'signed' | 'failed' | 'off' }> => {
    try {
      return { request: await webhooks.prepareRequest(), signing: webhooks.sign ? 'signed' : 'off' }
    } catch {
      return { request: { url: webhooks.handlerUrl, headers: webhooks.sample.headers, body: webhooks.bodyText }, signing: 'failed' }
    }
  })

  /** Rebuilds the preview now; a rebuild overtaken by a newer one is dropped. */
  async function refresh(): Promise<void> {
    const urlOk = !webhooks.urlProblem
    const prepared = await prepare()
    if (prepared.stale) return
    preview.value = curlPreview(prepared.value.request, { urlOk, signing: prepared.value.signing })
  }

  watch(() => [webhooks.bodyText, webhooks.sample, webhooks.sign, webhooks.secret, webhooks.handlerUrl] as const, refresh, { immediate: true })

  return { preview, refresh }
})
