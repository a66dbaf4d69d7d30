import { readonly, ref, type Ref, type ShallowRef } from 'vue'
import { buildGraphQLRequest, type NetworkErrorOutcome } from '@/features/graphql/core/request'
import { introspectionRequestBody, schemaCacheKey } from '@/features/graphql/core/schema'
import { introspectionFailure, quietNote, warningsSuffix, type SchemaEntry } from '@/features/graphql/core/schema/load-status'
import { countOf } from '@/shared/core/format'
import { httpUrl } from '../core/stream'
import { cachedSchema, loadSchema, type LoadedSchema } from '../io/schema-load'

/** A schema from the cache older than this is refreshed from the endpoint in the background on arrival. */
export const REFRESH_AFTER_MS = 10 * 60_000

/** The schema store's state a load reads and writes. */
export interface SchemaLoaderContext {
  /** The endpoint the schema is for: the typed one with the environment substituted. */
  endpoint: Readonly<Ref<string>>
  /** Why the endpoint or headers cannot be resolved (an undefined `{{name}}`), or undefined. */
  unresolved: Readonly<Ref<string | undefined>>
  /** The headers a Send would send, and the names of those that are secret. */
  credentialHeaders: Readonly<Ref<{ headers: Record<string, string>; secret: readonly string[] }>>
  /** The entry in use, read for the announcement's type and warning counts. */
  entry: Readonly<Ref<SchemaEntry | undefined>>
  /** Whether an introspection request is in flight. */
  loading: Ref<boolean>
  /** Why the last load failed (a sentence), or undefined. */
  error: Ref<string | undefined>
  /** Why the last quiet load gave no schema: a calm sentence, not an error. */
  note: Ref<string | undefined>
  /** The last load's network error, for the CORS help and its curl command. */
  loadOutcome: ShallowRef<NetworkErrorOutcome | undefined>
  /** Whether the paste form is open; a loaded schema closes it. */
  pasteOpen: Ref<boolean>
  /** Keeps a schema from the schema worker as the endpoint's. */
  rememberLoaded: (url: string, key: string, loaded: LoadedSchema) => void
  /** The page's live-region announcer. */
  announce: (text: string) => Promise<void>
  /** How many announcements were made so far. */
  saidCount: () => number
}

/** How a load is asked for; see {@link SchemaLoader.load}. */
export interface LoadOptions {
  /** The load nobody asked for. @default false */
  quiet?: boolean
  /**
   * For a quiet load: the announcer's `saidCount()` when the load became due (the page opened, the
   * endpoint changed); anything said after it keeps the load silent. @default the count when the load starts
   */
  saidSince?: number
  /**
   * Use the schema cached in this browser for the endpoint and credentials when there is one,
   * refreshing it from the endpoint when older than {@link REFRESH_AFTER_MS}. @default false
   */
  cacheFirst?: boolean
}

/** Introspection loads of the schema store: one at a time, cancellable. */
export interface SchemaLoader {
  /**
   * Runs the standard introspection query against the endpoint with the current headers and keeps
   * the schema for this endpoint. Retries once with the pre-2021 query when an older server rejects
   * the newer fields. Failures land in `error` (and `loadOutcome` for network errors); a `quiet`
   * load (on arrival, nobody asked) puts them in `note` instead and announces only success, and
   * that only when nothing else was said while it ran.
   */
  load: (how?: LoadOptions) => Promise<void>
  /** Stops a schema load in flight. */
  cancel: () => void
  /** Settles once no schema load is running (at once when none is). */
  whenIdle: () => Promise<void>
  /** How many loads have started (asked for or not); a load due on arrival skips itself when this moved. @default 0 */
  loadsStarted: Readonly<Ref<number>>
}

