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

/**
 * How far the text `locator` holds spills out of its content box, in px (into its padding or beyond), left
 * or right; 0 when it fits. A flex box squeezed by its parent keeps `scrollWidth === clientWidth` while its
 * text runs over its padding: a badge narrower than its words.
 */
export async function spillBy(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const style = getComputedStyle(el)
    const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft)
    const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight)
    let worst = 0
    // The words and signs it shows: elements with text of their own (not a decoration laid over the box).
    for (const child of el.querySelectorAll('*')) {
      if (![...child.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())) continue
      const inner = child.getBoundingClientRect()
      worst = Math.max(worst, inner.right - right, left - inner.left)
    }
    return Math.max(0, Math.round(worst))
  })
}
