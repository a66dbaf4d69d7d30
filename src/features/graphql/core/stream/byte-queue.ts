/**
 * A byte buffer fed in chunks and read from the front with a moving offset, shared by the stream
 * readers (multipart/mixed, Server-Sent Events): a chunk holding many messages is split without
 * copying what follows each one, and the storage doubles as it grows, so reading a body costs time
 * in proportion to its length however it is cut.
 */

/** Where `needle` starts in `haystack` at or after `from`, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0] ?? 0
  const last = haystack.length - needle.length
  outer: for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}

/** Bytes appended at the back, read from `start`; offsets into {@link ByteQueue.bytes} are absolute. */
export class ByteQueue {
  private store = new Uint8Array(0)
  private length = 0
  /** Where unread bytes start in the store. */
  start = 0

  /** Appends a chunk; moves unread bytes to the front first once at least half the store is read. */
  append(chunk: Uint8Array): number {
    let moved = 0
    if (this.start > 0 && this.start * 2 >= this.length) {
      this.store.copyWithin(0, this.start, this.length)
      this.length -= this.start
      moved = this.start
      this.start = 0
    }
    if (this.length + chunk.length > this.store.length) {
      const grown = new Uint8Array(Math.max(this.store.length * 2, this.length + chunk.length, 4096))
      grown.set(this.store.subarray(0, this.length))
      this.store = grown
    }
    this.store.set(chunk, this.length)
    this.length += chunk.length
    return moved
  }

  /** The stored bytes (read ones included); offsets into it are absolute. */
  get bytes(): Uint8Array {
    return this.store.subarray(0, this.length)
  }

  /** Unread bytes. */
  get size(): number {
    return this.length - this.start
  }

  /** Forgets everything. */
  clear(): void {
    this.store = new Uint8Array(0)
    this.length = 0
    this.start = 0
  }
}

