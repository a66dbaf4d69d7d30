/** One entry of the app's navigation. */
export interface NavItem {
  /** Path inside the app, e.g. `/graphql`. */
  to: string
  /** Visible text of the link. */
  label: string
}

/**
 * Whether a click on a link should be handled in-app, or left to the browser (new tab, download,
 * modified or non-primary click).
 */
export function isPlainLeftClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}
