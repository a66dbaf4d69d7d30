/**
 * The one frame of the three tools (WorkbenchFrame): a tool's main action and its result are on one
 * screen at the common laptop sizes, with no page scroll behind the panes; the GraphQL toolbar does
 * not move when the first status arrives; on a phone the panes stack without sideways scrolling.
 * Against the real demo servers, in both themes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { URLS } from '../../demo/config/lanes.ts'
import { openPage, presetTheme, THEMES } from '../support/app'
import { cutBy, spillBy } from '../support/layout'

const LAPTOPS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const
const PHONE = { width: 390, height: 844 } as const

/** Whether the element is wholly inside the window, as laid out now (no scrolling first). */
async function wholly(locator: Locator): Promise<{ top: number; bottom: number; inside: boolean }> {
  const page = locator.page()
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  if (!box || !viewport) return { top: NaN, bottom: NaN, inside: false }
  const inside = box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width
  return { top: Math.round(box.y), bottom: Math.round(box.y + box.height), inside }
}

/** The page itself does not scroll: only the panes do (one scroll container each). */
async function pageScroll(page: Page): Promise<{ vertical: number; horizontal: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return { vertical: root.scrollHeight - root.clientHeight, horizontal: root.scrollWidth - root.clientWidth }
  })
}

/** Whether a text field shows its whole value (nothing scrolled out of sight). */
function fitsWhole(field: Locator): Promise<boolean> {
  return field.evaluate((el) => el.scrollWidth <= el.clientWidth)
}

/** Whether a select is at least as wide as it would be with no width limit: its options are not cut. */
function asWideAsItsOptions(select: Locator): Promise<boolean> {
  return select.evaluate((el) => {
    const shown = el.getBoundingClientRect().width
    const clone = el.cloneNode(true) as HTMLElement
    Object.assign(clone.style, { position: 'absolute', width: 'auto', maxWidth: 'none', minWidth: '0', visibility: 'hidden' })
    document.body.append(clone)
    const natural = clone.getBoundingClientRect().width
    clone.remove()
    return shown >= natural - 0.5
  })
}

async function sendWebhook(page: Page): Promise<void> {
  await page.getByLabel('Handler URL').fill(`${URLS.webhook}/webhook`)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Handler response' })).toBeVisible()
}

async function loadQuotaExample(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Load example' }).click()
  await expect(page.getByRole('heading', { name: 'Quotas' })).toBeVisible()
}

const firstQuotaCard = (page: Page) => page.locator('#rl-results').getByRole('article').first()
const graphqlToolbar = (page: Page) => page.getByRole('form', { name: 'Endpoint and send' })
const graphqlStatus = (page: Page) => page.getByTestId('last-status')
const firstBodyRow = (page: Page) => page.getByRole('tree', { name: 'Response body' }).getByRole('treeitem').first()

