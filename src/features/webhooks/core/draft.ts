import { providers } from './index'
import type { WebhookSample } from './types'

/** What the webhook page keeps of its work between visits: the generated sample and the edited body text (no secret). */
export interface Draft {
  /** Format version; a draft of another version is not read. */
  version: 1
  /** The sample as generated (provider, event, headers, body). */
  sample: WebhookSample
  /** The body as the user left it (equal to `sample.body` when unedited). */
  bodyText: string
}

/**
 * Reads a stored draft defensively: anything unknown or malformed gives no draft. Catalogue events
 * (not built in) are accepted by name: the sample is stored whole, and Regenerate loads the catalogue.
 * @throws SyntaxError when `raw` is not JSON (the persisted-state reader reports it)
 */
export function readDraft(raw: string): Draft | null {
  const value = JSON.parse(raw) as Partial<Draft> | null
  const s = value?.sample
  const known = providers.some((p) => p.id === s?.provider) && typeof s?.event === 'string' && s.event !== ''
  if (value?.version !== 1 || !s || !known || typeof value.bodyText !== 'string' || typeof s.body !== 'string') return null
  return value as Draft
}
