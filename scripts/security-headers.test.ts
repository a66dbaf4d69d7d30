/**
 * The security headers' one source (scripts/security-headers.mjs): docs/hosting.md's nginx snippet is exactly what it
 * generates, the hashes are the CSP's (sha256 of the inline script text), the meta policy leaves out what a
 * meta cannot carry, and `_headers` puts Storybook's policy after the site-wide one (Netlify serves the later,
 * more specific rule's value). The e2e tests prove the policies against the real builds.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { appCsp, appHeaders, headersForPath, inlineScriptHashes, netlifyHeadersFile, nginxSnippet, storybookCsp } from './security-headers.mjs'

describe('security headers', () => {
  it('docs/hosting.md shows exactly the generated nginx snippet, with the hash of the theme script the build inlines', () => {
    const readme = readFileSync(new URL('../docs/hosting.md', import.meta.url), 'utf8')
    const themeInit = readFileSync(new URL('../public/theme-init.js', import.meta.url), 'utf8')
    const indented = nginxSnippet({ scriptHashes: inlineScriptHashes(`<script>${themeInit}</script>`) })
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n')
    expect(readme).toContain(indented)
  })

  it('the app policy: frame-ancestors only as a header, ws:/wss: only to connect (subscriptions), no blob:, eval or inline scripts', () => {
    expect(appCsp()).toMatch(/; frame-ancestors 'none'$/)
    expect(appCsp({ meta: true })).not.toContain('frame-ancestors')
    expect(appCsp()).toContain("connect-src 'self' http: https: ws: wss:;")
    expect(appCsp()).toContain("script-src 'self';")
    expect(appCsp()).not.toMatch(/blob:|unsafe-eval/)
    expect(appCsp().match(/\bwss?:/g)).toEqual(['ws:', 'wss:'])
    expect(Object.keys(appHeaders())).toEqual(['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy'])
  })

  it('hashes each inline script as CSP expects (sha256 of its text, base64) and skips external ones', () => {
    const html = '<script>window.a = 1</script><script type="module" src="/x.js"></script><script type="module">\nimport "./y.js"\n</script>'
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = 1'), sha('\nimport "./y.js"\n')])
    expect(appCsp({ scriptHashes: inlineScriptHashes(html) })).toContain(`script-src 'self' ${sha('window.a = 1')} `)
  })

  it('_headers: the app on every path, then Storybook under /storybook/ with its build\u2019s hashes; servers pick by path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'awb-headers-'))
    writeFileSync(join(dir, 'index.html'), '<script src="/theme-init.js"></script>')
    mkdirSync(join(dir, 'storybook'))
    writeFileSync(join(dir, 'storybook', 'iframe.html'), '<script>window.CONFIG_TYPE = "PRODUCTION"</script>')
    const file = netlifyHeadersFile(dir, join(dir, 'storybook'))
    const hash = inlineScriptHashes('<script>window.CONFIG_TYPE = "PRODUCTION"</script>')
    expect(file.indexOf('/*\n')).toBeLessThan(file.indexOf('/storybook/*\n'))
    expect(file).toContain(`  Content-Security-Policy: ${appCsp()}\n`)
    expect(file).toContain(`  Content-Security-Policy: ${storybookCsp({ scriptHashes: hash })}\n`)
    expect(storybookCsp()).toContain("frame-ancestors 'self'")
    expect(headersForPath('/storybook/iframe.html', { app: [], storybook: hash })['Content-Security-Policy']).toBe(storybookCsp({ scriptHashes: hash }))
    expect(headersForPath('/graphql', { app: [], storybook: hash })['Content-Security-Policy']).toBe(appCsp())
  })
})
