/**
 * Story helpers (browser): a stand-in `navigator.clipboard`, so a story's copy outcome is
 * deterministic and what was copied can be checked. Unit tests pass a fake straight to
 * `useClipboardCopy({ clipboard })` instead.
 */

/**
 * A story `beforeEach` that replaces `navigator.clipboard` with `{ writeText }` for that story and
 * puts the real one back after it.
 * @param writeText - what a write does, e.g. `() => Promise.reject(new DOMException('denied', 'NotAllowedError'))`.
 *   @default resolves
 */
export function stubClipboard(writeText: (text: string) => Promise<void> = () => Promise.resolve()): () => () => void {
  return () => {
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard')
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    return () => {
      if (original) Object.defineProperty(navigator, 'clipboard', original)
    }
  }
}

/**
 * A clipboard that accepts every write and records it: use `beforeEach` in the story and read
 * `written` in its play function (emptied at the start of each story).
 */
export function recordingClipboard(): { written: string[]; beforeEach: () => () => void } {
  const written: string[] = []
  const stub = stubClipboard(async (text) => void written.push(text))
  return {
    written,
    beforeEach: () => {
      written.length = 0
      return stub()
    },
  }
}
