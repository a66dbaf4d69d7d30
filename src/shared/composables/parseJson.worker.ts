/// <reference lib="webworker" />
/**
 * Parses and flattens a large JSON body off the main thread. The model's columns travel back as
 * transferred buffers (no copy); the text column is one string.
 */
import { modelBuffers, parseAndFlatten, type JsonTreeModel } from '@/shared/core/json/json-tree'

/** A request from {@link parseJsonTree} (useJsonParse.ts). */
export interface ParseJsonRequest {
  id: number
  text: string
}

/** The worker's answer. */
export type ParseJsonResponse = { id: number; ok: true; model: JsonTreeModel } | { id: number; ok: false; message: string }

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = (event: MessageEvent<ParseJsonRequest>) => {
  const { id, text } = event.data
  try {
    const model = parseAndFlatten(text)
    scope.postMessage({ id, ok: true, model } satisfies ParseJsonResponse, modelBuffers(model))
  } catch (error) {
    scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies ParseJsonResponse)
  }
}
