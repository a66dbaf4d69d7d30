import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { OUT_DIRS } from '../../demo/config/lanes.ts'
import { buildReportDir } from '../../scripts/build-report.mjs'

/**
 * What the build publishes: the app, not the build's report (Vite's manifest maps every source file to
 * its chunk) and not the host's configuration (`_headers`). The report is kept beside the output for
 * the bundle budget.
 */
test('the deployed folder holds no build report, and the server answers 404 for it and for _headers', async ({ request }) => {
  expect(readdirSync(OUT_DIRS.app)).not.toContain('.vite')
  expect(existsSync(join(buildReportDir(OUT_DIRS.app), 'manifest.json'))).toBe(true)
  expect(existsSync(join(buildReportDir(OUT_DIRS.app), 'chunk-packages.json'))).toBe(true)
  expect(existsSync(join(OUT_DIRS.app, '_headers'))).toBe(true)

  expect((await request.get('/_headers')).status()).toBe(404)
  expect((await request.get('/_headers?x=1')).status()).toBe(404)
  for (const path of ['/.vite/manifest.json', '/.vite/chunk-packages.json']) {
    const response = await request.get(path)
    expect(await response.text()).not.toContain('"isEntry"')
    expect(await response.text()).not.toContain('"srcModules"')
  }
})
