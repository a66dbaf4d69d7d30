import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { parse } from 'yaml'
import { URLS } from '../../demo/config/lanes.ts'
import { switchSchemaVersion } from '../../demo/graphql-demo-versioned.ts'
import { PAGE_SHOWN, THEMES, openPage, presetTheme } from '../support/app'
import { expectNoAxeViolations } from '../support/axe'
import { storedCollections } from '../support/storage'

/**
 * Collections as files on the built app, keyboard only: "Import…" of real exports (Insomnia's app
 * and Postman's converter, core/collections/fixtures) with what they could not carry listed; a
 * collection saved to a folder and read back; a change made to the folder elsewhere picked up on
 * focus; and the schema-change guard listing a broken collection request (demo server's versioned
 * API) and opening it. Axe in both themes.
 *
 * The folder is real: Chromium's File System Access implementation, on its Origin Private File
 * System (`navigator.storage.getDirectory()` gives real FileSystemDirectoryHandles). Headless
 * Chromium cannot answer the directory picker's dialog, so ONLY `window.showDirectoryPicker` is
 * replaced (addInitScript) by a function returning an OPFS directory named by the test. The files
 * are read back with the real API and checked with the `yaml` package. Focus regained is a `focus`
 * event dispatched on the window (a headless page never loses focus).
 */
const fixtures = join(import.meta.dirname, '../../src/features/graphql/core/collections/fixtures')

async function openView(page: Page, name: string): Promise<void> {
  const button = page.getByRole('form', { name: 'Endpoint and send' }).getByRole('button', { name, exact: true })
  if ((await button.getAttribute('aria-pressed')) !== 'true') {
    await button.focus()
    await page.keyboard.press('Enter')
  }
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  if (name === 'Collections') {
    await expect(files(page)).toBeVisible()
    await expect(page.getByText('Loading collections…')).toHaveCount(0)
  }
}

const files = (page: Page) => page.getByRole('region', { name: 'Files', exact: true })

/** The file each page's chooser is answered with next (see the beforeEach). */
const nextFile = new WeakMap<Page, string>()

/** "Import…" by keyboard, choosing `path` in the file chooser it opens. */
async function importFile(page: Page, path: string): Promise<void> {
  const button = files(page).getByRole('button', { name: 'Import…' })
  await expect(button).toBeEnabled()
  await button.focus()
  await expect(button).toBeFocused()
  nextFile.set(page, path)
  await page.keyboard.press('Enter')
}

/** The directory picker answers with the OPFS directory `name` (created empty). */
async function pickerGives(page: Page, name: string): Promise<void> {
  await page.addInitScript((folder) => {
    window.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true })
  }, name)
}

/** The OPFS folder `name`'s files (path → text), read with the real API in the page. */
function readOpfs(page: Page, name: string): Promise<Record<string, string>> {
  return page.evaluate(async (folder) => {
    const out: Record<string, string> = {}
    const walk = async (dir: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      for await (const handle of dir.values()) {
        if (handle.kind === 'directory') await walk(handle, `${prefix}${handle.name}/`)
        else out[`${prefix}${handle.name}`] = await (await handle.getFile()).text()
      }
    }
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(folder), '')
    return out
  }, name)
}

