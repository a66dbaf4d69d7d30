import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every component a user sees has its stories: each presentational component (a feature's
 * `components/`, `src/shared/ui/`, the shell) beside it, and each page in `stories/Pages/`, which
 * renders it from seeded stores. Containers are covered by the page stories that render them.
 */
const root = join(import.meta.dirname, '..', '..')

function vueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.vue'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
}

const features = readdirSync(join(root, 'src/features'))
const presentational = [
  ...features.flatMap((feature) => vueFiles(join(root, 'src/features', feature, 'components'))),
  ...vueFiles(join(root, 'src/shared/ui')),
  ...vueFiles(join(root, 'src/app/shell')),
]
const pages = [
  ...features.flatMap((feature) => readdirSync(join(root, 'src/features', feature)).filter((name) => name.endsWith('Page.vue')).map((name) => `src/features/${feature}/${name}`)),
  ...readdirSync(join(root, 'src/app/pages')).filter((name) => name.endsWith('Page.vue')).map((name) => `src/app/pages/${name}`),
]
const pageStories = readdirSync(join(root, 'stories/Pages')).filter((name) => name.endsWith('.stories.ts')).map((name) => readFileSync(join(root, 'stories/Pages', name), 'utf8'))

describe('story coverage', () => {
  it('finds the components and pages it checks', () => {
    expect(presentational.length).toBeGreaterThan(80)
    expect(pages).toEqual(expect.arrayContaining(['src/features/graphql/GraphQLPage.vue', 'src/app/pages/HomePage.vue']))
  })

  it('every presentational component has a stories file beside it', () => {
    expect(presentational.filter((file) => !existsSync(join(root, file.replace(/\.vue$/, '.stories.ts'))))).toEqual([])
  })

  it('every presentational component\'s Docs page says what it is for, its keys and its accessibility', () => {
    const field = (text: string, name: string) => new RegExp(`\\b${name}:\\s*(['"\`])(?!\\s*\\1)`).test(text)
    const undocumented = presentational.filter((file) => {
      const path = join(root, file.replace(/\.vue$/, '.stories.ts'))
      if (!existsSync(path)) return true
      const text = readFileSync(path, 'utf8')
      const call = text.slice(text.indexOf('componentDocs({'))
      return !text.includes('componentDocs({') || !['purpose', 'keyboard', 'accessibility'].every((name) => field(call, name))
    })
    expect(undocumented).toEqual([])
  })

  it('no stories meta has a doc comment, which Storybook would put in place of the componentDocs description', () => {
    const commented = presentational.filter((file) => {
      const path = join(root, file.replace(/\.vue$/, '.stories.ts'))
      return existsSync(path) && /\*\/\n\s*const meta\b/.test(readFileSync(path, 'utf8'))
    })
    expect(commented).toEqual([])
  })

  it('every documentation component in stories/ is rendered by a stories file there', () => {
    const storyDocs = vueFiles(join(root, 'stories'))
    expect(storyDocs.length).toBeGreaterThan(3)
    const storyTexts = readdirSync(join(root, 'stories'), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.stories.ts'))
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    const unrendered = storyDocs.filter((file) => !storyTexts.some((text) => text.includes(`/${file.split('/').pop()}'`)))
    expect(unrendered).toEqual([])
  })

  it('every page is rendered by a story in stories/Pages/', () => {
    const unrendered = pages.filter((file) => {
      const importPath = `@/${file.slice('src/'.length)}`
      return !pageStories.some((text) => text.includes(`from '${importPath}'`))
    })
    expect(unrendered).toEqual([])
  })
})
