/**
 * Heading levels of components that sit at different depths of a page's outline: the owner passes
 * the level that fits (h1 is the page's own), and the component's sections take the next one.
 */

/** A heading level a component may be given. */
export type HeadingLevel = 2 | 3 | 4 | 5 | 6

/** The heading element of `level`, e.g. `'h3'` (for `<component :is>`). */
export function headingTag(level: HeadingLevel): `h${HeadingLevel}` {
  return `h${level}`
}

/** The level of a component's sections: the next one below `level`, at most 6. */
export function subLevel(level: HeadingLevel): HeadingLevel {
  return Math.min(level + 1, 6) as HeadingLevel
}
