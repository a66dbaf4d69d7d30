/** The types of `NameValueRows.vue`: what a row, its problem and its secret hint hold. */

/** A row of name and value that may be secret (a request header, an environment variable). */
export interface NameValueRow {
  /** Stable identity for list rendering and focus. */
  id: string
  name: string
  value: string
  /** Masked on screen, kept only in memory, a shell variable in curl. */
  secret: boolean
  /** The user chose to save a credential-looking value that is not secret in this browser. @default false */
  remember?: boolean
}

/** A problem with one row, shown at the input it concerns. */
export interface NameValueProblem {
  field: 'name' | 'value'
  message: string
}

/** The hint under a secret row: `lead`, then the shell variable curl reads the value from. */
export interface SecretHint {
  /** The words before the variable, e.g. "curl reads it from". */
  lead: string
  /** The variable's name, without `$`. */
  variable: string
}
