/** Reading a response body into the tree model: the tester store's plumbing. */
import { isScannableBody, type ResponseOutcome } from '@/features/graphql/core/request'
import type { ScannedJson } from '@/shared/core/json/json-tree-scan'
import type { JsonTreeModel } from '@/shared/core/json/json-tree'
import { WORKER_THRESHOLD, parseJsonTree } from '@/shared/io/json-parse'
import { responseShapeFromModel } from '../core/tester'

/** A response with its `json` (or `jsonError`) set as the core would, and the body's tree model. */
export interface ReadBody {
  outcome: ResponseOutcome
  model?: JsonTreeModel
}

/** Parses a JSON body into its tree model (in a worker above WORKER_THRESHOLD) and sets `json`/`jsonError` as the core would; a body over the size guard (`bodyTruncated`) is not parsed. */
export async function readBody(r: ResponseOutcome): Promise<ReadBody> {
  if (!isScannableBody(r)) return { outcome: r }
  let model: JsonTreeModel
  try {
    model = await parseJsonTree(r.bodyText)
  } catch (error) {
    return withScannedBody(r, { ok: false, message: error instanceof Error ? error.message : String(error) })
  }
  return withModel(r, model)
}

/**
 * The response with the tree its body was scanned into where it was read (the send worker): `json`
 * is the value for a small body and only the shape for a large one (see `responseShapeFromModel`),
 * so the page never builds a large body's object graph.
 */
export function withScannedBody(r: ResponseOutcome, scanned: ScannedJson | undefined): ReadBody {
  if (!scanned) return { outcome: r }
  if (!scanned.ok) {
    // Without a media type, a body that is not JSON is simply text; with a JSON one, it is an error.
    return r.mediaType === '' ? { outcome: r } : { outcome: { ...r, jsonError: scanned.message } }
  }
  return withModel(r, { ...scanned.model, text: r.bodyText })
}

function withModel(r: ResponseOutcome, model: JsonTreeModel): ReadBody {
  const json = r.bodyText.length < WORKER_THRESHOLD ? (JSON.parse(r.bodyText) as unknown) : responseShapeFromModel(model)
  return { outcome: { ...r, json }, model }
}
