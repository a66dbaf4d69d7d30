/**
 * The keys every tool's frame has (WorkbenchFrame): F6 / Shift+F6 move between the toolbar and the
 * panes, `?` outside text fields lists the tool's shortcuts and Esc returns focus to where it was.
 * The GraphQL tester's own (F6 through its side panel too) are in graphql-workspace.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test'
import { openPage } from '../support/app'

const focusIn = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).evaluate((el) => el.contains(document.activeElement))
const toolbarHasFocus = (page: Page) => page.locator('[data-region="toolbar"]').evaluate((el) => el.contains(document.activeElement))

const TOOLS = [
  { path: '/webhooks', input: 'Compose', result: 'Delivery', action: 'Regenerate', own: /Alt \+ Shift \+ R Regenerate/ },
  { path: '/rate-limits', input: 'Headers to read', result: 'Result', action: 'Load example', own: /Shift \+ F6 Previous region/ },
] as const

for (const tool of TOOLS) {
  test(`${tool.path}: F6 cycles toolbar, ${tool.input}, ${tool.result}; ? lists the shortcuts`, async ({ page }) => {
    test.setTimeout(60_000)
    await openPage(page, tool.path)
    await page.keyboard.press('F6')
    expect(await toolbarHasFocus(page)).toBe(true)
    await page.keyboard.press('F6')
    expect(await focusIn(page, tool.input)).toBe(true)
    await page.keyboard.press('F6')
    expect(await focusIn(page, tool.result)).toBe(true)
    await page.keyboard.press('F6')
    expect(await toolbarHasFocus(page)).toBe(true)
    await page.keyboard.press('Shift+F6')
    expect(await focusIn(page, tool.result)).toBe(true)

    const action = page.getByRole('button', { name: tool.action, exact: true })
    await action.focus()
    await page.keyboard.press('?')
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('row', { name: /^F6 Next region/ })).toBeVisible()
    await expect(dialog.getByRole('row', { name: tool.own })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(action).toBeFocused()
  })
}

test('in the rate-limit paste, ? is just a character', async ({ page }) => {
  await openPage(page, '/rate-limits')
  const paste = page.getByRole('textbox', { name: 'Response headers' })
  await paste.focus()
  await page.keyboard.press('?')
  await expect(paste).toHaveValue('?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden()
})
