import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'

/** The src/core environment boundary is enforced by lint; prove the rules bite. */
describe('src/core boundary', () => {
  const eslint = new ESLint()
  const lint = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: 'src/core/boundary-probe.ts' })
    return (result?.messages ?? []).map((m) => m.ruleId)
  }

  test('forbids Vue, app and node imports', async () => {
    expect(await lint(`import { ref } from 'vue'\nexport const r = ref(1)\n`)).toContain('no-restricted-imports')
    expect(await lint(`import { useThemeStore } from '@/stores/theme'\nexport const s = useThemeStore\n`)).toContain('no-restricted-imports')
    expect(await lint(`import { readFileSync } from 'node:fs'\nexport const f = readFileSync\n`)).toContain('no-restricted-imports')
  })

  test('forbids DOM globals and Math.random', async () => {
    expect(await lint(`export const w = window.innerWidth\n`)).toContain('no-restricted-globals')
    expect(await lint(`export const l = localStorage.length\n`)).toContain('no-restricted-globals')
    expect(await lint(`export const r = Math.random()\n`)).toContain('no-restricted-properties')
  })

  test('allows standard web APIs', async () => {
    expect(await lint(`export const u = new URL('https://example.com')\nexport const b = new TextEncoder().encode('x')\nexport const c = crypto.getRandomValues(new Uint8Array(4))\nexport const f = fetch\n`)).toEqual([])
  })
})
