import { expect, test, type Page } from '@playwright/test'
import { openPage, PAGE_SHOWN } from '../support/app'
import { cutBy } from '../support/layout'

/**
 * The GraphQL workspace layout: what is on screen after Send, the splitters and the side
 * panel by keyboard, region cycling and the shortcuts dialog — against the real demo server.
 */
const announcer = (page: Page) => page.getByTestId('announcer')
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true })
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true })
const queryEditor = (page: Page) => page.getByRole('textbox', { name: 'Query' })

/** Whether the whole box of `locator` is inside the viewport. */
async function inViewport(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await locator.boundingBox()
  const size = page.viewportSize()
  if (!box || !size) return false
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height
}

for (const [width, height] of [
  [1440, 900],
  [1280, 720],
] as const) {
  test(`at ${width}×${height}, Send, the status and the first body row are on screen after Send; the page does not scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height })
    await openPage(page, '/graphql')
    await expect(sendButton(page)).toBeVisible()
    expect(await inViewport(page, sendButton(page))).toBe(true)
    await sendButton(page).click()
    await expect(announcer(page)).toHaveText(/^200 OK, /)
    await expect(sendButton(page)).toBeFocused() // nothing steals focus on Send
    const status = response(page).getByText('200 OK', { exact: true })
    const firstRow = page.getByRole('tree', { name: 'Response body' }).getByRole('treeitem').first()
    await expect(firstRow).toBeVisible()
    expect(await inViewport(page, sendButton(page))).toBe(true)
    expect(await inViewport(page, status)).toBe(true)
    expect(await inViewport(page, firstRow)).toBe(true)
    expect(await inViewport(page, page.getByTestId('last-status'))).toBe(true)
    const scroll = await page.evaluate(() => ({
      vertical: document.documentElement.scrollHeight - document.documentElement.clientHeight,
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }))
    expect(scroll).toEqual({ vertical: 0, sideways: 0 })
  })
}

test('at 1440×900 the query editor’s and the variables editor’s hints are whole inside their panes; the editors scroll inside', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openPage(page, '/graphql')
  const variables = page.getByRole('textbox', { name: 'Variables' })
  await expect(variables).toBeVisible()
  const hintOf = (editor: ReturnType<Page['locator']>) => editor.evaluate((el) => el.getAttribute('aria-describedby')?.split(' ')[0] ?? '')
  for (const [name, editor] of [['Query', queryEditor(page)], ['Variables', variables]] as const) {
    const hint = page.locator(`[id="${await hintOf(editor)}"]`)
    await expect(hint).toContainText('Esc')
    expect(await cutBy(hint), `the ${name} editor's hint`).toBe(0)
    // Not covered either: the editor ends above its hint.
    const frame = await editor.locator('xpath=ancestor::div[contains(@class, "cm-editor")]').boundingBox()
    const hintBox = await hint.boundingBox()
    expect(frame!.y + frame!.height, `the ${name} editor above its hint`).toBeLessThanOrEqual(hintBox!.y)
  }
  const fillHint = page.getByText('Adds each declared variable with a placeholder of its type; your values stay.')
  expect(await cutBy(fillHint)).toBe(0)
  expect(await cutBy(page.getByRole('button', { name: 'Fill variables' }))).toBe(0)
  // A query longer than its pane scrolls inside the editor: its hint stays where it was.
  const hint = page.locator(`[id="${await hintOf(queryEditor(page))}"]`)
  const before = await hint.boundingBox()
  // (Valid lines: a problem list would take its own room under the hint.)
  await queryEditor(page).fill(`query Long {\n${Array.from({ length: 60 }, () => '  __typename').join('\n')}\n}`)
  expect(await hint.boundingBox()).toEqual(before)
  expect(await cutBy(hint)).toBe(0)
})

test('at 1280×720 the body row the arrow keys move to is scrolled into the response pane’s view, not only the tree’s', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openPage(page, '/graphql')
  await queryEditor(page).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.insertText('query Many {\n  products(count: 40) { id name }\n}\n')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(announcer(page)).toHaveText(/^200 OK, /)
  const tree = page.getByRole('tree', { name: 'Response body' })
  // Into the tree by keyboard: F6 to the response pane, then Tab to the tree's one Tab stop.
  await page.keyboard.press('Escape')
  for (let i = 0; i < 6 && !(await response(page).evaluate((pane) => pane.contains(document.activeElement))); i++) await page.keyboard.press('F6')
  for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement?.getAttribute('role'))) !== 'treeitem'; i++) await page.keyboard.press('Tab')
  const focusedRow = tree.locator('[role="treeitem"]:focus')
  await expect(focusedRow).toHaveCount(1)
  // Down past the pane's bottom edge (the tree starts under the fold of the pane at this size).
  for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowDown')
  await expect(focusedRow).toContainText('10: {2 keys}')
  expect(await cutBy(focusedRow), 'the focused row, hidden by a scrolling ancestor').toBe(0)
})

