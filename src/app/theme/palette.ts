import type { GlobalThemeOverrides } from 'naive-ui'
import type { ResolvedTheme } from './preference'

/**
 * The app's own colours per theme, chosen for WCAG 2.2 AA: text ≥ 4.5:1 and focus rings / meter
 * fills ≥ 3:1 against the page background. Naive UI's defaults fail in places (light primary green
 * and warning orange as text, dark placeholder/secondary text ~3.4:1), so they are overridden here
 * and fed to Naive through `themeOverrides`; the app's CSS reads them as `--awb-*` custom properties.
 */
export interface Palette {
  bg: string
  surface: string
  surfaceMuted: string
  text: string
  textMuted: string
  border: string
  primary: string
  primaryHover: string
  primaryPressed: string
  onPrimary: string
  link: string
  focus: string
  success: string
  warning: string
  error: string
  info: string
  /** Borders that identify form fields (WCAG 1.4.11: ≥ 3:1); `border` is for decoration. */
  inputBorder: string
  /** Text selection background (editors). */
  selection: string
  /** Syntax colours of code editors and viewers, each ≥ 4.5:1 on `surface` and `surfaceMuted`. */
  codeKeyword: string
  codeString: string
  codeNumber: string
  codeProperty: string
  codeComment: string
}

export const palettes: Record<ResolvedTheme, Palette> = {
  light: {
    bg: '#ffffff',
    surface: '#ffffff',
    surfaceMuted: '#f4f5f7',
    text: 'rgb(31, 34, 37)',
    textMuted: '#5c6166',
    border: '#c9ccd1',
    primary: '#0b7340',
    primaryHover: '#0e8049',
    primaryPressed: '#095c33',
    onPrimary: '#ffffff',
    link: '#0b6b3b',
    focus: '#0b57d0',
    success: '#0b7340',
    warning: '#8a5300',
    error: '#b3261e',
    info: '#0b57d0',
    inputBorder: '#80858c',
    selection: '#cfe3ff',
    codeKeyword: '#8a1fb8',
    codeString: '#0b6b3b',
    codeNumber: '#1a56a8',
    codeProperty: '#9a3412',
    codeComment: '#5c6166',
  },
  dark: {
    bg: 'rgb(16, 16, 20)',
    surface: 'rgb(24, 24, 28)',
    surfaceMuted: 'rgb(34, 34, 40)',
    text: 'rgba(255, 255, 255, 0.9)',
    textMuted: 'rgba(255, 255, 255, 0.7)',
    border: 'rgba(255, 255, 255, 0.28)',
    primary: '#63e2b7',
    primaryHover: '#7fe7c4',
    primaryPressed: '#5acea7',
    onPrimary: '#0b2a20',
    link: '#7fe7c4',
    focus: '#8ab4f8',
    success: '#63e2b7',
    warning: '#f2c97d',
    error: '#f28b82',
    info: '#8ab4f8',
    inputBorder: 'rgba(255, 255, 255, 0.42)',
    selection: '#264f78',
    codeKeyword: '#d2a8ff',
    codeString: '#7ee787',
    codeNumber: '#79c0ff',
    codeProperty: '#ffa657',
    codeComment: 'rgba(255, 255, 255, 0.7)',
  },
}

// The stacks live in fonts.css: which of them applies depends on whether the web fonts have been
// asked for yet (src/app/web-fonts), which a class on <html> says.
const fontFamily = 'var(--awb-font)'
const fontFamilyMono = 'var(--awb-font-mono)'

/** Naive UI theme overrides for a theme, derived from its palette. */
export function naiveOverrides(theme: ResolvedTheme): GlobalThemeOverrides {
  const p = palettes[theme]
  return {
    common: {
      fontFamily,
      fontFamilyMono,
      primaryColor: p.primary,
      primaryColorHover: p.primaryHover,
      primaryColorPressed: p.primaryPressed,
      primaryColorSuppl: p.primaryHover,
      successColor: p.success,
      warningColor: p.warning,
      errorColor: p.error,
      infoColor: p.info,
      textColor3: p.textMuted,
      placeholderColor: p.textMuted,
      textColorDisabled: p.textMuted,
      placeholderColorDisabled: p.textMuted,
      // Naive draws input, select and checkbox outlines with it.
      borderColor: p.inputBorder,
      // One control height and radius for every primitive (buttons, inputs, selects), 36 px ≥ the
      // 24 px target size of WCAG 2.5.8.
      heightMedium: '36px',
      heightSmall: '30px',
      borderRadius: '6px',
      fontSize: '14px',
      fontSizeMedium: '14px',
    },
    Button: {
      textColorPrimary: p.onPrimary,
      textColorHoverPrimary: p.onPrimary,
      textColorPressedPrimary: p.onPrimary,
      textColorFocusPrimary: p.onPrimary,
      // Secondary buttons keep a visible edge (the default grey is below 3:1 in dark) and full-contrast text.
      border: `1px solid ${p.inputBorder}`,
      textColor: p.text,
      fontWeight: '400',
      fontWeightStrong: '600',
    },
    Input: {
      // Field borders ≥ 3:1 (WCAG 1.4.11); the focus ring itself comes from global.css (:focus-within).
      border: `1px solid ${p.inputBorder}`,
      borderHover: `1px solid ${p.primary}`,
      borderFocus: `1px solid ${p.focus}`,
      boxShadowFocus: 'none',
      boxShadowFocusError: 'none',
      boxShadowFocusWarning: 'none',
      borderError: `1px solid ${p.error}`,
      borderHoverError: `1px solid ${p.error}`,
      borderFocusError: `1px solid ${p.error}`,
      color: p.surface,
      colorFocus: p.surface,
      textColor: p.text,
      placeholderColor: p.textMuted,
    },
    Checkbox: { border: `1px solid ${p.inputBorder}`, boxShadowFocus: 'none', textColor: p.text },
    Radio: {
      boxShadow: `inset 0 0 0 1px ${p.inputBorder}`,
      boxShadowFocus: 'none',
      textColor: p.text,
      // Segmented controls: the chosen option is filled in both themes (Naive's light theme only tints
      // its text and border, which leaves the state to colour alone — WCAG 1.4.1).
      buttonColorActive: p.primary,
      buttonTextColorActive: p.onPrimary,
      buttonBorderColorActive: p.primary,
      buttonBorderColor: p.inputBorder,
      buttonTextColor: p.text,
      buttonBoxShadowFocus: 'none',
    },
    Switch: { boxShadowFocus: 'none' },
    Tag: { textColor: p.text, border: `1px solid ${p.border}` },
    Card: { borderColor: p.border, titleTextColor: p.text, textColor: p.text },
  }
}

/** A palette key's CSS custom property, e.g. `textMuted` → `--awb-text-muted`. */
export function paletteCssVar(key: keyof Palette): string {
  return `--awb-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
}

/** The palette as `--awb-*` CSS custom properties, for the app's own styles. */
export function paletteCssVars(theme: ResolvedTheme): Record<string, string> {
  const p = palettes[theme]
  const vars: Record<string, string> = {}
  for (const [key, value] of Object.entries(p)) vars[paletteCssVar(key as keyof Palette)] = value
  return vars
}