test.describe('GraphQL tester: collections as files', () => {
  // Listening from the start: Playwright intercepts the chooser only once a listener is attached,
  // and a listener attached just before the key press missed the first page's chooser.
  test.beforeEach(({ page }) => {
    page.on('filechooser', (chooser) => void chooser.setFiles(nextFile.get(page) ?? []))
  })

  test('Import… reads an Insomnia and a Postman export and lists what they could not carry; a refusal says why', async ({ page }) => {
    await openPage(page, '/graphql')
    await openView(page, 'Collections')
    await importFile(page, join(fixtures, 'insomnia-v4.json'))
    await expect(files(page)).toContainText(/Imported “.+” from insomnia-v4\.json \(Insomnia\)\./)
    await expect(files(page).getByText(/^Not carried \(\d+\):$/)).toBeVisible()
    await importFile(page, join(fixtures, 'postman-graphql-to-postman.json'))
    await expect(files(page)).toContainText(/from postman-graphql-to-postman\.json \(Postman v2\.1\)\./)
    await expect(page.getByTestId('announcer')).toHaveText(/^Imported “.+” \(Postman v2\.1\)/)
    await expect(page.getByRole('tree')).toContainText('Postman Collection (from GraphQL)')

    const dir = mkdtempSync(join(tmpdir(), 'awb-e2e-'))
    writeFileSync(join(dir, 'notes.json'), '{"hello": "world"}')
    await importFile(page, join(dir, 'notes.json'))
    await expect(files(page).getByRole('alert')).toHaveText(/^Not imported: notes\.json is JSON, but neither a Postman v2\.1 collection/)
  })

  test('Save to folder… writes the OpenCollection layout; a change made there is read back on focus', async ({ page }, info) => {
    const folder = `e2e-folder-${info.project.name}-${info.repeatEachIndex}`.replace(/[^\w-]/g, '-')
    await pickerGives(page, folder)
    await openPage(page, '/graphql')
    await page.evaluate(async (name) => (await navigator.storage.getDirectory()).removeEntry(name, { recursive: true }).catch(() => undefined), folder)
    await openView(page, 'Collections')
    await importFile(page, join(fixtures, 'postman-graphql-to-postman.json'))
    await expect(files(page)).toContainText('(Postman v2.1)')
    const save = files(page).getByRole('button', { name: 'Save to folder…' })
    await save.focus()
    await page.keyboard.press('Enter')
    await expect(files(page)).toContainText(`Kept in the folder ${folder}.`)

    const written = await readOpfs(page, folder)
    const root = parse(written['opencollection.yml']!) as { opencollection: string; info: { name: string } }
    expect(root.opencollection).toBe('1.0.0')
    const requests = Object.keys(written).filter((p) => p.endsWith('.yml') && !p.endsWith('folder.yml') && p !== 'opencollection.yml')
    expect(requests.length).toBeGreaterThan(0)
    const first = requests.sort()[0]!
    const request = parse(written[first]!) as { info: { name: string; type: string }; graphql: { body: { query: string } } }
    expect(request.info.type).toBe('graphql')
    // The .graphql beside it holds the query (where an editor changes it).
    expect(written[first.replace(/\.yml$/, '.graphql')]?.trim()).toBe(request.graphql.body.query.trim())

    // Elsewhere (an editor, git pull): the collection renamed in its file, and a stray file added.
    await page.evaluate(
      async ({ name, path }) => {
        let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(name)
        const parts = path.split('/')
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part)
        const file = await dir.getFileHandle(parts.at(-1)!)
        const text = await (await file.getFile()).text()
        const writable = await file.createWritable()
        await writable.write(text.replace(/^ {2}name: .*$/m, '  name: Renamed on disk'))
        await writable.close()
        const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(name)
        const stray = await (await root.getFileHandle('README.md', { create: true })).createWritable()
        await stray.write('not ours')
        await stray.close()
      },
      { name: folder, path: 'opencollection.yml' },
    )
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(page.getByRole('tree').getByRole('treeitem', { name: /Renamed on disk/ })).toBeVisible()
    await expect(page.getByTestId('announcer')).toHaveText(/read again from the folder/)
    // The stray file is not ours: a later write leaves it.
    expect((await readOpfs(page, folder))['README.md']).toBe('not ours')
  })

  test('the schema guard lists a collection request the change broke, read though the Collections view was never opened, and opens it', async ({ page }, info) => {
    const name = `e2e-files-guard-${info.project.name}-${info.repeatEachIndex}`.replace(/[^\w-]/g, '-')
    const endpoint = `${URLS.graphql}/versioned/${name}/graphql`
    const dir = mkdtempSync(join(tmpdir(), 'awb-e2e-'))
    const postman = { info: { name: 'Library', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: [{ name: 'Isbns', request: { method: 'POST', url: endpoint, header: [], body: { mode: 'graphql', graphql: { query: 'query Isbns {\n  books {\n    isbn\n  }\n}', variables: '' } } } }] }
    writeFileSync(join(dir, 'library.postman_collection.json'), JSON.stringify(postman))
    await openPage(page, '/graphql')
    await openView(page, 'Collections')
    await importFile(page, join(dir, 'library.postman_collection.json'))
    await expect(files(page)).toContainText('Imported “Library”')
    // The store writes in the background: the reload comes once the collection is stored.
    await expect.poll(() => storedCollections(page)).toContain('"name":"Library"')
    // A new page: the Collections view is not opened again.
    await page.reload()
    await page.locator(PAGE_SHOWN).waitFor()
    const endpointField = page.getByLabel('Endpoint', { exact: true })
    await endpointField.focus()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.insertText(endpoint)
    await expect(endpointField).toHaveValue(endpoint)
    await openView(page, 'Schema')
    const schema = page.getByRole('region', { name: 'Schema', exact: true })
    await expect(schema).toContainText('Schema loaded from the endpoint', { timeout: 15_000 })
    await switchSchemaVersion(URLS.graphql, name, 2)
    const reload = schema.getByRole('button', { name: 'Reload schema' })
    await reload.focus()
    await page.keyboard.press('Enter')
    const changes = page.getByRole('region', { name: 'Schema changed' })
    await expect(changes.getByRole('listitem').filter({ hasText: 'Library / Isbns (collection)' })).toContainText('Line 3, column 5: Cannot query field "isbn" on type "Book".')
    const tabs = page.getByRole('tablist', { name: /request/i })
    const before = await tabs.getByRole('tab').count()
    const open = changes.getByRole('button', { name: 'Open in tab', description: 'Library / Isbns (collection)' })
    await open.focus()
    await page.keyboard.press('Enter')
    await expect(tabs.getByRole('tab')).toHaveCount(before + 1)
    await expect(page.getByRole('textbox', { name: 'Query' })).toBeFocused()
    await expect(page.getByRole('textbox', { name: 'Query' })).toContainText('isbn')
  })

  for (const theme of THEMES) {
    test(`axe: an import's losses and the export's preview listed, in the ${theme} theme`, async ({ page }) => {
      await presetTheme(page, theme)
      await openPage(page, '/graphql')
      await openView(page, 'Collections')
      await importFile(page, join(fixtures, 'insomnia-v4.json'))
      await expect(files(page).getByText(/^Not carried/)).toBeVisible()
      await expect(files(page).getByText(/cannot carry|carries everything/)).toBeVisible()
      await expectNoAxeViolations(page)
    })
  }
})