for (const theme of THEMES) {
  for (const size of LAPTOPS) {
    test.describe(`${size.width}×${size.height}, ${theme}`, () => {
      test.beforeEach(async ({ page }) => {
        await presetTheme(page, theme)
        await page.setViewportSize(size)
      })

      test('webhooks: Send and the delivery result are in view, without a page scroll', async ({ page }) => {
        await openPage(page, '/webhooks')
        expect((await wholly(page.getByRole('button', { name: 'Send', exact: true }))).inside).toBe(true)
        await sendWebhook(page)
        expect(await wholly(page.getByRole('button', { name: 'Send', exact: true }))).toMatchObject({ inside: true })
        expect(await wholly(page.getByRole('heading', { name: 'Handler response' }))).toMatchObject({ inside: true })
        expect(await wholly(page.getByText(/^\d{3} [A-Z]/).first())).toMatchObject({ inside: true })
        expect(await pageScroll(page)).toEqual({ vertical: 0, horizontal: 0 })
        // The handler URL is shown whole, and the body opens formatted with its first members in view.
        expect(await fitsWhole(page.getByLabel('Handler URL'))).toBe(true)
        const body = page.getByRole('textbox', { name: 'Request body, formatted (JSON)' })
        expect(await wholly(body.locator('.cm-line').nth(1))).toMatchObject({ inside: true })
      })

      test('rate limits: after a paste the first quota card is in view, without a page scroll', async ({ page }) => {
        await openPage(page, '/rate-limits')
        await loadQuotaExample(page)
        const card = firstQuotaCard(page)
        await expect(card).toBeVisible()
        const box = await wholly(card.getByRole('heading').first())
        expect(box.inside).toBe(true)
        // The card's meter (its headline figure) is in view too, not only its title.
        expect((await wholly(card.getByRole('meter').first())).inside).toBe(true)
        expect(await pageScroll(page)).toEqual({ vertical: 0, horizontal: 0 })
      })

      test('GraphQL: the toolbar keeps its place after Send; the status and the first body row are in view', async ({ page }) => {
        await openPage(page, '/graphql')
        const endpoint = page.getByLabel('Endpoint', { exact: true })
        const before = { toolbar: await graphqlToolbar(page).boundingBox(), endpoint: await endpoint.boundingBox() }
        await page.getByRole('button', { name: 'Send', exact: true }).click()
        await expect(graphqlStatus(page)).toHaveText(/200 OK/)
        await expect(firstBodyRow(page)).toBeVisible()
        const after = { toolbar: await graphqlToolbar(page).boundingBox(), endpoint: await endpoint.boundingBox() }
        expect(after).toEqual(before)
        expect((await wholly(graphqlStatus(page))).inside).toBe(true)
        const response = page.getByRole('region', { name: 'Response', exact: true })
        expect((await wholly(response.getByText('200 OK', { exact: true }))).inside).toBe(true)
        expect((await wholly(firstBodyRow(page).locator('> :first-child').first())).inside).toBe(true)
        expect(await pageScroll(page)).toEqual({ vertical: 0, horizontal: 0 })
      })
    })
  }

  // The status slot keeps one width, so nothing moves when a status arrives: it used to clip "400 Bad Request"
  // to "400 Bad Re" and a network failure's heading to its first words.
  test(`1280 px wide, ${theme}: the toolbar's last status shows whole, the code or a short word, read out in full`, async ({ page }) => {
    await presetTheme(page, theme)
    await page.setViewportSize({ width: 1280, height: 720 })
    await openPage(page, '/graphql')
    await page.getByRole('textbox', { name: 'Query', exact: true }).fill('{ nope }')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(graphqlStatus(page).getByText('400', { exact: true })).toBeVisible()
    await expect(graphqlStatus(page)).toContainText('Last status: 400 Bad Request')
    expect(await cutBy(graphqlStatus(page).getByText('400', { exact: true }))).toBe(0)
    expect(await spillBy(graphqlStatus(page).locator('.n-tag'))).toBe(0)
    await page.getByLabel('Endpoint', { exact: true }).fill(`${URLS.graphqlNoCors}/graphql`)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(graphqlStatus(page).getByText('CORS', { exact: true })).toBeVisible()
    await expect(graphqlStatus(page)).toContainText('Last status: Blocked by CORS: the server at')
    expect(await cutBy(graphqlStatus(page).getByText('CORS', { exact: true }))).toBe(0)
    expect(await spillBy(graphqlStatus(page).locator('.n-tag'))).toBe(0)
  })

  test(`1280 px wide, ${theme}: the GraphQL toolbar is one row, also after Send`, async ({ page }) => {
    await presetTheme(page, theme)
    await page.setViewportSize({ width: 1280, height: 720 })
    await openPage(page, '/graphql')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(graphqlStatus(page)).toHaveText(/200 OK/)
    const send = await page.getByRole('button', { name: 'Send', exact: true }).boundingBox()
    const last = await graphqlToolbar(page).getByRole('button').last().boundingBox()
    expect(send && last && Math.abs(send.y + send.height / 2 - (last.y + last.height / 2))).toBeLessThan(8)
    // The environment picker shows its choice whole ("No environment", not "No environmer").
    expect(await asWideAsItsOptions(page.getByRole('combobox', { name: 'Environment' }))).toBe(true)
  })

  for (const size of LAPTOPS) {
    test(`${size.width}×${size.height}, ${theme}: the endpoint shows a long URL whole; the views are named icons with their label on focus`, async ({ page }) => {
      await presetTheme(page, theme)
      await page.setViewportSize(size)
      await openPage(page, '/graphql')
      const endpoint = page.getByLabel('Endpoint', { exact: true })
      await endpoint.fill('https://api.example.com/graphql/v1/internal-tools')
      expect(await endpoint.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true)
      const views = graphqlToolbar(page).getByRole('button', { name: /^(Docs|History|Schema|Environments|Import curl|Shortcuts)$/ })
      await expect(views).toHaveCount(6)
      await page.getByRole('button', { name: 'Send', exact: true }).focus()
      await page.keyboard.press('Tab')
      await expect(page.getByRole('button', { name: 'Docs', exact: true })).toBeFocused()
      const tip = page.getByText('Docs · Alt+Shift+D')
      await expect(tip).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(tip).toBeHidden()
      await page.keyboard.press('Tab')
      await expect(page.getByText('History · Alt+Shift+H')).toBeVisible()
    })
  }

  test(`320 px wide, ${theme}: a collapsed action's tooltip stays on screen`, async ({ page }) => {
    await presetTheme(page, theme)
    await page.setViewportSize({ width: 320, height: 640 })
    await openPage(page, '/graphql')
    // The first view sits near the left edge once the toolbar wraps: its tooltip hung off screen.
    await page.getByRole('button', { name: 'Docs', exact: true }).focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    const tip = page.getByText('Docs · Alt+Shift+D')
    await expect(tip).toBeVisible()
    const box = await tip.boundingBox()
    expect(box && [box.x >= 0, box.x + box.width <= 320]).toEqual([true, true])
  })

  test(`1280 px wide, ${theme}: the rate-limit toolbar is one row with its four modes`, async ({ page }) => {
    await presetTheme(page, theme)
    await page.setViewportSize({ width: 1280, height: 720 })
    await openPage(page, '/rate-limits')
    const toolbar = page.getByRole('group', { name: 'Mode and examples' })
    await expect(toolbar.getByRole('radio')).toHaveCount(4)
    const first = await toolbar.getByRole('radio').first().boundingBox()
    const last = await toolbar.getByRole('button').last().boundingBox()
    expect(first && last && Math.abs(first.y + first.height / 2 - (last.y + last.height / 2))).toBeLessThan(8)
  })

  test.describe(`${PHONE.width}×${PHONE.height}, ${theme}`, () => {
    test.beforeEach(async ({ page }) => {
      await presetTheme(page, theme)
      await page.setViewportSize(PHONE)
    })

    test('every tool stacks its panes without sideways scrolling, the main action in the first screen', async ({ page }) => {
      await openPage(page, '/webhooks')
      expect((await wholly(page.getByRole('button', { name: 'Send', exact: true }))).inside).toBe(true)
      await sendWebhook(page)
      expect((await pageScroll(page)).horizontal).toBe(0)
      const compose = await page.getByRole('region', { name: 'Compose' }).boundingBox()
      const delivery = await page.getByRole('region', { name: 'Delivery', exact: true }).boundingBox()
      expect(compose && delivery && delivery.y >= compose.y + compose.height).toBe(true)

      await openPage(page, '/rate-limits')
      await loadQuotaExample(page)
      expect((await wholly(page.getByRole('button', { name: 'Load example' }))).inside).toBe(true)
      expect((await pageScroll(page)).horizontal).toBe(0)
      const input = await page.getByRole('region', { name: 'Headers to read' }).boundingBox()
      const result = await page.getByRole('region', { name: 'Result' }).boundingBox()
      expect(input && result && result.y >= input.y + input.height).toBe(true)

      await openPage(page, '/graphql')
      await page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(graphqlStatus(page)).toHaveText(/200 OK/)
      expect((await wholly(graphqlStatus(page))).inside).toBe(true)
      expect((await wholly(page.getByRole('button', { name: 'Send', exact: true }))).inside).toBe(true)
      expect((await pageScroll(page)).horizontal).toBe(0)
    })
  })
}
