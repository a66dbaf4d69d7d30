/** The browser pieces {@link useDownload} uses; tests pass fakes. */
export interface DownloadEnvironment {
  /** Makes the link element. @default document.createElement('a') */
  createLink: () => Pick<HTMLAnchorElement, 'href' | 'download' | 'click'>
  /** @default URL.createObjectURL */
  createObjectURL: (blob: Blob) => string
  /** @default URL.revokeObjectURL */
  revokeObjectURL: (url: string) => void
  /** When the object URL is released, after the click has started the download. @default setTimeout(…, 0) */
  later: (task: () => void) => void
}

const browser: DownloadEnvironment = {
  createLink: () => document.createElement('a'),
  createObjectURL: (blob) => URL.createObjectURL(blob),
  revokeObjectURL: (url) => URL.revokeObjectURL(url),
  later: (task) => void setTimeout(task, 0),
}

/**
 * Saves text (or a blob) as a file, from a button: an object URL on a temporary `<a download>`,
 * clicked and released on the next task. The data never leaves the browser, and focus stays on the
 * button (the browser's own download UI says the file arrived).
 *
 * @param environment - replaces the browser pieces (tests). @default the browser's
 * @example
 * const { download } = useDownload()
 * download(store.bodyText, 'github-push.json', 'application/json')
 */
export function useDownload(environment: Partial<DownloadEnvironment> = {}) {
  const env = { ...browser, ...environment }

  /**
   * Starts the download.
   * @param content - the file's contents.
   * @param fileName - the suggested name, e.g. `response.json`.
   * @param mediaType - the blob's type when `content` is text. @default 'text/plain'
   */
  function download(content: string | Blob, fileName: string, mediaType = 'text/plain'): void {
    const blob = typeof content === 'string' ? new Blob([content], { type: mediaType || 'text/plain' }) : content
    const url = env.createObjectURL(blob)
    const link = env.createLink()
    link.href = url
    link.download = fileName
    link.click()
    // Released after the click's task, or some browsers cancel the download.
    env.later(() => env.revokeObjectURL(url))
  }

  return { download }
}
