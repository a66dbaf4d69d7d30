import type { Page } from '@playwright/test'

/**
 * Whether the page's main thread answers a `page.evaluate` within `ms` (a long task blocks it):
 * the check the hostile-input tests make after feeding the page something large.
 */
export async function answersWithin(page: Page, ms = 1000): Promise<boolean> {
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms))
  return Promise.race([page.evaluate(() => true), timer])
}
