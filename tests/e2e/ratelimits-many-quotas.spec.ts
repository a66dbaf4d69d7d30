import { expect, test } from '@playwright/test'
import { openPage } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'

/** The moment the page's clock is frozen at: the resets count from it. */
const T0 = new Date('2025-01-14T10:15:00Z')
const QUOTAS = 16_667

/**
 * A 50,000-line dump of many quotas, `x-ratelimit-{limit|remaining|reset}-q<i>`: every third quota has
 * fewer than 50 of 1,000 left (near its limit), the others 600 or more.
 */
const lines = Array.from({ length: 50_000 }, (_, line) => {
  const q = Math.floor(line / 3)
  switch (line % 3) {
    case 0:
      return `x-ratelimit-limit-q${q}: 1000`
    case 1:
      return `x-ratelimit-remaining-q${q}: ${q % 3 === 0 ? q % 50 : 600 + (q % 400)}`
    default:
      return `x-ratelimit-reset-q${q}: ${60 + (q % 3600)}`
  }
})
/** Quotas q0, q3, q6 … are near their limit. */
const NEAR = Math.ceil(QUOTAS / 3)

test.describe('rate limits with many quotas', () => {
  test('a 50,000-line paste of 16,667 quotas: the summary first, a preview of the paste, a virtual list grouped by family, every card reachable by keyboard, axe in both themes', async ({ page, context }) => {
    test.slow() // 1.5 MB through the clipboard and the worker on a shared 2-core machine
    // Time frozen but timers running: the countdowns do not move, and axe has its timers.
    await page.clock.setFixedTime(T0)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openPage(page, '/rate-limits')
    await page.evaluate((text) => navigator.clipboard.writeText(text), lines.join('\n'))
    await page.getByRole('textbox', { name: 'Response headers' }).focus()
    await page.keyboard.press('ControlOrMeta+V')

    // The paste is kept, previewed by its first lines, never laid out whole in a text area.
    const held = page.getByRole('group', { name: 'Response headers' })
    await expect(held).toHaveAccessibleDescription(/^1\.\d MB of text, kept in memory/)
    await expect(held.getByRole('region', { name: 'Preview: the first 12 lines' })).toHaveText(new RegExp(`^${lines.slice(0, 12).join('\\n')}$`))

    // The summary first, then the families with their counts.
    const results = page.locator('#rl-results')
    await expect(results.locator('.summary')).toHaveText(`${QUOTAS.toLocaleString('en')} quotas found; ${NEAR.toLocaleString('en')} near their limit.`, { timeout: 30_000 })
    await expect(results.getByTestId('quota-families')).toHaveText(`By family: OpenAI: ${QUOTAS.toLocaleString('en')} quotas.`)

    // Virtual: every quota is in the list, few cards are in the page.
    const list = results.getByRole('list', { name: `Quotas, ${QUOTAS.toLocaleString('en')}, grouped by family` })
    const items = list.getByRole('listitem')
    await expect(items.first()).toHaveAttribute('aria-setsize', String(QUOTAS))
    expect(await items.count()).toBeLessThan(100)
    expect(await results.getByRole('article').count()).toBeLessThan(100)

    // One Tab stop on the first card; End goes to the last, Page Up back.
    await items.first().focus()
    await expect(items.first()).toHaveAttribute('aria-posinset', '1')
    await page.keyboard.press('End')
    const last = list.getByRole('listitem', { name: `OpenAI q${QUOTAS - 1}` })
    await expect(last).toBeFocused()
    await expect(last).toBeInViewport({ ratio: 0.9 })
    await expect(last).toHaveAttribute('aria-posinset', String(QUOTAS))
    await expect(last.getByRole('heading', { name: `OpenAI q${QUOTAS - 1}` })).toBeVisible()
    await page.keyboard.press('PageUp')
    const back = page.locator(':focus')
    await expect(back).toHaveAttribute('role', 'listitem')
    expect(Number(await back.getAttribute('aria-posinset'))).toBeLessThan(QUOTAS)
    await expect(back).toBeInViewport({ ratio: 0.9 })
    // Type-ahead: a quota's name goes to it, however deep.
    await page.keyboard.press('Home')
    await page.keyboard.type('q12345')
    await expect(list.getByRole('listitem', { name: 'OpenAI q12345' })).toBeFocused()
    await expect(list.getByRole('listitem', { name: 'OpenAI q12345' })).toHaveAttribute('aria-posinset', '12346')
    // Still virtual wherever the list is.
    expect(await results.getByRole('article').count()).toBeLessThan(100)

    await expectNoAxeViolationsInBothThemes(page)
  })
})
