/** What the user chose in the theme switch. `system` follows `prefers-color-scheme` live. */
export type ThemePreference = 'light' | 'dark' | 'system'

/** The theme actually applied. */
export type ResolvedTheme = 'light' | 'dark'

/**
 * localStorage key of the saved preference. `public/theme-init.js` reads the same key before first
 * paint, so keep the two in step.
 */
export const THEME_STORAGE_KEY = 'api-workbench:theme'

/** All preferences, in the order the theme switch shows them. */
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system']

/** Narrows an unknown stored value to a preference. */
export function isThemePreference(value: unknown): value is ThemePreference {
  return value === 'light' || value === 'dark' || value === 'system'
}

/**
 * Resolves a preference to the theme to apply.
 * @param preference - the user's choice
 * @param systemPrefersDark - whether `prefers-color-scheme: dark` currently matches
 */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light'
  return preference
}
