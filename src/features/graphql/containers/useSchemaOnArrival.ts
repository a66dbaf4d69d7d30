import { onScopeDispose, watch } from 'vue'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useGraphQLSchemaStore } from '@/features/graphql/stores/graphql-schema'
import { warmSchemaWorker } from '@/features/graphql/io/schema-load'

/** Pause after the last change of the endpoint before its schema is asked for. */
export const SCHEMA_ARRIVAL_DELAY_MS = 400

/**
 * Schema on arrival: introspects the endpoint when the page opens and whenever the endpoint (with
 * the environment substituted) changes — after a short pause in typing, cancelling a load still
 * running for the previous endpoint. An endpoint with a schema already kept for it is not asked
 * again (the status shows that schema's age; Reload asks again). The load is quiet: a refusal or a
 * failure becomes a note with the way on (paste the schema), never an error. A schema cached in
 * this browser for the endpoint and credentials is used at once (refreshed in the background when
 * old: the store's `REFRESH_AFTER_MS`). The page's first endpoint is asked for with no pause. Call it once from
 * the page: unit tests of the stores stay free of requests nobody made.
 *
 * @param delayMs - the pause. @default SCHEMA_ARRIVAL_DELAY_MS
 * @param paused - while it returns true nothing is asked (a request opened from a shared link:
 *   opening a link sends nothing to the endpoint it names); asked once it turns false. @default never paused
 */
export function useSchemaOnArrival(delayMs = SCHEMA_ARRIVAL_DELAY_MS, paused: () => boolean = () => false): void {
  const schema = useGraphQLSchemaStore()
  const { saidCount } = useAnnouncer()
  let timer: ReturnType<typeof setTimeout> | undefined
  let loadingFor: string | undefined
  warmSchemaWorker()

  watch(
    () => [schema.endpoint, paused()] as const,
    ([url, isPaused], previousValues) => {
      const previous = previousValues?.[0]
      clearTimeout(timer)
      // What is said from here on (a tab opened, a Send's outcome) is not talked over by this load's success.
      const saidSince = saidCount()
      // A load the user starts before this one is due (Load schema) answers for this endpoint: its error stays theirs.
      const startedBefore = schema.loadsStarted
      if (previous !== undefined && previous !== url) {
        // What was said about the previous endpoint is not about this one.
        if (loadingFor !== url) schema.cancel()
        schema.dismissError()
      }
      if (isPaused || url === '' || schema.entries.has(url)) return
      timer = setTimeout(() => {
        // A cancelled load may still be winding down; the endpoint may have changed meanwhile.
        void schema.whenIdle().then(async () => {
          if (schema.endpoint !== url || paused() || schema.entries.has(url) || schema.loadsStarted !== startedBefore) return
          loadingFor = url
          await schema.load({ quiet: true, saidSince, cacheFirst: true })
          if (loadingFor === url) loadingFor = undefined
        })
        // On arrival the endpoint is not being typed: no pause.
      }, previous === undefined ? 0 : delayMs)
    },
    { immediate: true },
  )
  onScopeDispose(() => clearTimeout(timer))
}
