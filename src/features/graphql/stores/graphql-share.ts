import { ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import { SHARE_PARAM, ShareLinkError, decodeShareFragment, encodeShareFragment, type SharedRequest } from '@/features/graphql/core/share'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useGraphQLInputStore } from './graphql-input'
import { rowsToHeaders, secretHeaderNames } from '../core/tester'
import type { RedactedHeader } from '@/features/graphql/core/history'
import type { SubscriptionTransportPreference } from '@/features/graphql/core/stream'

/** The editors' content before a link replaced it, to put back on request (memory only). */
interface Snapshot {
  endpoint: string
  query: string
  variables: string
  operationName?: string
  headers: RedactedHeader[]
  transport: SubscriptionTransportPreference
}

/**
 * Share links of the GraphQL tester: "Copy link" puts endpoint, query, variables, the picked
 * operation, non-secret headers and the subscription transport in the URL fragment (browsers never send it to a server);
 * opening a link fills the editors — nothing is sent — and keeps what was there so it can be put
 * back. A link is untrusted data: the core validates it and drops credential values.
 */
export const useGraphQLShareStore = defineStore('graphql-share', () => {
  const inputs = useGraphQLInputStore()
  const { announce } = useAnnouncer()

  /** What the last opened link filled. */
  const shared = shallowRef<SharedRequest>()
  /** Why the last opened link could not be read. */
  const error = ref<string>()
  /** The editors before the link filled them. */
  const previous = shallowRef<Snapshot>()

  /** Whether a URL fragment carries a shared request (`#gql=…`). */
  function hasSharedRequest(hash: string): boolean {
    return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash).has(SHARE_PARAM)
  }

  /**
   * The current request as a link to `pageUrl` (its fragment replaced).
   *
   * @throws ShareLinkError `too-large` when the request does not fit in a link.
   */
  async function linkFor(pageUrl: string): Promise<string> {
    const ops = inputs.namedOperations
    const fragment = await encodeShareFragment({
      endpoint: inputs.endpoint.trim(),
      query: inputs.query,
      variables: inputs.variables,
      ...(ops.length > 1 && inputs.operationName ? { operationName: inputs.operationName } : {}),
      headers: rowsToHeaders(inputs.headers),
      secretHeaderNames: secretHeaderNames(inputs.headers),
      transport: inputs.transport,
    })
    const url = new URL(pageUrl)
    url.hash = fragment
    return url.href
  }

  /**
   * Reads a link's fragment and fills the editors (never sends). On a bad link the editors are
   * untouched and `error` says why.
   */
  async function open(hash: string): Promise<boolean> {
    shared.value = undefined
    error.value = undefined
    try {
      const request = await decodeShareFragment(hash)
      previous.value = {
        endpoint: inputs.endpoint,
        query: inputs.query,
        variables: inputs.variables,
        ...(inputs.operationName ? { operationName: inputs.operationName } : {}),
        // Secret values included: this snapshot lives only in memory, like the rows it copies.
        headers: inputs.headers.map((row) => ({ name: row.name, value: row.value, secret: row.secret })),
        transport: inputs.transport,
      }
      inputs.applyRequest(request)
      shared.value = request
      void announce('Filled from a shared link. Nothing was sent.')
      return true
    } catch (e) {
      if (!(e instanceof ShareLinkError)) throw e
      error.value = e.message
      void announce(`Share link not used: ${e.message}`)
      return false
    }
  }

  /** Puts back what the editors held before the link, secret values included (they never left memory). */
  function restorePrevious(): void {
    const before = previous.value
    if (!before) return
    inputs.applyRequest(before)
    previous.value = undefined
    shared.value = undefined
    void announce('Your previous request is back')
  }

  /** Hides the notice. */
  function dismiss(): void {
    shared.value = undefined
    error.value = undefined
    previous.value = undefined
  }

  return { shared, error, previous, hasSharedRequest, linkFor, open, restorePrevious, dismiss }
})
