import { computed, watchEffect } from 'vue'
import { defineStore } from 'pinia'
import { usePreferredDark } from '@vueuse/core'
import { usePersistedState } from '@/shared/composables/usePersistedState'
import {
  THEME_STORAGE_KEY,
  isThemePreference,
  resolveTheme,
  type ThemePreference,
} from '@/app/theme/preference'

/**
 * The app-wide theme: the user's preference (persisted in localStorage under
 * {@link THEME_STORAGE_KEY}; default `'system'`) and the theme it resolves to, following
 * `prefers-color-scheme` live while the preference is `'system'`.
 */
export const useThemeStore = defineStore('theme', () => {
  // Stored as the bare word ('light' | 'dark' | 'system'), the format public/theme-init.js reads before first paint.
  const { state: stored, saveError } = usePersistedState<string>(THEME_STORAGE_KEY, 'system', { what: 'your theme choice' })
  const systemPrefersDark = usePreferredDark()

  /** The user's choice; an unreadable stored value counts as `'system'`. */
  const preference = computed<ThemePreference>({
    get: () => (isThemePreference(stored.value) ? stored.value : 'system'),
    set: (value) => {
      stored.value = value
    },
  })

  /** What the system setting alone would give. */
  const systemTheme = computed(() => resolveTheme('system', systemPrefersDark.value))

  /** The theme applied now. */
  const resolved = computed(() => resolveTheme(preference.value, systemPrefersDark.value))

  // Keep <html data-theme> in step with the app, as public/theme-init.js set it before first paint:
  // the page background outside the app (overscroll, scrollbars) follows it.
  watchEffect(() => {
    if (typeof document !== 'undefined') document.documentElement.dataset.theme = resolved.value
  })

  return { preference, systemTheme, resolved, /** Why the theme choice could not be saved; undefined when saved. */ saveError }
})
