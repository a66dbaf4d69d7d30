/// <reference lib="webworker" />
/**
 * Collection files off the page: the formats (with `yaml`, and `fflate` for zips) and the folder's
 * reads and writes run here, so none of that code is part of the page's chunks (it shares the
 * collection model with the page: in one bundle, the bundler split the page's chunk around it,
 * +3.1 KB gzip on /graphql's first load). Jobs: see {@link CollectionFilesRequest}.
 */
import type { Collection, CollectionImport, InterchangeLoss, InterchangeRefusal } from '../core/collections/model'
import type { CollectionFileFormat } from '../core/collections/file-formats'
import { folderSignature, readFolder, writeFolder, type FolderWrite } from './collection-folder'
import { exportCollectionFile, exportOpenCollection, importCollectionFile, importOpenCollection, yamlCodec, type ImportedFile } from './collection-interchange'

/** A job for the worker. */
export type CollectionFilesRequest = { id: number } & (
  | { type: 'import'; name: string; bytes: Uint8Array }
  | { type: 'export'; collection: Collection; format: CollectionFileFormat }
  | { type: 'read-folder'; dir: FileSystemDirectoryHandle }
  | { type: 'write-folder'; dir: FileSystemDirectoryHandle; collection: Collection }
  | { type: 'signature'; dir: FileSystemDirectoryHandle }
  | { type: 'holds-collection'; dir: FileSystemDirectoryHandle }
)

/** An export's file. */
export interface ExportedBytes {
  fileName: string
  bytes: Uint8Array
  mediaType: string
  losses: InterchangeLoss[]
}

/** What each job answers. */
export interface CollectionFilesResults {
  import: ImportedFile
  export: ExportedBytes
  'read-folder': { result: CollectionImport | InterchangeRefusal; signature: string }
  'write-folder': FolderWrite
  signature: string
  'holds-collection': boolean
}

/** The worker's answer to job `id`. */
export type CollectionFilesMessage = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string }

async function work(request: CollectionFilesRequest): Promise<unknown> {
  switch (request.type) {
    case 'import':
      return importCollectionFile(request.name, request.bytes)
    case 'export': {
      const file = await exportCollectionFile(request.collection, request.format)
      return { fileName: file.fileName, bytes: new Uint8Array(await file.content.arrayBuffer()), mediaType: file.content.type, losses: file.losses } satisfies ExportedBytes
    }
    case 'read-folder': {
      const signature = await folderSignature(request.dir)
      return { result: importOpenCollection(await readFolder(request.dir), yamlCodec), signature }
    }
    case 'write-folder':
      return writeFolder(request.dir, exportOpenCollection(request.collection, yamlCodec).output, yamlCodec)
    case 'signature':
      return folderSignature(request.dir)
    case 'holds-collection':
      return 'opencollection.yml' in (await readFolder(request.dir))
  }
}

const scope = self as unknown as DedicatedWorkerGlobalScope
scope.onmessage = (event: MessageEvent<CollectionFilesRequest>) => {
  const { id } = event.data
  work(event.data).then(
    (value) => scope.postMessage({ id, ok: true, value } satisfies CollectionFilesMessage),
    (error: unknown) => scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies CollectionFilesMessage),
  )
}
