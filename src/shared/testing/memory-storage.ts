/** A Web Storage in memory, for store tests in node; `dump()` gives every value, to search for leaked secrets. */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  clear() {
    this.map.clear()
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value))
  }
  dump(): string {
    return [...this.map.values()].join('\n')
  }
}

/** Installs a fresh MemoryStorage (or the one given) as `globalThis.localStorage` (or `sessionStorage`) and returns it. */
export function installMemoryLocalStorage<S extends MemoryStorage = MemoryStorage>(
  storage: S = new MemoryStorage() as S,
  name: 'localStorage' | 'sessionStorage' = 'localStorage',
): S {
  Object.defineProperty(globalThis, name, { value: storage, configurable: true })
  return storage
}

/** A MemoryStorage whose `setItem` throws `failure` while it is set, as a full or forbidden browser storage does. */
export class FailingStorage extends MemoryStorage {
  /** What the next writes throw; undefined = they work. */
  failure: Error | undefined
  constructor(failure?: Error) {
    super()
    this.failure = failure
  }
  override setItem(key: string, value: string) {
    if (this.failure) throw this.failure
    super.setItem(key, value)
  }
}

/** The exception a full storage throws (Chrome, Safari, Firefox). */
export const quotaExceeded = (): Error => new DOMException('The quota has been exceeded.', 'QuotaExceededError')

/** The exception a storage the browser forbids throws. */
export const storageForbidden = (): Error => new DOMException('The operation is insecure.', 'SecurityError')
