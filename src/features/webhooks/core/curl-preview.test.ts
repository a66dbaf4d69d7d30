import { describe, expect, it } from 'vitest'
import { curlPreview, latestOnly, PLACEHOLDER_HANDLER_URL, PLACEHOLDER_NOTE, SIGNED_NOTE, UNSIGNED_NOTE } from './curl-preview'

const request = { url: 'https://hooks.example.org/in', headers: { 'content-type': 'application/json', 'x-github-event': 'push' }, body: '{"a":1}' }

describe('curlPreview', () => {
  it('puts the handler URL, the headers and the body in a POST', () => {
    const preview = curlPreview(request, { urlOk: true, signing: 'off' })
    expect(preview.command).toMatch(/^curl .*-X POST 'https:\/\/hooks\.example\.org\/in'/)
    expect(preview.command).toContain("x-github-event: push")
    expect(preview.command).toContain(`'{"a":1}'`)
    expect(preview.note).toBe('')
  })

  it('uses the placeholder URL while the handler URL is empty or invalid, and says so', () => {
    for (const url of ['', 'not a url']) {
      const preview = curlPreview({ ...request, url }, { urlOk: false, signing: 'off' })
      expect(preview.command).toContain(`'${PLACEHOLDER_HANDLER_URL}'`)
      expect(preview.note).toBe(PLACEHOLDER_NOTE)
    }
  })

  it('says a signature was made just now, or why it is missing', () => {
    expect(curlPreview(request, { urlOk: true, signing: 'signed' }).note).toBe(SIGNED_NOTE)
    expect(curlPreview(request, { urlOk: true, signing: 'failed' }).note).toBe(UNSIGNED_NOTE)
    expect(curlPreview(request, { urlOk: false, signing: 'signed' }).note).toBe(`${PLACEHOLDER_NOTE} ${SIGNED_NOTE}`)
  })

  it('writes secret headers as shell variables', () => {
    const preview = curlPreview({ ...request, headers: { 'x-gitlab-token': 's3cret' }, secretHeaders: ['X-Gitlab-Token'] }, { urlOk: true, signing: 'signed' })
    expect(preview.command).not.toContain('s3cret')
    expect(preview.envVars).toHaveLength(1)
    expect(preview.command).toContain(`$${preview.envVars[0]?.variable}`)
  })

  it('gives the reason as the note when curl cannot carry the request', () => {
    const preview = curlPreview({ ...request, body: 'a\u0000b' }, { urlOk: true, signing: 'off' })
    expect(preview.command).toBe('')
    expect(preview.note).toMatch(/NUL/)
  })
})

describe('latestOnly', () => {
  it('drops a result that arrives after a newer call began', async () => {
    const resolvers: ((v: string) => void)[] = []
    const run = latestOnly((label: string) => new Promise<string>((resolve) => resolvers.push(() => resolve(label))))
    const older = run('older')
    const newer = run('newer')
    resolvers[1]?.('')
    resolvers[0]?.('')
    await expect(newer).resolves.toEqual({ stale: false, value: 'newer' })
    await expect(older).resolves.toEqual({ stale: true })
  })

  it('drops the older result also when it arrives first', async () => {
    const resolvers: ((v: string) => void)[] = []
    const run = latestOnly((label: string) => new Promise<string>((resolve) => resolvers.push(() => resolve(label))))
    const older = run('older')
    const newer = run('newer')
    resolvers[0]?.('')
    await expect(older).resolves.toEqual({ stale: true })
    resolvers[1]?.('')
    await expect(newer).resolves.toEqual({ stale: false, value: 'newer' })
  })

  it('keeps every result of calls that do not overlap', async () => {
    const run = latestOnly(async (n: number) => n * 2)
    await expect(run(1)).resolves.toEqual({ stale: false, value: 2 })
    await expect(run(2)).resolves.toEqual({ stale: false, value: 4 })
  })
})
