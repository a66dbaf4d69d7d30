import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { openPage, presetTheme, PAGE_SHOWN } from '../support/app'
import { THEME_STORAGE_KEY } from '../../src/app/theme/preference'

/**
 * GraphQL environments, one journey against the real demo server, by keyboard where a
 * user would use it: create an environment with a secret `token` in the side panel, use it as
 * `{{token}}` in a header, send — the demo's `echo` shows the substituted value — while the secret
 * never reaches localStorage, the URL, the history or the curl command; an unknown `{{tokn}}` blocks
 * Send with the located message at that header; axe in both themes.
 */
const SECRET = 'env-secret-e2e-4711'
const announcer = (page: Page) => page.getByTestId('announcer')
/** The side panel, named by the view it shows. */
const side = (page: Page) => page.getByRole('complementary', { name: /^(Schema docs|History|Schema|Environments)$/ })
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })

/** Everything a secret must never be in: storage, the address, and (through storage) the history. */
async function storedEverywhere(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, url: location.href }))
}

test('an environment value in a header arrives at the server; the secret stays in memory; an unknown name blocks Send at its field', async ({ page }) => {
  // One whole journey (two page loads, two axe scans): ~20 s alone, more on a busy 2-core machine.
  test.setTimeout(60_000)
  await presetTheme(page, 'light')
  await openPage(page, '/graphql')

  // The environment, by keyboard in the side panel's Environments view.
  await page.getByRole('textbox', { name: 'Query' }).focus()
  await page.keyboard.press('Alt+Shift+E')
  await expect(side(page).getByRole('heading', { name: 'Environments', level: 2 })).toBeFocused()
  await side(page).getByRole('button', { name: 'New environment' }).focus()
  await page.keyboard.press('Enter')
  await expect(announcer(page)).toHaveText('Environment "New environment" created')
  const name = side(page).getByLabel('Name', { exact: true })
  await expect(name).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('Local demo')
  await page.keyboard.press('Tab')
  await expect(side(page).getByLabel('Name of variable 1')).toBeFocused()
  await page.keyboard.type('token')
  await page.keyboard.press('Tab')
  await page.keyboard.type(SECRET)
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await expect(side(page).getByRole('checkbox', { name: 'Secret (variable 1)' })).toBeChecked()
  await expect(side(page).getByLabel('Value of variable 1')).toHaveAttribute('type', 'password')
  await expect(side(page).getByText('$TOKEN')).toBeVisible()

  // Picked in the toolbar; a header uses it; the query reads the header back from the demo's echo.
  await page.getByLabel('Environment', { exact: true }).selectOption({ label: 'Local demo' })
  await expect(announcer(page)).toHaveText('Environment "Local demo" in use')
  await page.getByRole('textbox', { name: 'Query' }).focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText('query Env { echo { header(name: "X-Env-Demo") } }')
  await page.getByRole('tablist', { name: 'Request details' }).getByRole('tab', { name: 'Variables' }).click()
  await page.getByRole('textbox', { name: 'Variables' }).focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.getByRole('tablist', { name: 'Request details' }).getByRole('tab', { name: 'Headers' }).click()
  await page.getByRole('button', { name: 'Add header' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Name of header 2')).toBeFocused()
  await page.keyboard.type('X-Env-Demo')
  await page.keyboard.press('Tab')
  await page.keyboard.type('{{token}}')
  await page.keyboard.press('ControlOrMeta+Enter')
  // The first send of a secret to this origin asks; allowing it binds the environment to the origin.
  const confirm = page.getByRole('alertdialog', { name: 'Send secret values to a new server?' })
  await expect(confirm).toContainText('{{token}}')
  await confirm.getByRole('button', { name: 'Send and allow this origin' }).focus()
  await page.keyboard.press('Enter')
  await expect(announcer(page)).toHaveText(/^200 OK, /)
  await expect(page.getByLabel('Value of header 2')).toHaveValue('{{token}}') // the editor keeps the reference
  await expect(response(page).getByRole('tree', { name: 'Response body' })).toContainText(SECRET)
  const curl = response(page).getByText(/^curl /)
  await expect(curl).toContainText(`'X-Env-Demo: '"$TOKEN"''`)
  await expect(curl).not.toContainText(SECRET)

  // Never stored, never in the URL or the history (which keeps the reference).
  await page.keyboard.press('Alt+Shift+H')
  await expect(side(page).getByRole('heading', { name: 'History', level: 2 })).toBeFocused()
  // The empty Authorization row was not sent, so the history does not list it.
  await expect(side(page)).toContainText('Headers: X-Env-Demo')
  await expect(side(page)).not.toContainText(SECRET)
  const stored = await storedEverywhere(page)
  expect(stored).not.toContain(SECRET)
  expect(stored).toContain('{{token}}')

  // An unknown name: Send is refused, the reason said and shown at the header value, which gets focus.
  const value = page.getByLabel('Value of header 2')
  await value.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('{{tokn}}')
  await page.keyboard.press('ControlOrMeta+Enter')
  const message = 'Unknown environment variable {{tokn}} at column 1 of the value of header "X-Env-Demo": add it to "Local demo" or fix the name.'
  await expect(announcer(page)).toHaveText(`Not sent: ${message}`)
  await expect(page.getByRole('tabpanel', { name: 'Headers' }).getByText(message, { exact: true })).toBeVisible()
  await expect(value).toBeFocused()
  await expect(value).toHaveAttribute('aria-invalid', 'true')
  await expect(value).toHaveAccessibleDescription(message)

  await page.keyboard.press('Alt+Shift+E')
  await expect(side(page).getByLabel('Value of variable 1')).toBeVisible()
  await expectNoAxeViolations(page)

  // Dark theme, after a reload: the environment is back, its secret value is not (memory only).
  await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_STORAGE_KEY)
  await page.reload()
  await page.locator(PAGE_SHOWN).waitFor()
  await expect(page.getByLabel('Environment', { exact: true })).toHaveValue(/.+/)
  await expect(side(page).getByLabel('Value of variable 1')).toHaveValue('')
  await expect(side(page).getByLabel('Name of variable 1')).toHaveValue('token')
  expect(await storedEverywhere(page)).not.toContain(SECRET)
  await expectNoAxeViolations(page)
})
