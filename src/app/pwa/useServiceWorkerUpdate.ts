import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { createServiceWorkerUpdate, type ServiceWorkerUpdate } from './service-worker-update'

let instance: ServiceWorkerUpdate | undefined

/**
 * The app's one service-worker update flow (see {@link createServiceWorkerUpdate}). vite-plugin-pwa's
 * register module (workbox-window, ~3 KB gzip) is imported on `start()`, once the first page is in, so it
 * is not part of the first load. In `vite dev` it registers nothing (the plugin's dev mode is off).
 */
export function useServiceWorkerUpdate(): ServiceWorkerUpdate {
  if (!instance) {
    const { announce } = useAnnouncer()
    instance = createServiceWorkerUpdate({
      register: async (callbacks) => {
        const { registerSW } = await import('virtual:pwa-register')
        return registerSW({ immediate: true, ...callbacks })
      },
      announce: (text) => void announce(text),
    })
  }
  return instance
}
