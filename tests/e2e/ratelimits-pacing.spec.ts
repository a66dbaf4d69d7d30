import { expect, test, type Page } from '@playwright/test'
import { openPage, readClipboard } from '../support/app'
import { expectNoAxeViolationsInBothThemes } from '../support/axe'

/** What OpenAI sends with a chat completion (limits of one usage tier). */
const OPENAI = [
  'HTTP/2 200',
  'date: Tue, 14 Jan 2025 10:15:00 GMT',
  'content-type: application/json',
  'x-ratelimit-limit-requests: 500',
  'x-ratelimit-limit-tokens: 200000',
  'x-ratelimit-remaining-requests: 497',
  'x-ratelimit-remaining-tokens: 198342',
  'x-ratelimit-reset-requests: 360ms',
  'x-ratelimit-reset-tokens: 497ms',
].join('\n')

const modes = (page: Page) => page.getByRole('radiogroup', { name: 'Mode' })

/** Chooses a mode the way a keyboard user does: into the radio group, arrows to the mode. */
async function chooseMode(page: Page, label: string): Promise<void> {
  await modes(page).getByRole('radio', { checked: true }).focus()
  for (let i = 0; i < 4 && !(await modes(page).getByRole('radio', { name: label }).isChecked()); i++) await page.keyboard.press('ArrowRight')
  await expect(modes(page).getByRole('radio', { name: label })).toBeChecked()
}

