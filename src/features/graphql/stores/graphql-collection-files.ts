import { ref, shallowRef, watch } from 'vue'
import { defineStore } from 'pinia'
import { useAnnouncer } from '@/shared/composables/useAnnouncer'
import { useDownload } from '@/shared/composables/useDownload'
import type { Collection, InterchangeLoss } from '../core/collections/model'
import type { CollectionFileFormat, ExportOutcome, FolderLink, ImportOutcome } from '../core/collections/file-formats'
import type { useGraphQLCollectionsStore } from './graphql-collections'

/** The collections store (passed in: importing it here would split the page's chunk, see the worker's comment). */
export type CollectionsStore = ReturnType<typeof useGraphQLCollectionsStore>

const handlesIo = () => import('../io/collection-folder-handles')
const job = () => import('../io/collection-files').then((m) => m.collectionFilesJob)
const plainText = (collection: Collection) => JSON.stringify(collection)
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** "; 2 things not carried" for an announcement, '' when everything was carried. */
function notCarried(count: number, suffix = ''): string {
  return count ? `; ${count} ${count === 1 ? 'thing' : 'things'} not carried${suffix}` : ''
}

/**
 * Collections as files: "Import…" of any format the core reads, "Export as…" each format,
 * and collections kept in a folder of the user's (File System Access API; a zip where the browser
 * has none). A folder collection is written on every change (only files that changed), and read
 * again when the tab regains focus if its files changed elsewhere (git pull, an editor, Bruno).
 * Folder handles are kept in IndexedDB; after a reload the browser asks for permission again, which
 * needs a click: such folders show "Reconnect folder". Everything heavy (yaml, fflate, the format
 * code, the folder's reads and writes) runs in a worker started on first use.
 *
 * @param collections - the collections store; only the first call's is used (a store is made once).
 */
export function useGraphQLCollectionFilesStore(collections: CollectionsStore) {
  return defineStore('graphql-collection-files', () => filesStore(collections))()
}

