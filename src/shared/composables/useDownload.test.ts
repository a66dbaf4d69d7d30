import { describe, expect, it, vi } from 'vitest'
import { useDownload } from './useDownload'

function fakeBrowser() {
  const links: { href: string; download: string; click: ReturnType<typeof vi.fn> }[] = []
  const blobs: Blob[] = []
  const revoked: string[] = []
  const pending: (() => void)[] = []
  const env = {
    createLink: () => {
      const link = { href: '', download: '', click: vi.fn() }
      links.push(link)
      return link
    },
    createObjectURL: (blob: Blob) => (blobs.push(blob), `blob:fake/${blobs.length}`),
    revokeObjectURL: (url: string) => void revoked.push(url),
    later: (task: () => void) => void pending.push(task),
  }
  return { env, links, blobs, revoked, runLater: () => pending.splice(0).forEach((t) => t()) }
}

describe('useDownload', () => {
  it('clicks a link to an object URL of the text, named and typed, and releases it afterwards', async () => {
    const fake = fakeBrowser()
    useDownload(fake.env).download('{"a":1}', 'github-push.json', 'application/json')
    expect(fake.links).toHaveLength(1)
    expect(fake.links[0]).toMatchObject({ href: 'blob:fake/1', download: 'github-push.json' })
    expect(fake.links[0]?.click).toHaveBeenCalledTimes(1)
    expect(fake.blobs[0]?.type).toBe('application/json')
    await expect(fake.blobs[0]?.text()).resolves.toBe('{"a":1}')
    // Not released before the click's task is over.
    expect(fake.revoked).toEqual([])
    fake.runLater()
    expect(fake.revoked).toEqual(['blob:fake/1'])
  })

  it('types text as text/plain by default, also for an empty media type', () => {
    const fake = fakeBrowser()
    const { download } = useDownload(fake.env)
    download('hello', 'a.txt')
    download('hello', 'b.txt', '')
    expect(fake.blobs.map((b) => b.type)).toEqual(['text/plain', 'text/plain'])
  })

  it('saves a blob as it is', () => {
    const fake = fakeBrowser()
    const blob = new Blob(['<p>x</p>'], { type: 'text/html' })
    useDownload(fake.env).download(blob, 'response.html', 'ignored/type')
    expect(fake.blobs[0]).toBe(blob)
    expect(fake.links[0]?.download).toBe('response.html')
  })

  it('gives each download its own URL', () => {
    const fake = fakeBrowser()
    const { download } = useDownload(fake.env)
    download('1', 'one.txt')
    download('2', 'two.txt')
    fake.runLater()
    expect(fake.revoked).toEqual(['blob:fake/1', 'blob:fake/2'])
  })
})
