/**
 * The "new version available — reload" flow of the offline build, without Vue or the
 * service worker API, so it is unit-tested with a fake `register`.
 *
 * Why a prompt and not an automatic update: the tools hold typed-in requests, secrets in memory and
 * unsent payloads; a reload the user did not ask for would lose them. The waiting version takes
 * over when the user chooses "Reload" (Workbox `skipWaiting` on message, then a reload).
 */
import { ref, type Ref } from 'vue'

/** What `register` reports, as vite-plugin-pwa's `registerSW` does. */
export interface RegisterCallbacks {
  /** A new version is installed and waiting. */
  onNeedRefresh: () => void
  /** The app is cached: it will open offline from now on. */
  onOfflineReady: () => void
  /** Registration failed (private mode, blocked by policy…): the app still works online. */
  onRegisterError: (error: unknown) => void
}

/** Options of {@link createServiceWorkerUpdate}. */
export interface ServiceWorkerUpdateOptions {
  /** Registers the service worker and returns the function that activates a waiting version. */
  register: (callbacks: RegisterCallbacks) => Promise<(reloadPage?: boolean) => Promise<void>>
  /** Says a sentence through the app's announcer. */
  announce: (text: string) => void
}

/** The sentence announced (and shown) when a new version waits. */
export const UPDATE_AVAILABLE_TEXT = 'A new version of API Workbench is available. Reload to use it; anything you typed that is not saved will be lost.'

/** The state and actions {@link createServiceWorkerUpdate} gives the shell. */
export interface ServiceWorkerUpdate {
  /** Whether a new version waits for the user's "Reload". */
  needRefresh: Readonly<Ref<boolean>>
  /** Whether the app is cached for offline use (said once, never shown). */
  offlineReady: Readonly<Ref<boolean>>
  /** Registers the worker; call once, when the first page is in (App.vue). Never throws. */
  start: () => Promise<void>
  /** Activates the waiting version and reloads the page. */
  reload: () => Promise<void>
  /** Hides the prompt for this page view; the new version still takes over on the next visit. */
  dismiss: () => void
}

/**
 * Builds the update flow around a `register` function (in the app: vite-plugin-pwa's `registerSW`,
 * loaded on first use so it is not part of the first load).
 */
export function createServiceWorkerUpdate(options: ServiceWorkerUpdateOptions): ServiceWorkerUpdate {
  const needRefresh = ref(false)
  const offlineReady = ref(false)
  let activate: ((reloadPage?: boolean) => Promise<void>) | undefined
  let started = false

  async function start(): Promise<void> {
    if (started) return
    started = true
    try {
      activate = await options.register({
        onNeedRefresh: () => {
          needRefresh.value = true
          options.announce(UPDATE_AVAILABLE_TEXT)
        },
        onOfflineReady: () => {
          offlineReady.value = true
        },
        onRegisterError: () => {
          // Online use is unaffected; there is nothing the user can do about it.
        },
      })
    } catch {
      activate = undefined
    }
  }

  async function reload(): Promise<void> {
    needRefresh.value = false
    await activate?.(true)
  }

  function dismiss(): void {
    needRefresh.value = false
  }

  return { needRefresh, offlineReady, start, reload, dismiss }
}
