import { defineAsyncComponent, defineComponent, getCurrentInstance, h, nextTick, onBeforeUnmount, onUnmounted, ref, shallowRef, type Component } from 'vue'
import LoadFailedNotice from './LoadFailedNotice.vue'
import { useAnnouncer } from '../composables/useAnnouncer'
import { loadWithin } from '../core/lazy'

/** Options of {@link defineLazyComponent}. */
export interface LazyComponentOptions {
  /** What the component is, as the start of a sentence ("The query editor"): said and shown if it cannot be loaded. */
  what: string
  /**
   * Reloads the page, for the notice's "Reload the page" (a story passes its own).
   * @default () => location.reload()
   */
  reload?: () => void
  /**
   * How long the download may take before the part says "… is loading…" in its place, in ms: a slow
   * network left an empty space after a click (Import curl, the Timeline mode) with no sign that
   * anything was coming. Local and cached downloads finish well before it.
   * @default 500
   */
  loadingDelayMs?: number
  /**
   * How long the download may take before it counts as failed, in ms: the notice with Try again and
   * Reload the page then stands in its place. A download that hangs (a stalled connection, a proxy
   * holding the request) otherwise said "… is loading…" for good, with no way out but a reload the
   * user had to think of. A download that completes later is used by the next Try again.
   * @default 30_000
   */
  loadTimeoutMs?: number
}

/** What can take focus in a component that arrived in the notice's place. */
const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [contenteditable="true"], [tabindex]:not([tabindex="-1"])'

/**
 * A component whose code is downloaded when it is first rendered (Vue's `defineAsyncComponent`),
 * which, if the download fails, shows {@link LoadFailedNotice} in its place, with Try again, and says
 * so through the app's announcer. Vue's own wrapper renders nothing on a failure, and keeps it: the
 * part was missing without a word (an offline tab, or one opened before a deploy). Lint allows
 * `defineAsyncComponent` only here, so every lazy component fails this way.
 *
 * Built on `defineAsyncComponent`, so a template ref reaches the loaded component and its exposed
 * methods. The notice is the wrapper's loading view: `onError` holds the load open until Try again
 * (Vue's retry), and the same wrapper then renders the component. The notice stays while it tries
 * again (its button keeps focus); when the component comes, focus moves into it if it was on the notice
 * (WCAG 2.4.3: a removed button drops focus to the top of the page).
 * @see https://vuejs.org/guide/components/async#loading-and-error-states
 * @param loader - downloads the component, e.g. `() => import('./CurlImportDialog.vue')`; it must load again when called again after a failure (`lazyLoad` does)
 */
export function defineLazyComponent<T extends Component>(loader: () => Promise<T | { default: T }>, options: LazyComponentOptions): T {
  const { announce } = useAnnouncer()
  /** Set once a download has failed: Vue's retry, handed to `onError` (a later success leaves it: the wrapper then renders the component, never the notice). */
  const failed = shallowRef<(() => void) | null>(null)
  let retrying = false
  const reload = options.reload ?? (() => location.reload())
  const timeoutMs = options.loadTimeoutMs ?? 30_000

  /** The download, failing after `timeoutMs` if it has not come by then (it may still come: the next try gets it). */
  const loadInTime = () => loadWithin(loader, timeoutMs, options.what)

  function retry(): void {
    if (retrying || !failed.value) return
    retrying = true
    failed.value()
  }

  const LoadingOrFailed = defineComponent({
    name: 'LazyComponentLoading',
    setup() {
      const instance = getCurrentInstance()
      const slow = ref(false)
      const slowTimer = setTimeout(() => (slow.value = true), options.loadingDelayMs ?? 500)
      onBeforeUnmount(() => clearTimeout(slowTimer))
      let focusInside = false
      onBeforeUnmount(() => {
        const el = instance?.subTree.el
        focusInside = el instanceof HTMLElement && el.contains(document.activeElement)
      })
      onUnmounted(async () => {
        if (!focusInside) return
        await nextTick()
        const arrived = instance?.parent?.subTree.el
        if (arrived instanceof HTMLElement) (arrived.matches(FOCUSABLE) ? arrived : arrived.querySelector<HTMLElement>(FOCUSABLE))?.focus()
      })
      return () =>
        failed.value
          ? h(LoadFailedNotice, { what: options.what, onRetry: retry, onReload: reload })
          : slow.value
            ? h('p', { style: { margin: 0, color: 'var(--awb-text-muted)' } }, `${options.what} is loading…`)
            : null
    },
  })

  return defineAsyncComponent({
    // Once loaded, the wrapper renders the component and never the notice again; `failed` is left as
    // it is, as clearing it would remove the notice (and the focus on its button) a render too early.
    loader: loadInTime as () => Promise<Component>,
    // Shown from the start; it renders nothing until the download is slow or has failed.
    loadingComponent: LoadingOrFailed,
    delay: 0,
    onError(_error, vueRetry) {
      const again = retrying
      retrying = false
      failed.value = vueRetry
      void announce(again ? `${options.what} could still not be loaded.` : `${options.what} could not be loaded.`)
    },
  }) as T
}
