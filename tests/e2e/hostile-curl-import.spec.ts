import { expect, test } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage } from '../support/app'
import { answersWithin } from '../support/liveness'

/**
 * A hostile curl command pasted into Import curl: a megabyte of backslashes, 100,000 options the
 * importer does not know and 100,000 trailing newlines. The import finishes, the page answers, and
 * the notes are a few short sentences that name the problem, not a megabyte or 100,000 items.
 */
test('a megabyte word, 100,000 unknown options and 100,000 newlines: a few short notes, the page answers', async ({ page }) => {
  const unknown = Array.from({ length: 100_000 }, (_, i) => `--unknown-${i}`).join(' ')
  const command = `curl '${URLS.graphql}/graphql' --data-raw '{"query":"{ __typename }"}' ${'\\'.repeat(1_000_000)} ${unknown}${'\n'.repeat(100_000)}`
  await openPage(page, '/graphql')
  await page.getByRole('button', { name: 'Import curl' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import curl' })
  // As a paste: the text arrives at once (typing 3 MB through the keyboard would take minutes).
  await dialog.getByRole('textbox', { name: 'curl command' }).evaluate((area: HTMLTextAreaElement, text) => {
    area.value = text
    area.dispatchEvent(new Event('input', { bubbles: true }))
  }, command)
  await dialog.getByRole('button', { name: 'Import' }).click()
  const notes = dialog.getByRole('list', { name: 'Notes' })
  await expect(notes).toBeVisible()
  expect(await answersWithin(page)).toBe(true)
  await expect(notes.getByRole('listitem')).toHaveCount(2)
  await expect(notes).toContainText(`Only the first URL is imported; ${'\\'.repeat(60)}… (500,000 characters) ignored.`)
  await expect(notes).toContainText('--unknown-0, --unknown-1, --unknown-2, --unknown-3, --unknown-4 and 99,995 more are not options the importer knows: ignored.')
  expect(await notes.evaluate((list) => list.textContent!.length)).toBeLessThan(1000)
})
