/**
 * The file formats a collection is exported to, as the UI lists them (labels, file extensions).
 * Tiny on purpose: the exporters themselves (and `yaml`, `fflate`) load only when one is used.
 */
import type { InterchangeLoss } from './model'

/** A format "Export as…" offers. */
export type CollectionFileFormat = 'opencollection-zip' | 'postman' | 'insomnia-v4' | 'insomnia-v5' | 'har' | 'curl'

/** Each export format: its label and the file it gives. */
export const COLLECTION_FILE_FORMATS: readonly { format: CollectionFileFormat; label: string; extension: string; mediaType: string }[] = [
  { format: 'opencollection-zip', label: 'OpenCollection / Bruno (zip)', extension: 'zip', mediaType: 'application/zip' },
  { format: 'postman', label: 'Postman collection v2.1', extension: 'postman_collection.json', mediaType: 'application/json' },
  { format: 'insomnia-v4', label: 'Insomnia v4 (JSON)', extension: 'insomnia.json', mediaType: 'application/json' },
  { format: 'insomnia-v5', label: 'Insomnia v5 (YAML)', extension: 'insomnia.yaml', mediaType: 'application/yaml' },
  { format: 'har', label: 'HAR 1.2', extension: 'har', mediaType: 'application/json' },
  { format: 'curl', label: 'curl commands', extension: 'sh', mediaType: 'text/x-shellscript' },
]

/** A collection's folder as the page holds it. */
export interface FolderLink {
  /** `connected`: read and written; `reconnect`: the browser wants permission again (after a reload), a click gives it; `error`: the last read or write failed. */
  status: 'connected' | 'reconnect' | 'error'
  folderName: string
  /** Why it failed (status `error`). */
  message?: string
}

/** What the last import gave. */
export type ImportOutcome = { ok: true; fileName: string; format: string; collectionName: string; losses: InterchangeLoss[] } | { ok: false; fileName: string; message: string }

/** What the last export gave. */
export interface ExportOutcome {
  fileName: string
  format: CollectionFileFormat
  losses: InterchangeLoss[]
}
