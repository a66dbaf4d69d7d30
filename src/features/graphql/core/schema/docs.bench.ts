import { bench, describe } from 'vitest'
import { docsModel } from './docs'
import { searchSchema } from './docs-search'
import { generateLargeSDL } from './generate'
import { schemaFromSDL } from './parse'

// A schema the size of GitHub's public one (~1,500 types): the docs explorer must stay fluid on it.
const schema = schemaFromSDL(generateLargeSDL(1500, 7))
const index = docsModel(schema)

describe('docs explorer on a 1,500-type schema', () => {
  bench('docsModel (index build)', () => {
    docsModel(schema)
  })
  bench('searchSchema, 8 queries', () => {
    for (const query of ['o', 'owner', 'repo', 'Repository.na', 'urlx', 'at', 'ISSUE', 'createdAt']) searchSchema(index, query, 50)
  })
})