test('on a phone (390×844) the variables editor’s line numbers stand level with their lines, one per line', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openPage(page, '/graphql')
  const variables = page.getByRole('textbox', { name: 'Variables' })
  await variables.fill('{\n  "id": "1",\n  "first": 2,\n  "note": "a value long enough to wrap on a phone, so one line takes two rows of the editor"\n}')
  const rows = await variables.evaluate((content) => {
    const editor = content.closest('.cm-editor')!
    const boxes = (selector: string) => [...editor.querySelectorAll<HTMLElement>(selector)].filter((el) => el.offsetHeight > 0).map((el) => el.getBoundingClientRect())
    return { lines: boxes('.cm-line'), numbers: boxes('.cm-lineNumbers .cm-gutterElement') }
  })
  expect(rows.numbers.length).toBe(5)
  expect(rows.numbers.map((box) => [Math.round(box.top), Math.round(box.height)])).toEqual(rows.lines.map((box) => [Math.round(box.top), Math.round(box.height)]))
  expect(rows.lines[3]!.height).toBeGreaterThan(rows.lines[0]!.height) // the long line wraps, and its number keeps its height
})

for (const width of [320, 800]) {
  test(`stacked at ${width} px: the Variables, Headers and Settings panels show their content under a long query, the query editor scrolls from its cap`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 })
    await openPage(page, '/graphql')
    // A 60-line query: before the fix the request's fixed height left the tab panel 12 px tall.
    const longQuery = `query Long {\n${Array.from({ length: 58 }, (_, i) => `  field${i}`).join('\n')}\n}`
    await queryEditor(page).fill(longQuery)
    const editorBox = await page.locator('.cm-editor').first().boundingBox()
    expect(editorBox?.height).toBeLessThanOrEqual(24 * 16 + 1)
    // Each panel is as tall as what it holds: nothing in it is cut off or scrolls inside it.
    const clipped = (name: string) =>
      page.getByRole('tabpanel', { name }).evaluate((panel) => ({ clipped: panel.scrollHeight - panel.clientHeight, height: panel.clientHeight }))
    const variables = page.getByRole('textbox', { name: 'Variables' })
    await variables.scrollIntoViewIfNeeded()
    expect(await clipped('Variables')).toEqual({ clipped: 0, height: expect.any(Number) })
    expect((await clipped('Variables')).height).toBeGreaterThan(150)
    await variables.fill('{ "id": "2" }')
    await expect(variables).toHaveText('{ "id": "2" }')
    // Scrolled to as a user would: in full runs under load it sat below the fold after the fill
    // (2 of 3 runs, 2026-11-28; alone it never did). In view after scrolling means no panel clips it;
    // that the panel does not scroll inside is the `clipped` check above.
    await page.getByRole('button', { name: 'Fill variables' }).scrollIntoViewIfNeeded()
    await expect(page.getByRole('button', { name: 'Fill variables' })).toBeInViewport()
    await page.getByRole('tab', { name: 'Headers' }).click()
    expect((await clipped('Headers')).clipped).toBe(0)
    await page.getByRole('button', { name: 'Add header' }).scrollIntoViewIfNeeded()
    await expect(page.getByRole('button', { name: 'Add header' })).toBeInViewport()
    await page.getByRole('tab', { name: 'Settings' }).click()
    expect((await clipped('Settings')).clipped).toBe(0)
    await expect(page.getByLabel('Subscriptions over')).toBeVisible()
  })
}

test('stacked on a phone held sideways (740×360), the open side panel fits the window', async ({ page }) => {
  await page.setViewportSize({ width: 740, height: 360 })
  await openPage(page, '/graphql')
  await page.getByRole('button', { name: 'Docs', exact: true }).click()
  const panel = page.getByRole('complementary', { name: 'Schema docs' })
  await expect(panel).toBeVisible()
  const box = await panel.boundingBox()
  expect(box?.height).toBeGreaterThan(200)
  expect(box?.height).toBeLessThanOrEqual(360)
})