/** The schema store's introspection loads (through the schema worker and this browser's cache). Call inside the store's setup. */
export function useSchemaLoader(context: SchemaLoaderContext): SchemaLoader {
  const { endpoint, unresolved, credentialHeaders, entry, loading, error, note, loadOutcome, pasteOpen, rememberLoaded, announce, saidCount } = context
  let controller: AbortController | undefined
  /** Settles when no load is running. */
  let idle: Promise<void> = Promise.resolve()
  /** The load in flight: for which endpoint, whether it is still one nobody asked for, whether it was cancelled. */
  let running: { quiet: boolean; endpoint: string; cancelled: boolean } | undefined
  const loadsStarted = ref(0)

  function load(how: LoadOptions = {}): Promise<void> {
    if (running && !running.cancelled && running.endpoint === endpoint.value) {
      // Asked for while a load nobody asked for runs: that load now answers as the user's.
      if (!how.quiet && running.quiet) {
        running.quiet = false
        void announce('Loading schema…')
      }
      return idle
    }
    if (running) {
      // A load for the endpoint before an edit, or one cancelled and still winding down: this one
      // starts once it has ended (it never answers for this endpoint).
      cancel()
      return idle.then(() => load(how))
    }
    const run = { quiet: how.quiet === true, endpoint: endpoint.value, cancelled: false }
    running = run
    loadsStarted.value += 1
    const done = loadNow(run, how.saidSince, how.cacheFirst === true).finally(() => {
      if (running === run) running = undefined
    })
    idle = done.catch(() => undefined)
    return done
  }

  async function loadNow(run: { quiet: boolean; cancelled: boolean }, saidSince: number | undefined, cacheFirst: boolean): Promise<void> {
    const saidBefore = saidSince ?? saidCount()
    error.value = undefined
    note.value = undefined
    loadOutcome.value = undefined
    const fail = (message: string, outcome?: NetworkErrorOutcome, quietMessage = message) => {
      if (run.quiet) {
        note.value = quietMessage
        return
      }
      if (outcome) loadOutcome.value = outcome
      error.value = message
      void announce(message)
    }
    if (unresolved.value !== undefined) {
      // A {{name}} the picked environment does not define: say which, as a Send would.
      if (!run.quiet) fail(`Could not load the schema: ${unresolved.value}`)
      return
    }
    const url = endpoint.value
    // Computed here, not read from the store's current key: that one may still describe the endpoint before an edit.
    const key = await schemaCacheKey(url, credentialHeaders.value.headers, credentialHeaders.value.secret)
    // Cancelled while the key was computed (before there was a request to abort).
    if (run.cancelled) return
    const origin = typeof location === 'undefined' ? undefined : location.origin
    const headers = credentialHeaders.value.headers
    let request
    let legacyRequest
    try {
      // A ws(s):// endpoint (a WebSocket server) answers introspection at the same server's http(s)://.
      request = buildGraphQLRequest({ endpoint: httpUrl(url), ...introspectionRequestBody(), headers }, origin ? { pageOrigin: origin } : {})
      legacyRequest = buildGraphQLRequest({ endpoint: httpUrl(url), ...introspectionRequestBody({ legacy: true }), headers }, origin ? { pageOrigin: origin } : {})
    } catch (e) {
      // Quiet: an endpoint still being typed is no news.
      if (!run.quiet) fail(`Could not load the schema: ${e instanceof Error ? e.message : String(e)}`)
      return
    }
    controller = new AbortController()
    const signal = controller.signal
    const said = (loaded: LoadedSchema) => {
      // Said on arrival too (completion, checks and Docs now work, which a screen reader user cannot
      // see), unless something was said meanwhile: a load nobody asked for never talks over a Send's outcome.
      if (!run.quiet || saidCount() === saidBefore) {
        void announce(`Schema loaded${loaded.fromCache ? ' from this browser’s cache' : ''}: ${countOf(entry.value?.typeCount ?? 0, 'type')}${warningsSuffix(entry.value?.warnings.length ?? 0)}`)
      }
    }
    if (cacheFirst) {
      const cached = await cachedSchema(key, signal).catch(() => undefined)
      if (run.cancelled) return
      if (cached?.kind === 'loaded') {
        rememberLoaded(url, key, cached.loaded)
        said(cached.loaded)
        // Fresh enough: done. Older: refreshed below, the cached schema in use meanwhile.
        if (Date.now() - cached.loaded.loadedAt < REFRESH_AFTER_MS) {
          controller = undefined
          return
        }
      }
    }
    loading.value = true
    if (!run.quiet) void announce('Loading schema…')
    const options = {
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      secretHeaders: [...credentialHeaders.value.secret],
      ...(origin ? { pageOrigin: origin } : {}),
    }
    let result
    try {
      result = await loadSchema({ key, request, legacyRequest, options }, signal)
    } catch (e) {
      result = e instanceof DOMException && e.name === 'AbortError' ? ({ kind: 'failed', outcome: { kind: 'aborted', durationMs: 0 } } as const) : undefined
      if (!result) {
        loading.value = false
        controller = undefined
        fail(`Could not load the schema: ${e instanceof Error ? e.message : String(e)}`)
        return
      }
    }
    loading.value = false
    controller = undefined
    if (result.kind === 'loaded') {
      rememberLoaded(url, key, result.loaded)
      pasteOpen.value = false
      said(result.loaded)
      return
    }
    if (result.kind !== 'failed') return
    const { outcome, error: buildError } = result
    if (outcome.kind === 'aborted') {
      if (!run.quiet) void announce('Schema loading cancelled')
      return
    }
    if (outcome.kind !== 'response') {
      fail(introspectionFailure(outcome), outcome.kind === 'network-error' ? outcome : undefined, quietNote(outcome))
      return
    }
    fail(introspectionFailure(outcome, buildError), undefined, quietNote(outcome, buildError))
  }

  function cancel(): void {
    if (running) running.cancelled = true
    controller?.abort()
  }

  return { load, cancel, whenIdle: () => idle, loadsStarted: readonly(loadsStarted) }
}
