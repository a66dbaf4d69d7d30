import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { OUT_DIRS } from '../../demo/config/lanes.ts'
import { settleFonts } from './app'

/** A story as the static Storybook's index.json lists it. */
export interface StoryEntry {
  id: string
  title: string
  name: string
  type: 'story' | 'docs'
  /** The file the entry comes from (`./stories/Introduction.mdx`, `./src/…/X.stories.ts`). */
  importPath: string
  tags?: string[]
}

/** Every entry of the static build's index.json, stories and docs pages. */
function listEntries(dir: string): StoryEntry[] {
  const index = JSON.parse(readFileSync(`${dir}/index.json`, 'utf8')) as { entries: Record<string, StoryEntry> }
  return Object.values(index.entries)
}

/** Every story of the static build (`npm run build-storybook`), in a stable order. */
export function listStories(dir: string = OUT_DIRS.storybook): StoryEntry[] {
  return listEntries(dir)
    .filter((entry) => entry.type === 'story')
    .sort((a, b) => a.id.localeCompare(b.id))
}

/** Every MDX docs page of the static build (the introduction, foundations, patterns), in a stable order. */
export function listMdxPages(dir: string = OUT_DIRS.storybook): StoryEntry[] {
  return listEntries(dir)
    .filter((entry) => entry.type === 'docs' && entry.importPath.endsWith('.mdx'))
    .sort((a, b) => a.id.localeCompare(b.id))
}

/**
 * Opens one story alone in the given theme and waits until Storybook finished it: rendered, play
 * function run, a11y addon done (`completed`). An errored story fails here.
 */