test('keyboard only: splitters move and persist, the side panel opens and closes, F6 cycles, ? lists the shortcuts', async ({ page }) => {
  await openPage(page, '/graphql')
  const splitter = page.getByRole('separator', { name: 'Resize request and response' })
  await expect(splitter).toHaveAttribute('aria-valuenow', '50')
  await splitter.focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(splitter).toHaveAttribute('aria-valuenow', '40')
  await expect(splitter).toHaveAttribute('aria-valuetext', '40 percent')
  // Enter collapses the request pane and restores it at its size.
  await page.keyboard.press('Enter')
  await expect(splitter).toHaveAttribute('aria-valuetext', 'collapsed')
  await expect(page.getByRole('form', { name: 'Request' })).toBeHidden()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('form', { name: 'Request' })).toBeVisible()
  await page.reload()
  await page.locator(PAGE_SHOWN).waitFor()
  await expect(page.getByRole('separator', { name: 'Resize request and response' })).toHaveAttribute('aria-valuenow', '40')

  // The side panel (a complementary landmark) by its shortcut; focus goes into it, and it never covers Send.
  await queryEditor(page).focus()
  await page.keyboard.press('Alt+Shift+H')
  await expect(page.getByRole('complementary', { name: 'History' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'History', level: 2 })).toBeFocused()
  await expect(page.getByRole('button', { name: 'History', exact: true })).toHaveAttribute('aria-pressed', 'true')
  expect(await inViewport(page, sendButton(page))).toBe(true)
  // Another view's key switches the panel to it (one set of toggles: the toolbar's, no tabs in the panel).
  await page.keyboard.press('Alt+Shift+S')
  const side = page.getByRole('complementary', { name: 'Schema' })
  await expect(side.getByRole('heading', { name: 'Schema', level: 2 })).toBeFocused()
  await expect(side.getByRole('button', { name: 'Reload schema' })).toBeVisible()
  await expect(page.getByRole('tablist', { name: 'Side panel views' })).toHaveCount(0)

  // F6 cycles toolbar → side panel → request → response → toolbar; Shift+F6 goes back.
  await page.keyboard.press('F6')
  await expect(queryEditor(page)).toBeFocused()
  await page.keyboard.press('F6')
  expect(await response(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('F6')
  await expect(page.getByLabel('Endpoint', { exact: true })).toBeFocused()
  await page.keyboard.press('Shift+F6')
  expect(await response(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)

  // Close side panel by its button: focus returns to the toolbar, never to <body>.
  await side.getByRole('button', { name: 'Close Schema' }).focus()
  await page.keyboard.press('Enter')
  await expect(side).toBeHidden()
  await expect(page.getByLabel('Endpoint', { exact: true })).toBeFocused()

  // ? outside text fields opens the shortcuts list; Esc closes it and focus goes back.
  await sendButton(page).focus()
  await page.keyboard.press('?')
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('row', { name: /Send the request/ })).toBeVisible()
  await expect(dialog.getByRole('row', { name: /Next region/ })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(sendButton(page)).toBeFocused()
  // In an editor, ? is just a character.
  await queryEditor(page).focus()
  await page.keyboard.press('?')
  await expect(dialog).toBeHidden()
})

test('request tabs by keyboard: two tabs with different endpoints each send to their own, survive a reload, and close', async ({ page }) => {
  const endpoint = page.getByLabel('Endpoint', { exact: true })
  const tabs = page.getByRole('tablist', { name: 'Requests' })
  await openPage(page, '/graphql')
  const first = tabs.getByRole('tab', { name: 'UserById' })
  await expect(first).toHaveAttribute('aria-selected', 'true')

  // Duplicate, then point the copy at the demo's /status/500 route.
  await page.getByRole('button', { name: 'Duplicate tab' }).click()
  const second = tabs.getByRole('tab').nth(1)
  await expect(second).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('announcer')).toHaveText('Opened tab UserById')
  const base = (await endpoint.inputValue()).replace(/\/graphql$/, '')
  await endpoint.fill(`${base}/status/500`)
  // Rename by keyboard (F2 on the tab), then send from the second tab.
  await second.focus()
  await page.keyboard.press('F2')
  await page.keyboard.type('Failing')
  await page.keyboard.press('Enter')
  await expect(tabs.getByRole('tab', { name: 'Failing' })).toBeFocused()
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('announcer')).toHaveText(/^500 /)

  // Back to the first tab with the arrow key: its own endpoint, no response yet; it sends to its own.
  await page.keyboard.press('ArrowLeft')
  await expect(first).toBeFocused()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(endpoint).toHaveValue(`${base}/graphql`)
  await expect(response(page)).toContainText('No response yet')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('announcer')).toHaveText(/^200 OK, /)
  // The second tab kept its own response.
  await page.keyboard.press('ArrowRight')
  await expect(response(page).getByText(/^500 /).first()).toBeVisible()

  // Reorder with Shift+Left, then reload: both tabs, in order, with their endpoints.
  await page.keyboard.press('Shift+ArrowLeft')
  await expect(tabs.getByRole('tab').first()).toHaveText('Failing')
  await page.reload()
  await page.locator(PAGE_SHOWN).waitFor()
  await expect(tabs.getByRole('tab')).toHaveText(['Failing', 'UserById'])
  await expect(tabs.getByRole('tab', { name: 'Failing' })).toHaveAttribute('aria-selected', 'true')
  await expect(endpoint).toHaveValue(`${base}/status/500`)

  // Delete closes the focused tab; focus moves to the tab shown next, never to <body>.
  await tabs.getByRole('tab', { name: 'Failing' }).focus()
  await page.keyboard.press('Delete')
  await expect(tabs.getByRole('tab')).toHaveText(['UserById'])
  await expect(tabs.getByRole('tab', { name: 'UserById' })).toBeFocused()
  await expect(page.getByTestId('announcer')).toHaveText('Closed tab Failing; showing UserById')
  await expect(endpoint).toHaveValue(`${base}/graphql`)
})
