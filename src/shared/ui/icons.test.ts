import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as icons from './icons'

/** One icon vocabulary: only icons.ts imports from `lucide`, and each of its names is one icon. */
const root = join(import.meta.dirname, '..', '..', '..')
const sources = ['src', 'stories']
  .flatMap((dir) => readdirSync(join(root, dir), { withFileTypes: true, recursive: true }))
  .filter((entry) => entry.isFile() && /\.(?:ts|vue)$/.test(entry.name))
  .map((entry) => relative(root, join(entry.parentPath, entry.name)))

describe('icon vocabulary', () => {
  it('finds the sources it checks', () => {
    expect(sources.length).toBeGreaterThan(300)
    expect(sources).toContain('src/shared/ui/icons.ts')
  })

  it('only src/shared/ui/icons.ts imports from lucide', () => {
    const importers = sources.filter((file) => /from ['"]lucide(?:\/[^'"]*)?['"]/.test(readFileSync(join(root, file), 'utf8')))
    expect(importers).toEqual(['src/shared/ui/icons.ts'])
  })

  it('no two actions share an icon, and each name ends in Icon', () => {
    const entries = Object.entries(icons)
    expect(entries.length).toBeGreaterThan(10)
    expect(entries.map(([name]) => name).filter((name) => !name.endsWith('Icon'))).toEqual([])
    expect(new Set(entries.map(([, node]) => node)).size).toBe(entries.length)
  })
})