export async function openStory(page: Page, baseUrl: string, id: string, theme: 'light' | 'dark'): Promise<void> {
  await page.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=theme:${theme};a11y.manual:!true`)
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { storyRenders?: { phase?: string }[] } })
            .__STORYBOOK_PREVIEW__
          return preview?.storyRenders?.[0]?.phase ?? 'none'
        }),
      { timeout: 20_000, intervals: [50] },
    )
    .toMatch(/^(completed|finished)$/)
  await settleFonts(page)
}

/**
 * Shows another story in a page that already has the static Storybook's `iframe.html` open (from
 * {@link openStory}), without reloading it: the theme goes through Storybook's `updateGlobals`
 * event and the story through `setCurrentStory`, exactly what Storybook's own UI sends to the
 * preview (the same story in the other theme is remounted with `forceRemount`, so its play
 * function runs again as on a fresh load). The previous story is torn down (unmounted) before the
 * next one renders, and the preview's `beforeEach` (`.storybook/preview.ts`) empties storage and
 * scrolls to the top, so a story never sees another's state. Resolves when Storybook reports the
 * story finished (rendered, played, animations settled); rejects, naming the cause, when rendering
 * failed, the play function threw or it took over 20 s. With {@link expectStoryAxeClean} after the
 * screenshot, the visual run checks every story the way the Vitest story runner
 * (`npm run test:stories`) does, in the same pass. addon-a11y's automatic run is off
 * (`a11y.manual`): axe scrolls scrollable regions to check contrast, and CodeMirror's did not always
 * come back to the same line before the screenshot.
 *
 * Why: loading `iframe.html` again for each of ~600 screenshots (parsing Storybook's bundle and
 * every story's CSF index) was most of the visual run.
 */
export async function showStory(page: Page, id: string, theme: 'light' | 'dark'): Promise<void> {
  const outcome = await page.evaluate(
    ({ id, theme }) => {
      interface Channel {
        emit(event: string, data: unknown): void
        on(event: string, listener: (data: never) => void): void
        off(event: string, listener: (data: never) => void): void
      }
      const global = window as unknown as {
        __STORYBOOK_ADDONS_CHANNEL__: Channel
        __STORYBOOK_PREVIEW__: {
          currentRender?: { id?: string }
          storyStoreValue?: { userGlobals?: { get(): Record<string, unknown> } }
        }
      }
      const channel = global.__STORYBOOK_ADDONS_CHANNEL__
      const finished = () =>
        new Promise<string>((resolve) => {
          const timer = setTimeout(() => settle('timed out after 20 s'), 20_000)
          interface Report {
            type: string
            status: string
            result?: { violations?: { id: string; nodes: { target: unknown[] }[] }[]; error?: unknown }
          }
          const onFinished = (data: { storyId: string; status: string; reporters?: Report[] }) => {
            if (data.storyId !== id) return
            // Storybook's status is 'error' when the play function threw (or left an unhandled
            // error) or a report failed: addon-a11y's, with `a11y.test: 'error'`, on violations.
            const failed = (data.reporters ?? [])
              .filter((report) => report.status === 'failed')
              .map((report) =>
                report.result?.violations
                  ? `${report.type}: ${report.result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('; ')}`
                  : `${report.type}: ${String(report.result?.error ?? 'failed')}`,
              )
            const problems = [...thrown, ...failed]
            settle(problems.length ? `error (${problems.join(' | ')})` : data.status)
          }
          // The static Storybook does not rethrow a failing play function (its interactions panel
          // shows it) and finishes such a story with status 'success': catch the exception itself.
          const thrown: string[] = []
          const onPlayThrew = (error: { message?: string }) => thrown.push(`play: ${error.message ?? String(error)}`)
          const onUnhandled = (errors: { message?: string }[]) => thrown.push(...errors.map((e) => `unhandled: ${e.message ?? String(e)}`))
          const onRenderFailed = (error: { message?: string; title?: string; description?: string }) =>
            settle(`error (render: ${error.message ?? `${error.title ?? ''} ${error.description ?? ''}`})`)
          const onMissing = (storyId: string) => settle(`missing: ${storyId}`)
          const listeners: [string, (data: never) => void][] = [
            ['storyFinished', onFinished],
            ['playFunctionThrewException', onPlayThrew],
            ['unhandledErrorsWhilePlaying', onUnhandled],
            ['storyThrewException', onRenderFailed],
            ['storyErrored', onRenderFailed],
            ['storyMissing', onMissing],
          ]
          function settle(status: string) {
            clearTimeout(timer)
            for (const [event, listener] of listeners) channel.off(event, listener)
            resolve(status)
          }
          for (const [event, listener] of listeners) channel.on(event, listener)
        })
      const preview = global.__STORYBOOK_PREVIEW__
      const themeChanged = preview.storyStoreValue?.userGlobals?.get().theme !== theme
      if (preview.currentRender?.id === id) {
        // The same story in the other theme: let the theme rerender finish, then remount it so
        // its play function runs again.
        const rerendered = themeChanged ? finished() : Promise.resolve('success')
        if (themeChanged) channel.emit('updateGlobals', { globals: { theme } })
        return rerendered.then(() => {
          const remounted = finished()
          channel.emit('forceRemount', { storyId: id })
          return remounted
        })
      }
      const done = finished()
      if (themeChanged) channel.emit('updateGlobals', { globals: { theme } })
      channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' })
      return done
    },
    { id, theme },
  )
  expect(outcome, `story ${id} (${theme})`).toBe('success')
  await settleFonts(page)
}

/**
 * Runs axe on the story shown, through addon-a11y (its manual-run event: the same axe, rules and
 * context as its automatic run, from the story's `a11y` parameters), and fails with the violations
 * unless the story sets `a11y.test` to `'off'` or `'todo'`.
 */
export async function expectStoryAxeClean(page: Page, id: string): Promise<void> {
  const outcome = await page.evaluate(
    (id) =>
      new Promise<string[]>((resolve) => {
        interface Channel {
          emit(event: string, ...data: unknown[]): void
          on(event: string, listener: (...data: never[]) => void): void
          off(event: string, listener: (...data: never[]) => void): void
        }
        interface A11yParameters {
          test?: 'off' | 'todo' | 'error'
          disable?: boolean
        }
        const global = window as unknown as {
          __STORYBOOK_ADDONS_CHANNEL__: Channel
          __STORYBOOK_PREVIEW__: { currentRender?: { id?: string; story?: { parameters?: { a11y?: A11yParameters } } } }
        }
        const channel = global.__STORYBOOK_ADDONS_CHANNEL__
        const render = global.__STORYBOOK_PREVIEW__.currentRender
        if (render?.id !== id) return resolve([`story ${id} is not the one shown`])
        const parameters = render.story?.parameters?.a11y ?? {}
        if (parameters.disable || parameters.test === 'off') return resolve([])
        const settle = (problems: string[]) => {
          channel.off('storybook/a11y/result', onResult)
          channel.off('storybook/a11y/error', onError)
          resolve(parameters.test === 'todo' ? [] : problems)
        }
        const onResult = (result: { violations: { id: string; nodes: { target: unknown[] }[] }[] }, storyId: string) => {
          if (storyId === id) settle(result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`))
        }
        const onError = (error: { message?: string }) => settle([`axe failed: ${error.message ?? String(error)}`])
        channel.on('storybook/a11y/result', onResult)
        channel.on('storybook/a11y/error', onError)
        // Only violations are listed in full: sparing axe every passing node makes it faster.
        const options = { ...((parameters as { options?: object }).options ?? {}), resultTypes: ['violations'] }
        channel.emit('storybook/a11y/manual', id, { ...parameters, options })
      }),
    id,
  )
  expect(outcome, `axe on story ${id}`).toEqual([])
}
