/// <reference lib="webworker" />
/**
 * Parses and flattens a large JSON body off the main thread. The model's columns travel back as
 * transferred buffers (no copy); its text is the body, which the page keeps.
 */
import { modelBuffers } from '@/shared/core/json/json-tree'
import { scanJson, type ScannedJson } from '@/shared/core/json/json-tree-scan'

/** A request from {@link parseJsonTree} (json-parse.ts). */
export interface ParseJsonRequest {
  id: number
  text: string
}

/** The worker's answer. */
export type ParseJsonResponse = ScannedJson & { id: number }

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = (event: MessageEvent<ParseJsonRequest>) => {
  const { id, text } = event.data
  // The model is scanned from the text itself, which the page already holds: only the columns travel.
  const scanned = scanJson(text)
  scope.postMessage({ ...scanned, id } satisfies ParseJsonResponse, scanned.ok ? modelBuffers(scanned.model) : [])
}
