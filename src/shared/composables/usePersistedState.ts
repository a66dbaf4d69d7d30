import { shallowRef, watch, type Ref, type ShallowRef } from 'vue'
import { StorageSerializers, useStorage, type Serializer, type StorageLike, type UseStorageOptions } from '@vueuse/core'
import { describeSaveFailure, type SaveFailure } from '@/shared/core/storage/save-failure'
import { useAnnouncer } from './useAnnouncer'

export type { SaveFailure } from '@/shared/core/storage/save-failure'

/** Options of {@link usePersistedState}. */
export interface PersistedStateOptions<T> {
  /** What is saved, as a noun phrase for the failure message: "your request", "the history". */
  what: string
  /** Where: the tab-scoped `'session'` storage, or a Storage of its own (tests). @default 'local' */
  storage?: 'local' | 'session' | StorageLike
  /**
   * How the value becomes text and back. A `read` that throws (damaged or foreign data) gives the
   * default instead. @default the text as is for a string default, else JSON
   */
  serializer?: Serializer<T>
  /** Follow other tabs' writes to the same key (the `storage` event). @default true */
  listenToStorageChanges?: boolean
  /** Hold the value in a shallow ref (replace it, never mutate it). @default false */
  shallow?: boolean
}

/** What {@link usePersistedState} gives. */
export interface PersistedState<T> {
  /** The value: always what the user last set, in memory, whether or not saving worked. */
  state: Ref<T>
  /** Why the last save failed, with the sentence to show near what was not saved; undefined once a save works. */
  saveError: Readonly<ShallowRef<SaveFailure | undefined>>
}

function resolveStorage(choice: PersistedStateOptions<unknown>['storage']): StorageLike | undefined {
  if (typeof choice === 'object') return choice
  // Node (unit tests) has no window: read the globals, which tests may install.
  return choice === 'session' ? globalThis.sessionStorage : globalThis.localStorage
}

/**
 * The app's one way to keep state across reloads: vueuse `useStorage` (written synchronously on
 * every change, cross-tab sync through the `storage` event), plus what it lacks — a failed save
 * (storage full: `QuotaExceededError`; storage turned off: `SecurityError` on access) becomes a
 * reactive {@link PersistedState.saveError}, announced once through the app's announcer, while the
 * value stays in memory. Nothing is written until the value changes (defaults are not stored).
 * Call it in a store's setup (or a component's), so its watchers live as long as that scope.
 *
 * @param key - the storage key.
 * @param defaults - the value when nothing (readable) is stored.
 * @param options - see {@link PersistedStateOptions}.
 */
export function usePersistedState<T>(key: string, defaults: T, options: PersistedStateOptions<T>): PersistedState<T> {
  const { announce } = useAnnouncer()
  const saveError = shallowRef<SaveFailure>()
  const fail = (error: unknown): void => {
    const failure = describeSaveFailure(options.what, error)
    const said = saveError.value?.message === failure.message
    saveError.value = failure
    if (!said) void announce(failure.message)
  }

  let storage: StorageLike | undefined
  let accessError: unknown
  try {
    storage = resolveStorage(options.storage)
  } catch (error) {
    accessError = error // storage turned off: reported at the first save, when something is lost
  }

  const base = options.serializer ?? ((typeof defaults === 'string' ? StorageSerializers.string : StorageSerializers.object) as Serializer<T>)
  const serializer: Serializer<T> = {
    read: (raw) => {
      try {
        return base.read(raw)
      } catch {
        return defaults
      }
    },
    write: (value) => base.write(value),
  }

  let failed = false
  // useStorage runs each write through this filter synchronously, so a write that did not call
  // onError succeeded and clears an earlier failure.
  const writeFilter: NonNullable<UseStorageOptions<T>['eventFilter']> = (invoke) => {
    failed = false
    invoke()
    if (!failed) saveError.value = undefined
  }

  const state = useStorage<T>(key, defaults, storage, {
    serializer,
    flush: 'sync',
    writeDefaults: false,
    listenToStorageChanges: options.listenToStorageChanges ?? true,
    shallow: options.shallow ?? false,
    eventFilter: writeFilter,
    onError: (error) => {
      failed = true
      fail(error)
    },
  }) as Ref<T>

  if (accessError !== undefined) watch(state, () => fail(accessError), { deep: true, once: true, flush: 'sync' })

  return { state, saveError }
}
