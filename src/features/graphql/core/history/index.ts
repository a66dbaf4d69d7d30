/**
 * Framework-free request history for the GraphQL tester: bounded, searchable, stored through a
 * caller-provided storage, and never holding secret header values. The redaction rule is shared
 * with share links.
 */
export {
  createHistory,
  type HistoryEntry,
  type HistoryInput,
  type HistoryOptions,
  type HistoryStorage,
  type HistoryStore,
} from './history'
export { isSecretHeader, redactHeaders, type RedactedHeader } from '../../../../shared/core/redact'
