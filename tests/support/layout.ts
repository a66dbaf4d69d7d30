import type { Locator } from '@playwright/test'

/**
 * How far `locator` sticks out of the ancestors that clip it (overflow other than visible), in px; 0
 * when it is wholly inside each of them: a hint cut by its pane, a focused row scrolled out of view.
 */
export async function cutBy(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect()
    let worst = 0
    for (let p = el.parentElement; p; p = p.parentElement) {
      const style = getComputedStyle(p)
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
      const clip = p.getBoundingClientRect()
      worst = Math.max(worst, box.bottom - clip.bottom, box.right - clip.right, clip.top - box.top, clip.left - box.left)
    }
    return Math.max(0, Math.round(worst))
  })
}
