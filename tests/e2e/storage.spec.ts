import { expect, test, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'

/**
 * Saving in the browser: when localStorage is full or turned off, the GraphQL tester keeps what
 * was typed, shows next to it (and announces once) that it will be lost on reload; the history
 * follows another tab's sends.
 */
const GRAPHQL = `${URLS.graphql}/graphql`
const announcer = (page: Page) => page.getByTestId('announcer')
const queryEditor = (page: Page) => page.getByRole('textbox', { name: 'Query' })
const requestForm = (page: Page) => page.getByRole('form', { name: 'Request' })
const historyRegion = (page: Page) => page.getByRole('region', { name: 'History', exact: true })

async function openTester(page: Page): Promise<void> {
  await openPage(page, '/graphql')
  await expect(page.getByLabel('Endpoint', { exact: true })).toHaveValue(GRAPHQL)
}

/** Opens the History view of the side panel. */
async function openHistory(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'History', exact: true }).click()
  await expect(historyRegion(page)).toBeVisible()
}

async function typeQuery(page: Page, text: string): Promise<void> {
  await queryEditor(page).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
}

test.describe('saving fails', () => {
  test('storage full: the typed query stays and the page says it will be lost on reload', async ({ page }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
    })
    await openTester(page)
    await expect(page.getByTestId('save-failed')).toHaveCount(0) // nothing is lost before an edit
    await typeQuery(page, '{ users { id } }')
    const message = 'Could not save your request in this browser (storage is full); it will be lost on reload.'
    await expect(requestForm(page).getByText(message)).toBeVisible()
    await expect(announcer(page)).toHaveText(message)
    await expect(queryEditor(page)).toContainText('{ users { id } }')

    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const historyMessage = 'Could not save the history in this browser (storage is full); it will be lost on reload.'
    // The outcome is still said, with the history's problem after it.
    await expect(announcer(page)).toHaveText(/^200 OK, .*\. Could not save the history/)
    await openHistory(page)
    await expect(historyRegion(page)).toContainText(historyMessage)
    await expect(historyRegion(page).getByRole('button', { name: /^Open / })).toHaveCount(1) // kept for this page
  })

  test('storage turned off: the app still works and says so at the first edit', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError')
        },
      })
    })
    await openTester(page)
    await typeQuery(page, '{ me }')
    await expect(requestForm(page).getByText('Could not save your request in this browser (storage is turned off); it will be lost on reload.')).toBeVisible()
    await expect(queryEditor(page)).toContainText('{ me }')
  })
})

test('the history follows a send in another tab', async ({ page, context }) => {
  await openTester(page)
  const other = await context.newPage()
  await openTester(other)
  await openHistory(other)
  await expect(historyRegion(other)).toContainText('No requests yet')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(announcer(page)).toHaveText(/^200 OK/)
  await expect(historyRegion(other).getByRole('button', { name: /^Open UserById/ })).toBeVisible()
})
