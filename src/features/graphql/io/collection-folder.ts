/**
 * A collection kept in a folder the user picked (File System Access API), in the OpenCollection
 * layout (core `exportOpenCollection` / `importOpenCollection`): `opencollection.yml`, a directory
 * and `folder.yml` per folder, a `.yml` and a `.graphql` file per request. Only the files whose
 * content changed are written, and only files of ours that the collection no longer has are
 * removed — ours being the layout's files a read recognised (`opencollection.yml`, `folder.yml`,
 * GraphQL request `.yml` files and the `.graphql` beside each); anything else in the folder (a
 * README, a Bruno HTTP request, `.git`) is never touched. A cheap signature (paths, sizes,
 * lastModified) tells whether the folder changed elsewhere (git pull, an editor, Bruno) without
 * reading it. Runs in the collection-files worker (handles are structured-cloneable); picking,
 * permissions and keeping handles are the page's (`collection-folder-handles.ts`).
 */
import type { YamlCodec } from '../core/collections/insomnia'

/** Directories never read (a repository's own folders, dependencies). */
const SKIPPED = new Set(['.git', 'node_modules', '.idea', '.vscode'])
/** The layout's text files. */
const LAYOUT_FILE = /\.(?:ya?ml|graphql)$/i

/** Files by path (`/`-separated, relative to the folder). */
export type FolderFiles = Record<string, string>

async function* entries(dir: FileSystemDirectoryHandle, prefix = ''): AsyncGenerator<{ path: string; handle: FileSystemFileHandle }> {
  for await (const handle of dir.values()) {
    if (handle.kind === 'directory') {
      if (!SKIPPED.has(handle.name) && !handle.name.startsWith('.')) yield* entries(handle, `${prefix}${handle.name}/`)
    } else if (LAYOUT_FILE.test(handle.name)) yield { path: `${prefix}${handle.name}`, handle }
  }
}

/** The layout's files in `dir` (`.yml`, `.yaml`, `.graphql`, hidden folders and `.git` skipped), by path. */
export async function readFolder(dir: FileSystemDirectoryHandle): Promise<FolderFiles> {
  const files: FolderFiles = {}
  for await (const { path, handle } of entries(dir)) files[path] = await (await handle.getFile()).text()
  return files
}

/**
 * A signature of the layout's files: each path with its size and lastModified, sorted. Two equal
 * signatures mean nothing was changed on disk (as far as a file system can tell without reading).
 */
export async function folderSignature(dir: FileSystemDirectoryHandle): Promise<string> {
  const parts: string[] = []
  for await (const { path, handle } of entries(dir)) {
    const file = await handle.getFile()
    parts.push(`${path}\t${file.size}\t${file.lastModified}`)
  }
  return parts.sort().join('\n')
}

/**
 * The files of `files` that belong to the collection's layout (so a write may replace or remove
 * them): `opencollection.yml`, `folder.yml`, `.yml` requests of type graphql (Bruno's HTTP requests
 * are not ours) and each one's `.graphql` twin. A file that does not parse as YAML is not ours.
 */
export function ownedPaths(files: Readonly<FolderFiles>, yaml: YamlCodec): Set<string> {
  const owned = new Set<string>()
  for (const [path, text] of Object.entries(files)) {
    const name = path.slice(path.lastIndexOf('/') + 1)
    if (name === 'opencollection.yml') {
      owned.add(path)
      continue
    }
    if (!/\.ya?ml$/i.test(name)) continue
    let value: unknown
    try {
      value = yaml.parse(text)
    } catch {
      continue
    }
    const type = typeof value === 'object' && value !== null && 'info' in value && typeof value.info === 'object' && value.info !== null && 'type' in value.info ? value.info.type : undefined
    if (name === 'folder.yml' && (type === 'folder' || type === undefined)) owned.add(path)
    else if (type === 'graphql') {
      owned.add(path)
      const twin = path.replace(/\.ya?ml$/i, '.graphql')
      if (twin in files) owned.add(twin)
    }
  }
  return owned
}

async function directoryAt(root: FileSystemDirectoryHandle, parts: readonly string[], create: boolean): Promise<FileSystemDirectoryHandle | undefined> {
  let dir = root
  for (const part of parts) {
    try {
      dir = await dir.getDirectoryHandle(part, { create })
    } catch (error) {
      if (!create && (error as DOMException).name === 'NotFoundError') return undefined
      throw error
    }
  }
  return dir
}

/** What {@link writeFolder} did. */
export interface FolderWrite {
  /** Paths written (new or changed), in order. */
  written: string[]
  /** Paths of ours removed (no longer in the collection). */
  removed: string[]
  /** The folder's signature after the write. */
  signature: string
}

/**
 * Writes `files` (an OpenCollection export) into `dir`: the folder is read first, each file whose
 * text differs is written, and each file of ours ({@link ownedPaths}) that `files` no longer has is
 * removed, then its directory if that left it empty. Nothing else is touched.
 */
export async function writeFolder(dir: FileSystemDirectoryHandle, files: Readonly<FolderFiles>, yaml: YamlCodec): Promise<FolderWrite> {
  const current = await readFolder(dir)
  const written: string[] = []
  for (const [path, text] of Object.entries(files)) {
    if (current[path] === text) continue
    const parts = path.split('/')
    const parent = (await directoryAt(dir, parts.slice(0, -1), true))!
    const writable = await (await parent.getFileHandle(parts.at(-1)!, { create: true })).createWritable()
    await writable.write(text)
    await writable.close()
    written.push(path)
  }
  const removed: string[] = []
  const emptied = new Set<string>()
  for (const path of ownedPaths(current, yaml)) {
    if (path in files) continue
    const parts = path.split('/')
    const parent = await directoryAt(dir, parts.slice(0, -1), false)
    await parent?.removeEntry(parts.at(-1)!)
    removed.push(path)
    for (let depth = parts.length - 1; depth > 0; depth--) emptied.add(parts.slice(0, depth).join('/'))
  }
  // Deepest first, so a folder emptied of its subfolders goes too; one with anything else left stays.
  for (const path of [...emptied].sort((a, b) => b.split('/').length - a.split('/').length)) {
    const parts = path.split('/')
    const parent = await directoryAt(dir, parts.slice(0, -1), false)
    const child = await directoryAt(dir, parts, false)
    if (!parent || !child) continue
    const { done } = await child.values().next()
    if (done) await parent.removeEntry(parts.at(-1)!)
  }
  return { written, removed, signature: await folderSignature(dir) }
}