/** Presses Tab until `target` has focus (at most `max` times). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 30): Promise<void> {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(target).toBeFocused()
}

test.describe('rate limits: pace my client', () => {
  test('pasted OpenAI headers → both quotas → the Bottleneck plan copied, its chunk loaded only with the mode', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await openPage(page, '/rate-limits')
    await page.getByRole('textbox', { name: 'Response headers' }).fill(OPENAI)
    await expect(page.locator('#rl-results')).toContainText('x-ratelimit-limit-tokens')
    expect(scripts.filter((url) => /PacingPane/.test(url))).toEqual([])

    await chooseMode(page, 'Pace my client')
    await expect(page).toHaveURL(/\?mode=pace$/)
    const pane = page.locator('#rl-pace')
    await expect(pane.getByRole('heading', { name: 'Pace my client' })).toBeVisible()
    expect(scripts.filter((url) => /PacingPane/.test(url))).toHaveLength(1)

    const policies = pane.getByRole('list', { name: 'Policies paced' })
    await expect(policies.getByRole('listitem')).toHaveText([/^requests: bucket of 500 requests refilling 8\.333 per second\..*From x-ratelimit-limit-requests/, /^tokens: bucket of 200,000 tokens refilling 3,333\.333 per second\..*From x-ratelimit-limit-tokens/])

    await expect(pane.getByRole('tab', { name: 'Bottleneck' })).toHaveAttribute('aria-selected', 'true')
    const plan = pane.getByRole('region', { name: 'Bottleneck throttle plan' })
    await expect(plan).toContainText("import Bottleneck from 'bottleneck'")
    const copy = pane.getByRole('button', { name: 'Copy Bottleneck config' })
    await copy.focus()
    await page.keyboard.press('Enter')
    const copied = await readClipboard(context)
    expect(copied).toBe(await plan.innerText())
    expect(copied).toContain('"reservoir": 200000')
    expect(copied).toContain('"reservoirIncreaseInterval": 120')
    expect(copied).toMatch(/Reads at run time: RateLimit .*x-ratelimit-remaining-<quota>/s)
    await expect(pane.getByText('x-ratelimit-remaining-<quota> / x-ratelimit-reset-<quota>', { exact: true })).toBeVisible()
  })

  test('the simulator by keyboard only: a preset, a schedule, its 429s per interval, an error at its field; axe in both themes', async ({ page }) => {
    await openPage(page, '/rate-limits?mode=pace')
    const pane = page.locator('#rl-pace')
    const source = pane.getByRole('combobox', { name: 'Policies from' })
    await source.focus()
    for (let i = 0; i < 6 && (await source.inputValue()) !== 'shopify-rest'; i++) await page.keyboard.press('ArrowDown')
    await expect(source).toHaveValue('shopify-rest')
    await expect(pane.getByRole('list', { name: 'Policies paced' })).toContainText('rest: bucket of 40 requests refilling 2 per second')

    const field = (name: string) => pane.getByRole('textbox', { name })
    const typeInto = async (name: string, text: string) => {
      await tabTo(page, field(name))
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type(text)
    }
    await typeInto('Requests in all (backlog)', '60')
    await typeInto('Sent at once at the start (burst)', '40')
    await typeInto('Then, steady requests per minute', '600')

    // A burst of 40 empties the 40-request bucket; then one every 100 ms against 2 a second back.
    const summary = pane.locator('dl.summary')
    await expect(summary).toContainText('Allowed44')
    await expect(summary).toContainText('Denied (429)16')
    await expect(summary).toContainText('Next request allowed at2.5 s')
    await expect(summary).toContainText('Fastest schedule with no 429all 60 sent by 10 s')
    await expect(pane.getByRole('img', { name: /The first 429 comes at 100 ms, when rest runs out/ })).toBeVisible()
    const table = pane.getByRole('table', { name: /Allowed and denied per interval/ })
    await expect(table.getByRole('row')).toHaveText([/From\s*To\s*Allowed\s*Denied\s*Binding quota/, /0 ms\s*1 s\s*41\s*8\s*rest/, /1 s\s*2 s\s*2\s*8\s*rest/, /2 s\s*3 s\s*1\s*0\s*rest/])
    // The table scrolls on its own: it is a Tab stop after the chart.
    await tabTo(page, pane.getByRole('region', { name: /Allowed and denied per interval/ }))

    // A wrong value: said at the field, the typed text kept, no simulation of it.
    await page.keyboard.press('Shift+Tab')
    await typeInto('Then, steady requests per minute', 'fast')
    const rate = field('Then, steady requests per minute')
    await expect(rate).toHaveValue('fast')
    await expect(rate).toHaveAttribute('aria-invalid', 'true')
    await expect(rate).toHaveAccessibleDescription(/Enter a number of requests per minute above 0, e\.g\. 60\./)
    await expect(pane.getByText('The simulation runs once there is a policy and every schedule field is valid.')).toBeVisible()

    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('60')
    await expect(summary).toBeVisible()
    await expectNoAxeViolationsInBothThemes(page)
  })

  test('GitHub primary and secondary → the Octokit tab: its install line, how to call it, the headers it reads, and the copy is the code', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await openPage(page, '/rate-limits?mode=pace')
    const pane = page.locator('#rl-pace')
    await pane.getByRole('combobox', { name: 'Policies from' }).selectOption('github-rest-primary-secondary')
    const tabs = pane.getByRole('tablist', { name: 'Throttle plan for' })
    await expect(tabs.getByRole('tab')).toHaveText(['Bottleneck', 'p-limit', 'Plain fetch', 'Octokit', 'Python (tenacity)'])
    await tabs.getByRole('tab', { name: 'Bottleneck' }).focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
    await expect(tabs.getByRole('tab', { name: 'Octokit' })).toHaveAttribute('aria-selected', 'true')
    const plan = pane.getByRole('region', { name: 'Octokit throttle plan' })
    await expect(plan).toContainText("import { throttling } from '@octokit/plugin-throttling'")
    await expect(plan).toContainText('secondary: 900 points per 60000 ms')
    await expect(pane.getByText('npm install @octokit/core @octokit/plugin-throttling')).toBeVisible()
    await expect(pane.getByText("const octokit = createThrottledOctokit({ auth: token }); await octokit.request('GET /user')")).toBeVisible()
    await expect(pane.getByText('x-ratelimit-remaining / x-ratelimit-reset', { exact: true })).toBeVisible()
    await pane.getByRole('button', { name: 'Copy Octokit config' }).click()
    expect(await readClipboard(context)).toBe(await plan.innerText())
    await expectNoAxeViolationsInBothThemes(page, { include: '#rl-pace' })
  })

  test('at 320 px the mode does not scroll sideways (the plan and the table scroll inside themselves)', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 })
    await openPage(page, '/rate-limits?mode=pace')
    await page.getByRole('combobox', { name: 'Policies from' }).selectOption('openai-example-tier')
    await expect(page.getByRole('table', { name: /Allowed and denied per interval/ })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
