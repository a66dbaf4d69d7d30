import type { Page } from '@playwright/test'

/**
 * Records every Content-Security-Policy violation (the `securitypolicyviolation` event, in every frame)
 * and every console error about a CSP or Permissions-Policy (what Chromium logs for a blocked load or an
 * unrecognised policy). Call before the first navigation.
 * @returns the live list of what was recorded
 */
export async function recordPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeBinding('__awbCspViolation', (_source, text: string) => void violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      ;(window as unknown as { __awbCspViolation: (t: string) => void }).__awbCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI} on ${e.documentURI}`)
    })
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Permissions-Policy|Permissions policy/i.test(message.text())) violations.push(message.text())
  })
  return violations
}
