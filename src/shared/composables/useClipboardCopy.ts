import { readonly, ref, toValue, type MaybeRefOrGetter } from 'vue'
import { useTimeoutFn } from '@vueuse/core'
import { useAnnouncer } from './useAnnouncer'

/** What a copy button shows: nothing yet, or the last outcome for {@link ClipboardCopyOptions.feedbackMs}. */
export type ClipboardCopyState = 'idle' | 'copied' | 'failed'

/** The outcome of one {@link useClipboardCopy} `copy`. */
export type ClipboardCopyResult =
  | { ok: true; text: string }
  /**
   * Not copied. `text` is set when the text was ready but the clipboard refused (permissions, an
   * insecure context), so the caller can offer it to copy by hand; it is absent when getting the
   * text failed, and `error` is what the text source threw.
   */
  | { ok: false; error: unknown; text?: string }

/** Options of {@link useClipboardCopy}. */
export interface ClipboardCopyOptions {
  /** Announced after a successful copy. @default 'Copied' */
  copiedMessage?: string
  /** Announced when nothing was copied. @default 'Copy failed: select the text and copy it by hand' */
  failedMessage?: string
  /** How long `state` shows the outcome before it returns to `idle`, in ms. @default 2000 */
  feedbackMs?: MaybeRefOrGetter<number>
  /**
   * The clipboard to write to (tests pass a fake). Read at each copy, so a stub installed later counts.
   * @default navigator.clipboard
   */
  clipboard?: Pick<Clipboard, 'writeText'>
}

/**
 * Copies text to the clipboard and says the outcome through the app's one announcer (`useAnnouncer`),
 * never by moving focus: the button the user pressed keeps focus and its stable name. `state` drives
 * a short visible "Copied"/"Copy failed" beside the button; the outcome is also returned, for callers
 * that show more (e.g. the text in a field to copy by hand).
 *
 * Not vueuse's `useClipboard`: it writes through `ClipboardItem` and, when that fails, falls back to
 * `document.execCommand('copy')` and reports success either way
 * (https://github.com/vueuse/vueuse/blob/main/packages/core/useClipboard/index.ts), so a refused
 * copy could never be announced. This writes with `writeText` and reports what really happened.
 *
 * @example
 * const { copy, state } = useClipboardCopy({ copiedMessage: 'Link copied' })
 * await copy(() => buildLink())
 */
export function useClipboardCopy(options: ClipboardCopyOptions = {}) {
  const { copiedMessage = 'Copied', failedMessage = 'Copy failed: select the text and copy it by hand' } = options
  const { announce } = useAnnouncer()
  const state = ref<ClipboardCopyState>('idle')
  const pending = ref(false)
  const feedback = useTimeoutFn(() => (state.value = 'idle'), () => toValue(options.feedbackMs ?? 2000), { immediate: false })

  function settle(outcome: ClipboardCopyState, message: string): void {
    pending.value = false
    state.value = outcome
    void announce(message)
    feedback.start()
  }

  /**
   * Puts `source` on the clipboard: a string, or a function called now (for text that is costly to
   * build, or built asynchronously — it may reject with an Error that says why).
   */
  async function copy(source: string | (() => string | Promise<string>)): Promise<ClipboardCopyResult> {
    pending.value = true
    feedback.stop()
    state.value = 'idle'
    let text: string
    try {
      text = typeof source === 'string' ? source : await source()
    } catch (error) {
      settle('failed', failedMessage)
      return { ok: false, error }
    }
    try {
      const clipboard = options.clipboard ?? globalThis.navigator?.clipboard
      if (!clipboard) throw new Error('No clipboard in this browser context.')
      await clipboard.writeText(text)
    } catch (error) {
      settle('failed', failedMessage)
      return { ok: false, error, text }
    }
    settle('copied', copiedMessage)
    return { ok: true, text }
  }

  return {
    /** Copies and announces; see above. */
    copy,
    /** The last outcome, back to `idle` after `feedbackMs`. */
    state: readonly(state),
    /** A copy is under way (its text is being built or written). */
    pending: readonly(pending),
  }
}
