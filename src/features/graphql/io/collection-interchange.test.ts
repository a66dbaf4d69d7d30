/**
 * Collection files in and out, checked without trusting fflate or our importers' own exporters:
 * our zips are tested by Info-ZIP's `unzip` and listed and extracted by CPython's `zipfile`, a zip made
 * by Info-ZIP's `zip` is imported, and the real sample exports in core's `fixtures/` (written by
 * Insomnia, Postman's converter, Bruno's converters, Chromium) are each told apart by their
 * content, whatever their file name.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { Collection } from '../core/collections'
import { exportCollectionFile, importCollectionFile } from './collection-interchange'
import { unzipFiles, zipFiles } from './collection-zip'

const fixtures = join(__dirname, '../core/collections/fixtures')
/**
 * CPython's `zipfile` reads the names (it honours the UTF-8 flag, bit 11, that fflate sets for
 * non-ASCII names; Debian's Info-ZIP `unzip` 6.0 decodes them as CP437 instead — found here, so it
 * only tests the archive's integrity).
 */
const python = (script: string, zip: string) => execFileSync('python3', ['-c', script, zip], { encoding: 'utf8' })
const fixture = (name: string) => new Uint8Array(readFileSync(join(fixtures, name)))

const collection: Collection = {
  name: 'Library: books',
  notes: 'Saved requests',
  items: [
    { kind: 'request', name: 'Titles', endpoint: '{{baseUrl}}/graphql', query: '{ books { title } }', variables: '', operationName: '', headers: [{ name: 'Authorization', value: 'Bearer {{AUTHORIZATION}}' }], notes: '' },
    { kind: 'folder', name: 'Admin', notes: '', items: [{ kind: 'request', name: 'Ünïcode “quotes”', endpoint: 'https://api.test/graphql', query: 'query Q($id: ID!) { book(id: $id) { title } }', variables: '{"id": 9007199254740993}', operationName: '', headers: [], notes: 'n' }] },
  ],
}

describe('collection zip', () => {
  it('writes a zip Info-ZIP finds sound and CPython lists and extracts to the OpenCollection files, under one folder named after the collection', async () => {
    const zipped = await exportCollectionFile(collection, 'opencollection-zip')
    expect(zipped.fileName).toBe('Library- books.zip')
    const dir = mkdtempSync(join(tmpdir(), 'awb-zip-'))
    writeFileSync(join(dir, 'c.zip'), new Uint8Array(await zipped.content.arrayBuffer()))
    expect(execFileSync('unzip', ['-tq', join(dir, 'c.zip')], { encoding: 'utf8' })).toMatch(/^No errors detected/)
    const listed = python('import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', join(dir, 'c.zip')).trim().split('\n').sort()
    expect(listed).toEqual(['Library- books/Admin/folder.yml', 'Library- books/Admin/Ünïcode “quotes”.graphql', 'Library- books/Admin/Ünïcode “quotes”.yml', 'Library- books/Titles.graphql', 'Library- books/Titles.yml', 'Library- books/opencollection.yml'].sort())
    python('import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[1] + ".out")', join(dir, 'c.zip'))
    const root = parse(readFileSync(join(dir, 'c.zip.out/Library- books/opencollection.yml'), 'utf8')) as { info: { name: string } }
    expect(root.info.name).toBe('Library: books')
    expect(readFileSync(join(dir, 'c.zip.out/Library- books/Admin/Ünïcode “quotes”.graphql'), 'utf8')).toContain('book(id: $id)')
    const request = parse(readFileSync(join(dir, 'c.zip.out/Library- books/Admin/Ünïcode “quotes”.yml'), 'utf8')) as { info: { type: string }; graphql: { url: string } }
    expect(request).toMatchObject({ info: { type: 'graphql' }, graphql: { url: 'https://api.test/graphql' } })
    // And what we zipped imports back as the same collection.
    const back = await importCollectionFile('c.zip', new Uint8Array(await zipped.content.arrayBuffer()))
    expect(back.ok !== false && back.collection).toEqual(collection)
  })

  it('imports a zip made by Info-ZIP from the same layout (folder entries and all)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'awb-zip-'))
    const files = (await unzipFiles(await zipFiles({ 'opencollection.yml': 'opencollection: 1.0.0\ninfo:\n  name: Zipped\n', 'Titles.yml': 'info:\n  name: Titles\n  type: graphql\n  seq: 1\ngraphql:\n  method: POST\n  url: https://api.test/graphql\n  body:\n    query: "{ a }"\n', 'Titles.graphql': '{ books { title } }\n' }, 'x')))
    mkdirSync(join(dir, 'Zipped'))
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, 'Zipped', path.slice(2)), text)
    execFileSync('zip', ['-qr', 'z.zip', 'Zipped'], { cwd: dir })
    const imported = await importCollectionFile('z.zip', new Uint8Array(readFileSync(join(dir, 'z.zip'))))
    expect(imported.ok !== false && [imported.format, imported.collection.name, imported.collection.items.map((i) => i.kind === 'request' && [i.name, i.query])]).toEqual(['OpenCollection (zip)', 'Zipped', [['Titles', '{ books { title } }\n']]])
  })
})

