import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { OUT_DIRS } from '../../demo/config/lanes.ts'

/** A story as the static Storybook's index.json lists it. */
export interface StoryEntry {
  id: string
  title: string
  name: string
  type: 'story' | 'docs'
  tags?: string[]
}

/** Every story of the static build (`npm run build-storybook`), in a stable order. */
export function listStories(dir: string = OUT_DIRS.storybook): StoryEntry[] {
  const index = JSON.parse(readFileSync(`${dir}/index.json`, 'utf8')) as { entries: Record<string, StoryEntry> }
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
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
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}
