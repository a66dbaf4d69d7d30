import { expect, test, type Page } from '@playwright/test'
import { STORYBOOK_URL } from '../../playwright.config'
import { expectStoryAxeClean, openStory, showStory } from '../support/storybook'

/**
 * Proof that the visual run checks more than pixels: `expectStoryAxeClean` fails a story with axe
 * violations, and `showStory` one whose play function throws. Both are provoked here on a passing
 * story by changing its args, the way Storybook's Controls do.
 */

/** Sends one preview event and resolves with the status of the next `storyFinished` of `id`. */
function nextFinish(page: Page, id: string, event: 'updateStoryArgs' | 'forceRemount', payload: object): Promise<string> {
  return page.evaluate(
    ({ id, event, payload }) =>
      new Promise<string>((resolve) => {
        interface Channel {
          emit(event: string, data: unknown): void
          on(event: string, listener: (data: { storyId: string; status: string; reporters?: { type: string; status: string; result?: { violations?: { id: string }[] } }[] }) => void): void
        }
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel }).__STORYBOOK_ADDONS_CHANNEL__
        let done = false
        channel.on('storyFinished', (data) => {
          if (done || data.storyId !== id) return
          done = true
          const failed = (data.reporters ?? []).filter((r) => r.status === 'failed')
          resolve([data.status, ...failed.map((r) => `${r.type}: ${(r.result?.violations ?? []).map((v) => v.id).join(', ')}`)].join(' '))
        })
        channel.emit(event, { storyId: id, ...payload })
      }),
    { id, event, payload },
  )
}

test('an axe violation in a story fails the visual run', async ({ page }) => {
  const id = 'shared-codeeditor--json'
  await openStory(page, STORYBOOK_URL, id, 'light')
  await showStory(page, id, 'light')
  await expectStoryAxeClean(page, id)
  // An empty label leaves the editor's textbox without an accessible name.
  expect(await nextFinish(page, id, 'updateStoryArgs', { updatedArgs: { label: '' } })).toBe('success')
  await expect(expectStoryAxeClean(page, id)).rejects.toThrow(/aria-input-field-name/)
})

test('a failing play function fails the visual run', async ({ page }) => {
  const id = 'shared-codeeditor--with-error'
  await openStory(page, STORYBOOK_URL, id, 'light')
  await showStory(page, id, 'light')
  // Another diagnostic: the play function's "Expected a property name" is not found. Storybook
  // itself still finishes the story with 'success' (it does not rethrow play exceptions).
  expect(await nextFinish(page, id, 'updateStoryArgs', { updatedArgs: { diagnostics: [{ line: 1, column: 1, message: 'Other' }] } })).toBe('success')
  await expect(showStory(page, id, 'light')).rejects.toThrow(/play: Unable to find an element with the text: \/Expected a property name\//)
})
