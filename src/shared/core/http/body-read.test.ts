import { describe, expect, test } from 'vitest'
import { charsetOf, readBodyChunks } from './body-read'

/** A stream of the given chunks (each a string as UTF-8, or bytes). */
const streamOf = (chunks: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk)
      controller.close()
    },
  })

describe('readBodyChunks', () => {
  test('a body under the limit is decoded whole, a character split across chunks included', async () => {
    const euro = new TextEncoder().encode('€') // 3 bytes
    const read = await readBodyChunks(streamOf(['{"a":"', euro.subarray(0, 1), euro.subarray(1), '"}']))
    expect(read).toEqual({ text: '{"a":"€"}', sizeBytes: 11, truncated: false, cut: false })
  })

  test('onStart gets the start once, when the decoded text first reaches startChars; the text is still whole', async () => {
    const starts: string[] = []
    const chunks = ['[1,', '22,', '333,', '4444]']
    const read = await readBodyChunks(streamOf(chunks), { startChars: 6, onStart: (text) => starts.push(text) })
    expect(starts).toEqual(['[1,22,'])
    expect(read.text).toBe(chunks.join(''))
  })

  test('onStart is not called for a body shorter than startChars', async () => {
    const starts: string[] = []
    await readBodyChunks(streamOf(['[1,2]']), { startChars: 6, onStart: (text) => starts.push(text) })
    expect(starts).toEqual([])
  })

  test('no body reads as empty', async () => {
    expect(await readBodyChunks(null)).toEqual({ text: '', sizeBytes: 0, truncated: false, cut: false })
  })

  test('over the text limit: the size, the start as text, and every byte as a blob for download', async () => {
    const chunks = Array.from({ length: 10 }, (_, i) => `${i}`.repeat(100))
    const progress: number[] = []
    const read = await readBodyChunks(streamOf(chunks), { textLimitBytes: 450, headChars: 150, onProgress: (n) => progress.push(n) })
    expect(read.truncated).toBe(true)
    expect(read.cut).toBe(false)
    expect(read.sizeBytes).toBe(1000)
    expect(read.text).toBe(`${'0'.repeat(100)}${'1'.repeat(50)}`)
    expect(await read.blob?.text()).toBe(chunks.join(''))
    expect(progress).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000])
  })

  test('a text limit below the head still keeps the head, never half a surrogate pair', async () => {
    const read = await readBodyChunks(streamOf(['ab😀cd'.repeat(10)]), { textLimitBytes: 4, headChars: 3 })
    expect(read.text).toBe('ab')
    expect(read.truncated).toBe(true)
  })

  test('past the read limit reading stops and the body is marked cut (a gzip bomb that never ends)', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(1000))
      },
    })
    const read = await readBodyChunks(endless, { textLimitBytes: 2000, readLimitBytes: 5500 })
    expect(read).toMatchObject({ sizeBytes: 5500, truncated: true, cut: true })
    expect(read.blob?.size).toBe(5500)
    expect(pulled).toBeLessThan(10)
  })

  test('decodes with the declared charset', async () => {
    const read = await readBodyChunks(streamOf([new Uint8Array([0x63, 0x61, 0x66, 0xe9])]), { contentType: 'text/plain; charset=ISO-8859-1' })
    expect(read.text).toBe('café')
    expect(charsetOf('text/html;charset="utf-8"')).toBe('utf-8')
    expect((await readBodyChunks(streamOf(['ok']), { contentType: 'text/plain; charset=bogus' })).text).toBe('ok')
  })

  test('a stream error rejects (a broken connection)', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(3))
        controller.error(new TypeError('network error'))
      },
    })
    await expect(readBodyChunks(broken)).rejects.toThrow('network error')
  })
})
