/**
 * WCAG 2.2 contrast ratios of the palette's colours, as the palette's unit tests check them and the
 * Storybook's Foundations page shows them: one function, so the documented numbers are the tested ones.
 */

type Rgb = [number, number, number]

/** Parses `#rgb`, `#rrggbb`, `rgb()` or `rgba()`, compositing its alpha over `under`. @default under white */
function rgb(color: string, under: Rgb = [255, 255, 255]): Rgb {
  if (color.startsWith('#')) {
    const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1)
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb
  }
  const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number)
  return [r, g, b].map((c, i) => Math.round(c * a + (under[i] ?? 0) * (1 - a))) as Rgb
}

/** Relative luminance (WCAG 2.2, "relative luminance"). */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/**
 * The contrast ratio of `fg` on `bg`, both composited over the page colour (translucent colours, as
 * the dark theme's text, are measured as they show).
 * @param fg - the text or UI colour
 * @param bg - the background it sits on
 * @param page - the page background under both
 * @returns the ratio, 1 to 21
 */
export function contrastRatio(fg: string, bg: string, page: string): number {
  const back = rgb(bg, rgb(page))
  const [l1, l2] = [luminance(rgb(fg, back)), luminance(back)].sort((a, b) => b - a) as [number, number]
  return (l1 + 0.05) / (l2 + 0.05)
}

/** The minimum WCAG 2.2 AA asks: 4.5:1 for text (1.4.3), 3:1 for UI boundaries and focus rings (1.4.11). */
export const AA_MINIMUM = { text: 4.5, ui: 3 } as const
