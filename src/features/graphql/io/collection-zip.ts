/**
 * The OpenCollection layout as a zip (for browsers without the File System Access API, and to hand
 * a collection to someone): fflate (exact version pinned; 6.1 KB gzip for zipSync, unzipSync and
 * strToU8, esbuild --minify) is loaded on first use; in the app this runs in the collection-files
 * worker, itself started on the first file action, so fflate is never part of the page's load.
 */
import type { Zippable } from 'fflate'
import type { FolderFiles } from './collection-folder'

/**
 * `files` zipped, each under `root/` (the collection's folder name, so unzipping makes one folder).
 * Deflated; the entries' dates are `date` (a zip keeps local time, to the even second).
 */
export async function zipFiles(files: Readonly<FolderFiles>, root: string, date = new Date()): Promise<Uint8Array> {
  const { strToU8, zipSync } = await import('fflate')
  const entries: Zippable = Object.fromEntries(Object.entries(files).map(([path, text]): [string, [Uint8Array, { mtime: Date }]] => [`${root}/${path}`, [strToU8(text), { mtime: date }]]))
  return zipSync(entries, { level: 6 })
}

/** Whether `bytes` start as a zip does (`PK\x03\x04`, or `PK\x05\x06` for an empty one). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
}

/** The text files of a zip (directories and files that are not UTF-8 text skipped), by path. */
export async function unzipFiles(bytes: Uint8Array): Promise<FolderFiles> {
  const { unzipSync } = await import('fflate')
  const files: FolderFiles = {}
  const decoder = new TextDecoder('utf-8', { fatal: true })
  for (const [path, data] of Object.entries(unzipSync(bytes, { filter: (file) => !file.name.endsWith('/') && !file.name.startsWith('__MACOSX/') }))) {
    try {
      files[path] = decoder.decode(data)
    } catch {
      // A binary file (an image beside the collection): not part of the layout, skipped.
    }
  }
  return files
}
