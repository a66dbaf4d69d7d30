/// <reference lib="webworker" />
/**
 * Parses and flattens a large JSON body off the main thread. The model's columns travel back as
 * transferred buffers (no copy); its text is the body, which the page keeps.
 */
import { modelBuffers, type JsonTreeModel } from '@/shared/core/json/json-tree'
import { scanJsonTree } from '@/shared/core/json/json-tree-scan'

/** A request from {@link parseJsonTree} (useJsonParse.ts). */
export interface ParseJsonRequest {
  id: number
  text: string
}

/** The worker's answer. */
export type ParseJsonResponse = { id: number; ok: true; model: Omit<JsonTreeModel, 'text'> } | { id: number; ok: false; message: string }

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = (event: MessageEvent<ParseJsonRequest>) => {
  const { id, text } = event.data
  try {
    // JSON.parse checks the text (and gives the browser's message when it is not JSON); the model
    // is then scanned from the text itself, which the page already holds: only the columns travel.
    JSON.parse(text)
    const { text: _text, ...columns } = scanJsonTree(text)
    scope.postMessage({ id, ok: true, model: columns } satisfies ParseJsonResponse, modelBuffers(columns))
  } catch (error) {
    scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies ParseJsonResponse)
  }
}