describe('Import…: the format told by the content', () => {
  it.each([
    ['insomnia-v4.json', 'export.txt', 'Insomnia'],
    ['postman-graphql-to-postman.json', 'collection.json', 'Postman v2.1'],
    ['opencollection-bundled.yml', 'bruno.yml', 'OpenCollection (YAML)'],
    ['chromium.har', 'recorded.har', 'HAR'],
    ['postman-copy-as-curl.sh', 'request.txt', 'curl'],
  ])('%s (named %s) is read as %s, with its losses', async (file, name, format) => {
    const imported = await importCollectionFile(name, fixture(file))
    if (imported.ok === false) throw new Error(imported.message)
    expect(imported.format).toBe(format)
    expect(imported.collection.items.length).toBeGreaterThan(0)
    expect(Array.isArray(imported.losses)).toBe(true)
  })

  it('refuses what none of the formats read, saying what it looked like', async () => {
    const text = (s: string) => new TextEncoder().encode(s)
    expect(await importCollectionFile('a.json', text('{"hello": 1}'))).toEqual({ ok: false, message: expect.stringMatching(/^a\.json is JSON, but neither a Postman/) })
    expect(await importCollectionFile('a.json', text('[1]'))).toEqual({ ok: false, message: expect.stringMatching(/not an object/) })
    expect(await importCollectionFile('a.yml', text('name: x\n'))).toEqual({ ok: false, message: expect.stringMatching(/^a\.yml is YAML, but neither/) })
    expect(await importCollectionFile('e.txt', text('  \n'))).toEqual({ ok: false, message: 'e.txt is empty.' })
    expect(await importCollectionFile('b.bin', new Uint8Array([0xff, 0xfe, 0x00, 0xc3]))).toEqual({ ok: false, message: expect.stringMatching(/not a text file/) })
    expect((await importCollectionFile('z.zip', new Uint8Array([0x50, 0x4b, 3, 4, 1, 2]))).ok).toBe(false)
  })
})

describe('Export as…', () => {
  it('gives each format a file named after the collection, with the losses its exporter lists', async () => {
    const postman = await exportCollectionFile(collection, 'postman')
    expect(postman.fileName).toBe('Library- books.postman_collection.json')
    expect(JSON.parse(await postman.content.text())).toMatchObject({ info: { name: 'Library: books' } })
    const har = await exportCollectionFile(collection, 'har')
    expect(har.losses.map((l) => l.what)).toContain('The collection’s notes (HAR has no place for them)')
    const v5 = await exportCollectionFile(collection, 'insomnia-v5')
    expect(parse(await v5.content.text())).toMatchObject({ type: 'collection.insomnia.rest/5.0' })
    const curl = await exportCollectionFile(collection, 'curl')
    expect(await curl.content.text()).toMatch(/^#!\/bin\/sh\n# Admin \/ Ünïcode “quotes”\ncurl /)
    // Its endpoint is still a template: not a command, and said so.
    expect(curl.losses.filter((l) => l.at === 'Titles').map((l) => l.what)).toEqual([expect.stringMatching(/^The references \{\{baseUrl\}\}/), expect.stringMatching(/^The whole request: /)])
  })
})