function filesStore(collections: CollectionsStore) {
  const { announce } = useAnnouncer()
  const { download } = useDownload()
  /** Whether this browser can keep a collection in a folder (else: zip export/import). */
  const folderAccess = typeof window !== 'undefined' && typeof window.showDirectoryPicker === 'function'
  /** Each folder collection's link, by collection id. */
  const folders = ref<Record<string, FolderLink>>({})
  /** What is running (`Importing…`), for the buttons' busy state. @default undefined */
  const busy = ref<string>()
  const lastImport = shallowRef<ImportOutcome>()
  const lastExport = shallowRef<ExportOutcome>()
  /** What exporting the chosen collection as the chosen format would lose, listed before the export. */
  /** The last folder action that could not be done, said in the panel. @default undefined */
  const problem = ref<string>()
  const exportPreview = shallowRef<{ id: string; format: CollectionFileFormat; losses: InterchangeLoss[] }>()

  const handles = new Map<string, FileSystemDirectoryHandle>()
  /** The collection as last written to / read from its folder, and the folder's signature then. */
  const synced = new Map<string, { text: string; signature: string }>()
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work)
    queue = next.catch(() => undefined)
    return next
  }

  function fail(id: string, error: unknown): void {
    const link = folders.value[id]
    const message = messageOf(error)
    folders.value = { ...folders.value, [id]: { status: 'error', folderName: link?.folderName ?? '', message } }
    void announce(`The folder ${link?.folderName ?? ''} could not be used: ${message}`)
  }

  async function write(id: string): Promise<void> {
    const handle = handles.get(id)
    const stored = collections.get(id)
    if (!handle || !stored || folders.value[id]?.status === 'reconnect') return
    const text = plainText(stored.collection)
    if (synced.get(id)?.text === text) return
    const { signature } = await (await job())({ type: 'write-folder', dir: handle, collection: JSON.parse(text) as Collection })
    synced.set(id, { text, signature })
    if (folders.value[id]?.status !== 'connected') folders.value = { ...folders.value, [id]: { status: 'connected', folderName: handle.name } }
  }

  /** Reads the folder of `id` again when its signature changed (or always, `force`). */
  async function read(id: string, force = false): Promise<void> {
    const handle = handles.get(id)
    if (!handle) return
    const run = await job()
    if (!force && synced.get(id)?.signature === (await run({ type: 'signature', dir: handle }))) return
    const { result, signature } = await run({ type: 'read-folder', dir: handle })
    if ('ok' in result) throw new Error(result.message)
    const text = plainText(result.collection)
    synced.set(id, { text, signature })
    if (plainText(collections.get(id)?.collection ?? result.collection) !== text) {
      collections.replaceCollection(id, result.collection)
      void announce(`${result.collection.name}: read again from the folder ${handle.name}`)
    }
  }

  // Every change to a folder collection is written (in order, one at a time).
  watch(
    () => collections.revision,
    () => {
      for (const id of handles.keys())
        if (folders.value[id]?.status === 'connected')
          void serially(() => write(id)).catch((error: unknown) => fail(id, error))
    },
  )

  /** On focus: picks up the folders' changes made elsewhere. */
  function checkFolders(): Promise<void> {
    return serially(async () => {
      for (const id of handles.keys()) {
        if (folders.value[id]?.status !== 'connected') continue
        try {
          await read(id)
        } catch (error) {
          fail(id, error)
        }
      }
    })
  }

  let started: Promise<void> | undefined
  /** Reads the kept folder handles (once) and starts watching focus. */
  function start(): Promise<void> {
    started ??= (async () => {
      if (typeof document !== 'undefined') {
        document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void checkFolders())
        window.addEventListener('focus', () => void checkFolders())
      }
      await collections.load()
      if (!folderAccess) return
      const { folderPermission, storedFolderHandles } = await handlesIo()
      let kept: Map<string, FileSystemDirectoryHandle>
      try {
        kept = await storedFolderHandles()
      } catch {
        return // no IndexedDB: no folder was kept
      }
      for (const [id, handle] of kept) {
        if (!collections.get(id)) continue
        handles.set(id, handle)
        const granted = (await folderPermission(handle)) === 'granted'
        folders.value = { ...folders.value, [id]: { status: granted ? 'connected' : 'reconnect', folderName: handle.name } }
        if (granted) await serially(() => read(id)).catch((error: unknown) => fail(id, error))
      }
    })()
    return started
  }

  /** The folder the user picks; undefined when they cancel or the browser refuses (then `problem` says why, after `refusal`). */
  async function chosenFolder(refusal: string): Promise<FileSystemDirectoryHandle | undefined> {
    try {
      return await (await handlesIo()).pickFolder()
    } catch (error) {
      if ((error as DOMException).name !== 'AbortError') void announce((problem.value = `${refusal}: ${messageOf(error)}`))
      return undefined
    }
  }

  /** "Open folder…": a folder with an OpenCollection becomes a collection kept there. */
  async function openFolder(): Promise<string | undefined> {
    problem.value = undefined
    const { storeFolderHandle } = await handlesIo()
    const handle = await chosenFolder('No folder opened')
    if (!handle) return undefined
    busy.value = 'Reading the folder…'
    try {
      const { result, signature } = await (await job())({ type: 'read-folder', dir: handle })
      if ('ok' in result) {
        lastImport.value = { ok: false, fileName: handle.name, message: `${result.message} Pick a folder with an opencollection.yml, or save a collection into an empty folder.` }
        void announce(`Not opened: ${lastImport.value.message}`)
        return undefined
      }
      const id = collections.addCollection(result.collection, { kind: 'folder', folderName: handle.name })
      handles.set(id, handle)
      synced.set(id, { text: plainText(result.collection), signature })
      folders.value = { ...folders.value, [id]: { status: 'connected', folderName: handle.name } }
      await storeFolderHandle(id, handle)
      lastImport.value = { ok: true, fileName: handle.name, format: 'OpenCollection folder', collectionName: result.collection.name, losses: result.losses }
      void announce(`Opened ${result.collection.name} from the folder ${handle.name}${notCarried(result.losses.length)}`)
      return id
    } finally {
      busy.value = undefined
    }
  }

  /** "Save to folder…": keeps the collection `id` in a folder the user picks (empty, or one without a collection). */
  async function saveToFolder(id: string): Promise<boolean> {
    const stored = collections.get(id)
    if (!stored) return false
    problem.value = undefined
    const { storeFolderHandle } = await handlesIo()
    const handle = await chosenFolder('No folder chosen')
    if (!handle) return false
    busy.value = 'Writing the folder…'
    try {
      if (await (await job())({ type: 'holds-collection', dir: handle })) {
        problem.value = `Not saved: the folder ${handle.name} already holds a collection. Open it with "Open folder…", or pick an empty folder.`
        void announce(problem.value)
        return false
      }
      handles.set(id, handle)
      await serially(() => write(id))
      await storeFolderHandle(id, handle)
      // Said once every file is written (write() marks it connected).
      collections.setStorage(id, { kind: 'folder', folderName: handle.name })
      void announce(`${stored.collection.name} is kept in the folder ${handle.name}`)
      return true
    } catch (error) {
      fail(id, error)
      return false
    } finally {
      busy.value = undefined
    }
  }

  /** "Reconnect folder" (a click): asks the browser for permission again, then reads the folder. */
  async function reconnect(id: string): Promise<boolean> {
    const handle = handles.get(id)
    if (!handle) return false
    const { requestFolderPermission } = await handlesIo()
    let state: PermissionState
    try {
      state = await requestFolderPermission(handle)
    } catch (error) {
      fail(id, error)
      return false
    }
    if (state !== 'granted') {
      fail(id, new Error('permission was not given'))
      return false
    }
    folders.value = { ...folders.value, [id]: { status: 'connected', folderName: handle.name } }
    await serially(() => read(id, true)).catch((error: unknown) => fail(id, error))
    void announce(`Reconnected to the folder ${handle.name}`)
    return folders.value[id]?.status === 'connected'
  }

  /** Stops keeping the collection `id` in its folder (the files stay; the collection stays in the browser). */
  async function disconnect(id: string): Promise<void> {
    handles.delete(id)
    synced.delete(id)
    folders.value = Object.fromEntries(Object.entries(folders.value).filter(([key]) => key !== id))
    collections.setStorage(id, { kind: 'browser' })
    await (await handlesIo()).storeFolderHandle(id, undefined).catch(() => undefined)
  }

  /** "Import…": reads `file` in whichever format it is and adds it as a collection. */
  async function importFile(file: File): Promise<ImportOutcome> {
    busy.value = `Importing ${file.name}…`
    try {
      const result = await (await job())({ type: 'import', name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })
      if (result.ok === false) {
        lastImport.value = { ok: false, fileName: file.name, message: result.message }
        void announce(`Not imported: ${result.message}`)
      } else {
        collections.addCollection(result.collection)
        lastImport.value = { ok: true, fileName: file.name, format: result.format, collectionName: result.collection.name, losses: result.losses }
        void announce(`Imported “${result.collection.name}” (${result.format})${notCarried(result.losses.length, ', listed')}`)
      }
      return lastImport.value
    } finally {
      busy.value = undefined
    }
  }

  /** Lists what exporting the collection `id` as `format` would lose (before the user exports). */
  async function previewExport(id: string, format: CollectionFileFormat): Promise<void> {
    const stored = collections.get(id)
    if (!stored) return
    const { losses } = await (await job())({ type: 'export', collection: JSON.parse(plainText(stored.collection)) as Collection, format })
    exportPreview.value = { id, format, losses }
  }

  /** "Export as…": downloads the collection `id` as `format`. */
  async function exportAs(id: string, format: CollectionFileFormat): Promise<ExportOutcome | undefined> {
    const stored = collections.get(id)
    if (!stored) return undefined
    busy.value = 'Exporting…'
    try {
      const file = await (await job())({ type: 'export', collection: JSON.parse(plainText(stored.collection)) as Collection, format })
      download(new Blob([file.bytes as BlobPart], { type: file.mediaType }), file.fileName)
      lastExport.value = { fileName: file.fileName, format, losses: file.losses }
      void announce(`Exported ${file.fileName}${notCarried(file.losses.length, ', listed')}`)
      return lastExport.value
    } finally {
      busy.value = undefined
    }
  }

  return { folderAccess, folders, busy, problem, lastImport, lastExport, exportPreview, start, checkFolders, openFolder, saveToFolder, reconnect, disconnect, importFile, previewExport, exportAs }
}
