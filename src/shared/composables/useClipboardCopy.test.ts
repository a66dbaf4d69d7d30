import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick, ref } from 'vue'
import { useAnnouncer } from './useAnnouncer'
import { useClipboardCopy } from './useClipboardCopy'

/** A clipboard that records what was written, or refuses like a browser without permission. */
function fakeClipboard(refuse = false) {
  const written: string[] = []
  return {
    written,
    writeText: vi.fn(async (text: string) => {
      if (refuse) throw new DOMException('denied', 'NotAllowedError')
      written.push(text)
    }),
  }
}

/** The announcer's text once its clear-then-set has run. */
async function announced(): Promise<string> {
  await nextTick()
  await nextTick()
  return useAnnouncer().message.value
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useClipboardCopy', () => {
  it('writes a string, announces "Copied" and shows it for feedbackMs', async () => {
    const clipboard = fakeClipboard()
    const { copy, state, pending } = useClipboardCopy({ clipboard, feedbackMs: 500 })
    expect(state.value).toBe('idle')
    const promise = copy('curl -sS https://example.com')
    expect(pending.value).toBe(true)
    await expect(promise).resolves.toEqual({ ok: true, text: 'curl -sS https://example.com' })
    expect(clipboard.written).toEqual(['curl -sS https://example.com'])
    expect(pending.value).toBe(false)
    expect(state.value).toBe('copied')
    expect(await announced()).toBe('Copied')
    vi.advanceTimersByTime(499)
    expect(state.value).toBe('copied')
    vi.advanceTimersByTime(1)
    expect(state.value).toBe('idle')
  })

  it('computes the text at copy time, sync or async', async () => {
    const clipboard = fakeClipboard()
    const { copy } = useClipboardCopy({ clipboard })
    const build = vi.fn(() => 'computed')
    expect(build).not.toHaveBeenCalled()
    await copy(build)
    await copy(() => Promise.resolve('later'))
    expect(clipboard.written).toEqual(['computed', 'later'])
  })

  it('reports a refused clipboard with the text, so it can be offered by hand', async () => {
    const clipboard = fakeClipboard(true)
    const { copy, state } = useClipboardCopy({ clipboard })
    const result = await copy('secret-free link')
    expect(result).toMatchObject({ ok: false, text: 'secret-free link' })
    expect(!result.ok && result.error instanceof DOMException).toBe(true)
    expect(state.value).toBe('failed')
    expect(await announced()).toBe('Copy failed: select the text and copy it by hand')
    vi.advanceTimersByTime(2000)
    expect(state.value).toBe('idle')
  })

  it('reports a text source that throws, without touching the clipboard', async () => {
    const clipboard = fakeClipboard()
    const { copy, state } = useClipboardCopy({ clipboard, copiedMessage: 'Link copied', failedMessage: 'Link not copied' })
    const reason = new Error('The request is too large for a link.')
    const result = await copy(() => Promise.reject(reason))
    expect(result).toEqual({ ok: false, error: reason })
    expect(clipboard.writeText).not.toHaveBeenCalled()
    expect(state.value).toBe('failed')
    expect(await announced()).toBe('Link not copied')
    await copy('https://app.example/#gql=1')
    expect(await announced()).toBe('Link copied')
  })

  it('fails cleanly where there is no clipboard at all (node has no navigator)', async () => {
    const { copy, state } = useClipboardCopy()
    const result = await copy('x')
    expect(result.ok).toBe(false)
    expect(state.value).toBe('failed')
  })

  it('restarts the feedback time on each copy and follows a reactive feedbackMs', async () => {
    const clipboard = fakeClipboard()
    const feedbackMs = ref(1000)
    const { copy, state } = useClipboardCopy({ clipboard, feedbackMs })
    await copy('a')
    vi.advanceTimersByTime(800)
    await copy('b')
    vi.advanceTimersByTime(800)
    expect(state.value).toBe('copied')
    vi.advanceTimersByTime(200)
    expect(state.value).toBe('idle')
    feedbackMs.value = 100
    await copy('c')
    vi.advanceTimersByTime(100)
    expect(state.value).toBe('idle')
  })
})
