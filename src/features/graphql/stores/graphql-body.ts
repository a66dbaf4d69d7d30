/** Reading a response body into the tree model: the tester store's plumbing. */
import { isJsonMediaType, type BodyStart, type ResponseOutcome } from '@/features/graphql/core/request'
import { previewJsonTree, type JsonPreview } from '@/shared/core/json/json-prefix'
import type { JsonTreeModel } from '@/shared/core/json/json-tree'
import { WORKER_THRESHOLD, parseJsonTree } from '@/shared/composables/useJsonParse'
import { responseShapeFromModel } from '../core/tester'

/** Parses a JSON body into its tree model (in a worker above WORKER_THRESHOLD) and sets `json`/`jsonError` as the core would; a body over the size guard (`bodyTruncated`) is not parsed. */
export async function readBody(r: ResponseOutcome): Promise<{ outcome: ResponseOutcome; model?: JsonTreeModel }> {
  if (r.bodyTruncated || !(isJsonMediaType(r.mediaType) || r.mediaType === '') || r.bodyText.trim() === '') return { outcome: r }
  try {
    const model = await parseJsonTree(r.bodyText)
    const json = r.bodyText.length < WORKER_THRESHOLD ? (JSON.parse(r.bodyText) as unknown) : responseShapeFromModel(model)
    return { outcome: { ...r, json }, model }
  } catch (error) {
    // Without a media type, a body that is not JSON is simply text; with a JSON one, it is an error.
    if (r.mediaType === '') return { outcome: r }
    return { outcome: { ...r, jsonError: error instanceof Error ? error.message : String(error) } }
  }
}

/** The tree of the start of a large body still arriving, when it is (or may be) JSON and starts as an object or array. */
export function previewOfBodyStart(start: BodyStart): JsonPreview | undefined {
  return isJsonMediaType(start.mediaType) || start.mediaType === '' ? previewJsonTree(start.text) : undefined
}
