// A module of its own: only the replay lab (loaded when opened) uses it, so the page's first load does not carry it.
/**
 * The last delivery the local demo receiver got at the handler URL's path (its test route `GET /last`),
 * as the JSON text the replay lab imports; rejects on a network failure or when nothing came yet.
 * @param handlerUrl - the demo receiver's hook URL, e.g. `http://127.0.0.1:4500/webhook`
 */
export async function fetchReceiverLast(handlerUrl: string): Promise<string> {
  const url = new URL(handlerUrl.trim())
  const response = await fetch(`${url.origin}/last?path=${encodeURIComponent(url.pathname)}`, { credentials: 'omit', cache: 'no-store' })
  const text = await response.text()
  if (!response.ok) {
    const error = (() => {
      try {
        return (JSON.parse(text) as { error?: unknown }).error
      } catch {
        return undefined
      }
    })()
    throw new Error(typeof error === 'string' ? error : `The receiver answered ${response.status}.`)
  }
  return text
}
