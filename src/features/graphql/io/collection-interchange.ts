/**
 * Collection files in and out, loaded only when the user imports or exports (with `yaml`, and
 * `fflate` for zips): "Import…" reads any file the core importers know — telling the format from
 * the content, not the name — and "Export as…" writes one format, each with its losses.
 */
import { parse, stringify } from 'yaml'
import {
  exportCurl,
  exportHar,
  exportInsomniaV4,
  exportInsomniaV5,
  exportOpenCollection,
  exportPostman,
  importCurl,
  importHar,
  importInsomnia,
  importOpenCollection,
  importPostman,
  type Collection,
  type CollectionImport,
  type InterchangeLoss,
  type InterchangeRefusal,
  type YamlCodec,
} from '../core/collections'
import { COLLECTION_FILE_FORMATS, type CollectionFileFormat } from '../core/collections/file-formats'
import { fileNameFor } from '../core/collections/opencollection'
import { isJsonObject } from '../../../shared/core/json/json-object'
import { isZip, unzipFiles, zipFiles } from './collection-zip'

export { exportOpenCollection, importOpenCollection }

/** The `yaml` package as the core's codec. */
export const yamlCodec: YamlCodec = { parse: (text) => parse(text) as unknown, stringify: (value) => stringify(value) }

/** A file read as a collection, with the format it was found to be. */
export type ImportedFile = (CollectionImport & { ok: true; format: string }) | InterchangeRefusal

const refused = (message: string): InterchangeRefusal => ({ ok: false, message })
const tagged = (format: string, result: CollectionImport | InterchangeRefusal): ImportedFile => ('ok' in result ? result : { ok: true, format, ...result })

/**
 * Reads `bytes` (a file named `name`) as a collection: an OpenCollection zip, Postman v2.1 JSON,
 * an Insomnia v4 JSON or v5 YAML export, an OpenCollection YAML, a HAR, or curl command text. A
 * file none of these read is refused with what it looked like and why.
 */
export async function importCollectionFile(name: string, bytes: Uint8Array): Promise<ImportedFile> {
  if (isZip(bytes)) {
    let files
    try {
      files = await unzipFiles(bytes)
    } catch (error) {
      return refused(`${name} is not a zip that can be read: ${(error as Error).message}`)
    }
    return tagged('OpenCollection (zip)', importOpenCollection(files, yamlCodec))
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    return refused(`${name} is not a text file (nor a zip): nothing to import.`)
  }
  if (text.trim() === '') return refused(`${name} is empty.`)
  if (/^\s*(?:#[^\n]*\n\s*)*curl\s/.test(text)) return tagged('curl', importCurl(text))
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  if (json !== undefined) {
    if (!isJsonObject(json)) return refused(`${name} is JSON, but not an object: not a Postman, Insomnia or HAR export.`)
    if (json._type === 'export' || (typeof json.type === 'string' && json.type.startsWith('collection.insomnia.rest/'))) return tagged('Insomnia', importInsomnia(text, yamlCodec))
    if (isJsonObject(json.log) && Array.isArray(json.log.entries)) return tagged('HAR', importHar(text))
    if (isJsonObject(json.info) && Array.isArray(json.item)) return tagged('Postman v2.1', importPostman(text))
    return refused(`${name} is JSON, but neither a Postman v2.1 collection (info, item), an Insomnia export (_type: export) nor a HAR (log.entries).`)
  }
  let yaml: unknown
  try {
    yaml = parse(text)
  } catch (error) {
    return refused(`${name} is neither JSON, YAML, a zip nor a curl command: ${(error as Error).message.split('\n')[0]}`)
  }
  if (isJsonObject(yaml) && typeof yaml.type === 'string' && yaml.type.startsWith('collection.insomnia.rest/')) return tagged('Insomnia v5', importInsomnia(text, yamlCodec))
  if (isJsonObject(yaml) && 'opencollection' in yaml) return tagged('OpenCollection (YAML)', importOpenCollection({ 'opencollection.yml': text }, yamlCodec))
  return refused(`${name} is YAML, but neither an Insomnia v5 collection (type: collection.insomnia.rest/5.0) nor an OpenCollection (opencollection: …).`)
}

/** An export ready to download. */
export interface ExportedFile {
  fileName: string
  content: Blob
  losses: InterchangeLoss[]
}

/** `collection` as a file of `format`, named after it, with what the format could not carry. */
export async function exportCollectionFile(collection: Collection, format: CollectionFileFormat): Promise<ExportedFile> {
  const spec = COLLECTION_FILE_FORMATS.find((f) => f.format === format)!
  const base = fileNameFor(collection.name, new Set())
  const fileName = `${base}.${spec.extension}`
  const file = (output: string | Uint8Array, losses: InterchangeLoss[]): ExportedFile => ({ fileName, content: new Blob([output as BlobPart], { type: spec.mediaType }), losses })
  switch (format) {
    case 'opencollection-zip': {
      const { output, losses } = exportOpenCollection(collection, yamlCodec)
      return file(await zipFiles(output, base), losses)
    }
    case 'postman': {
      const { output, losses } = exportPostman(collection)
      return file(output, losses)
    }
    case 'insomnia-v4': {
      const { output, losses } = exportInsomniaV4(collection)
      return file(output, losses)
    }
    case 'insomnia-v5': {
      const { output, losses } = exportInsomniaV5(collection, yamlCodec)
      return file(output, losses)
    }
    case 'har': {
      const { output, losses } = exportHar(collection)
      return file(output, losses)
    }
    case 'curl': {
      const { output, losses } = exportCurl(collection)
      return file(`#!/bin/sh\n${output.map((c) => `# ${c.path}\n${c.command}\n`).join('\n')}`, losses)
    }
  }
}

/** What exporting `collection` as `format` would lose (listed before the user exports). */
export async function exportLosses(collection: Collection, format: CollectionFileFormat): Promise<InterchangeLoss[]> {
  return (await exportCollectionFile(collection, format)).losses
}
