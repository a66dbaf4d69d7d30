/**
 * What the GraphQL tester's stores say to screen-reader users (through the app's announcer) after
 * an action that changes the page without moving focus. One short sentence each; never request
 * data beyond an operation or field name.
 */

/** After an example replaced the query and variables. */
export function exampleLoaded(label: string): string {
  return `Loaded example: ${label}`
}

/**
 * After "Fill variables" worked.
 *
 * @param withSchema - whether a schema gave the value types (else only the operation's declarations).
 */
export function variablesFilled(withSchema: boolean): string {
  return withSchema ? 'Variables filled from the operation and the schema' : 'Variables filled from the operation'
}

/** After a history entry filled the editors. */
export function openedFromHistory(operationName: string | undefined): string {
  return `Opened ${operationName ?? 'request'} from history. Nothing was sent.`
}

/** After one history entry was deleted. */
export function deletedFromHistory(operationName: string | undefined): string {
  return `Deleted ${operationName ?? 'request'} from history`
}

/** After the whole history was deleted. */
export const HISTORY_CLEARED = 'History cleared'

/** After the docs explorer inserted a field at the query editor's cursor. */
export function fieldInserted(fieldName: string): string {
  return `Inserted ${fieldName} into the query`
}

/** After a request tab was opened (new, duplicate, from history or a share link); `title` as `tabTitle` gives it. */
export function tabOpened(title: string): string {
  return `Opened tab ${title}`
}

/** After a request tab was closed: which one, and which tab is shown now. */
export function tabClosed(closed: string, shown: string): string {
  return `Closed tab ${closed}; showing ${shown}`
}
