import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { THEMES, openPage, presetTheme } from '../support/app'

/**
 * Every design token of each theme, exactly, as the built app applies them: the `--awb-*` custom
 * properties on the theme wrapper and the colours they resolve to on the page's main surfaces.
 * Screenshots compare colours with a per-pixel threshold (0.02 of pixelmatch's YIQ distance):
 * lowering it makes the suite flaky — between two runs here a few non-anti-aliased pixels differed
 * by 1–7 units of a channel, which needs up to 0.02 — and at 0.02 a token moved by 3–5 units passes.
 * So tokens are checked as text instead: any change to one, however small, fails here until its
 * snapshot is updated on purpose (`--update-snapshots`), and the diff names the token.
 */
/** What the snapshot holds: the wrapper's tokens and the colours of the main surfaces. */
const COLLECT = `(() => {
      const wrapper = document.querySelector('.awb-theme')
      const vars = {}
      for (const name of Array.from(wrapper.style).filter((n) => n.startsWith('--awb-')).sort()) vars[name] = wrapper.style.getPropertyValue(name).trim()
      const styleOf = (selector) => { const el = document.querySelector(selector); if (!el) return null; const s = getComputedStyle(el); return { color: s.color, background: s.backgroundColor } }
      return { vars, body: styleOf('body'), main: styleOf('#main'), heading: styleOf('h1'), link: styleOf('#main a') }
    })()`

for (const theme of THEMES) {
  test(`design tokens (${theme})`, async ({ page }) => {
    await presetTheme(page, theme)
    await openPage(page, '/')
    const tokens = await page.evaluate(COLLECT)
    const vars = (tokens as { vars: Record<string, string> }).vars
    // The wrapper carries the palette: a selector or a rename that finds nothing must not pass as "no tokens".
    expect(Object.keys(vars).length).toBeGreaterThan(10)
    expect(`${JSON.stringify(tokens, null, 2)}\n`).toMatchSnapshot(`tokens-${theme}.json`)
  })
}

test('a 2/255 shift of one token is caught', async ({ page }, testInfo) => {
  await presetTheme(page, 'light')
  await openPage(page, '/')
  const committed = readFileSync(testInfo.snapshotPath('tokens-light.json'), 'utf8')
  expect(`${JSON.stringify(await page.evaluate(COLLECT), null, 2)}\n`).toBe(committed)
  // The primary colour two units bluer, as a palette edit would set it.
  await page.evaluate(() => {
    const wrapper = document.querySelector<HTMLElement>('.awb-theme')!
    const [r, g, b] = (wrapper.style.getPropertyValue('--awb-primary').match(/[0-9a-f]{2}/gi) ?? []).map((h) => parseInt(h, 16))
    wrapper.style.setProperty('--awb-primary', `#${[r!, g!, b! + 2].map((n) => n.toString(16).padStart(2, '0')).join('')}`)
  })
  expect(`${JSON.stringify(await page.evaluate(COLLECT), null, 2)}\n`).not.toBe(committed)
})
