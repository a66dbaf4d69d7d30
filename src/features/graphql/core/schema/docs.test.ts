import { buildSchema } from 'graphql'
import { beforeAll, describe, expect, it } from 'vitest'
import { docsModel, type DocsIndex } from './docs'
import { docsSearcher, searchSchema } from './docs-search'
import { generateLargeSDL } from './generate'
import { schemaFromSDL } from './parse'

const SMALL = buildSchema(`
  """An ISO date."""
  scalar Date @specifiedBy(url: "https://example.com/date")
  interface Node { id: ID! }
  """A code repository."""
  type Repository implements Node {
    id: ID!
    name: String!
    owner: User
    issues(first: Int = 10, states: [IssueState!], orderBy: IssueOrder): [Issue!]!
    oldName: String @deprecated(reason: "Use name.")
  }
  type User implements Node { id: ID!, login: String!, repositoryOwner: Boolean }
  type Issue implements Node { id: ID!, title: String, createdAt: Date }
  union SearchResult = Repository | User
  enum IssueState { OPEN CLOSED LOCKED @deprecated(reason: "Never used.") }
  input IssueOrder { field: String!, direction: String = "ASC" }
  type Query { repository(owner: String!, name: String!): Repository, search(q: String!): [SearchResult!]!, node(id: ID!): Node }
  type Mutation { closeIssue(id: ID!): Issue }
`)

describe('docsModel', () => {
  const index = docsModel(SMALL)

  it('names the root types and lists types A–Z without introspection types', () => {
    expect(index.roots).toEqual({ query: 'Query', mutation: 'Mutation' })
    expect(index.typeNames).toContain('Repository')
    expect(index.typeNames.some((n) => n.startsWith('__'))).toBe(false)
    expect([...index.typeNames]).toEqual([...index.typeNames].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
  })

  it('describes fields, arguments with type strings and defaults, and deprecations', () => {
    const repo = index.types.get('Repository')!
    expect(repo).toMatchObject({ kind: 'OBJECT', description: 'A code repository.', interfaces: ['Node'] })
    const issues = repo.fields.find((f) => f.name === 'issues')!
    expect(issues).toMatchObject({ type: '[Issue!]!', typeName: 'Issue', deprecated: false })
    expect(issues.args).toEqual([
      { name: 'first', type: 'Int', typeName: 'Int', defaultValue: '10', deprecated: false },
      { name: 'states', type: '[IssueState!]', typeName: 'IssueState', deprecated: false },
      { name: 'orderBy', type: 'IssueOrder', typeName: 'IssueOrder', deprecated: false },
    ])
    expect(repo.fields.find((f) => f.name === 'oldName')).toMatchObject({ deprecated: true, deprecationReason: 'Use name.' })
  })

  it('describes enums, unions, interfaces, input objects and scalars', () => {
    expect(index.types.get('IssueState')?.enumValues).toEqual([
      { name: 'OPEN', deprecated: false },
      { name: 'CLOSED', deprecated: false },
      { name: 'LOCKED', deprecated: true, deprecationReason: 'Never used.' },
    ])
    expect(index.types.get('SearchResult')).toMatchObject({ kind: 'UNION', possibleTypes: ['Repository', 'User'] })
    expect(index.types.get('Node')?.possibleTypes).toEqual(['Repository', 'User', 'Issue'])
    expect(index.types.get('IssueOrder')?.fields[1]).toMatchObject({ name: 'direction', defaultValue: '"ASC"', args: [] })
    expect(index.types.get('Date')).toMatchObject({ kind: 'SCALAR', specifiedByURL: 'https://example.com/date', builtIn: false })
    expect(index.types.get('String')?.builtIn).toBe(true)
  })

  it('is plain data (structured-cloneable, for a worker or a store)', () => {
    expect(() => structuredClone({ types: index.types, roots: index.roots })).not.toThrow()
  })
})

describe('searchSchema', () => {
  const index = docsModel(SMALL)
  const paths = (query: string, limit?: number): string[] => searchSchema(index, query, limit).map((h) => h.path.join('.'))

  it('ranks exact, then prefix, then word, then substring; types before fields before arguments', () => {
    expect(paths('owner')).toEqual(['Repository.owner', 'Query.repository.owner', 'User.repositoryOwner'])
    expect(paths('repo')[0]).toBe('Repository')
    expect(paths('ssue')).toContain('Issue')
  })
  it('is case-insensitive and finds arguments and enum values', () => {
    expect(searchSchema(index, 'LOCKED')[0]).toMatchObject({ kind: 'enum-value', path: ['IssueState', 'LOCKED'], deprecated: true })
    expect(searchSchema(index, 'orderby')[0]).toMatchObject({ kind: 'argument', path: ['Repository', 'issues', 'orderBy'], detail: 'IssueOrder' })
  })
  it('puts deprecated hits after current ones of equal rank', () => {
    expect(paths('name')).toEqual(['Repository.name', 'Query.repository.name', 'Repository.oldName'])
    const tie = docsModel(buildSchema('type Query { aa: Int @deprecated, ab: Int, ac: Int }'))
    expect(searchSchema(tie, 'a').map((h) => h.name).slice(0, 3)).toEqual(['ab', 'ac', 'aa'])
  })
  it('narrows with Type.field', () => {
    expect(paths('repo.na')).toEqual(['Repository.name', 'Repository.oldName'])
    expect(paths('issuestate.')).toEqual(['IssueState.OPEN', 'IssueState.CLOSED', 'IssueState.LOCKED'].sort((a, b) => a.length - b.length || (a < b ? -1 : 1)))
  })
  it('respects the limit and returns nothing for blank queries', () => {
    expect(paths('e', 3)).toHaveLength(3)
    expect(paths('   ')).toEqual([])
    expect(paths('zzz')).toEqual([])
  })
})

describe('generateLargeSDL and search on a GitHub-sized schema', () => {
  let sdl: string
  let index: DocsIndex

  beforeAll(() => {
    sdl = generateLargeSDL(1500, 7)
    index = docsModel(schemaFromSDL(sdl))
  })

  it('is deterministic per seed and builds a valid schema of the requested size', () => {
    expect(generateLargeSDL(1500, 7)).toBe(sdl)
    expect(generateLargeSDL(1500, 8)).not.toBe(sdl)
    const userTypes = index.typeNames.filter((n) => !index.types.get(n)?.builtIn)
    expect(userTypes).toHaveLength(1500)
    expect(index.roots).toEqual({ query: 'Query', mutation: 'Mutation' })
    const kinds = new Set([...index.types.values()].map((t) => t.kind))
    expect(kinds).toEqual(new Set(['OBJECT', 'INTERFACE', 'UNION', 'ENUM', 'INPUT_OBJECT', 'SCALAR']))
    expect([...index.types.values()].some((t) => t.fields.some((f) => f.deprecated))).toBe(true)
    expect([...index.types.values()].some((t) => t.isOneOf)).toBe(true)
  })

  it('builds small schemas too', () => {
    for (const n of [1, 12, 40]) expect(() => schemaFromSDL(generateLargeSDL(n, n))).not.toThrow()
  })

  it('finds fields across the schema, best first', () => {
    const hits = searchSchema(index, 'createdAt', 20)
    expect(hits).toHaveLength(20)
    expect(hits.every((h) => h.name.toLowerCase() === 'createdat')).toBe(true)
    // Speed on this schema size is measured in docs.bench.ts (npm run bench), never asserted here.
    for (const query of ['o', 'owner', 'repo', 'Repository.na', 'at', 'ISSUE']) {
      expect(searchSchema(index, query, 50).length, query).toBeGreaterThan(0)
    }
    expect(searchSchema(index, 'urlx', 50)).toEqual([])
  })
})

describe('docsSearcher (as the user types)', () => {
  it('gives what a full scan gives, letter by letter, on GitHub’s schema, and narrows only when the query grows', async () => {
    const { readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { schemaFromIntrospection } = await import('./parse')
    const index = docsModel(schemaFromIntrospection(readFileSync(join(process.cwd(), 'node_modules/@octokit/graphql-schema/schema.json'), 'utf8')))
    const search = docsSearcher(index)
    const typed = 'PullRequestReviewComment'
    const queries = [...typed].map((_, i) => typed.slice(0, i + 1))
    // Then backspace, another word, an owner narrowing, and a different owner.
    queries.push('PullRequestReview', 'Pull', 'login', 'User.', 'User.lo', 'User.login', 'Repo.na', 'Us.lo', '', 'o')
    for (const query of queries) expect(search(query, 20), query).toEqual(searchSchema(index, query, 20))
    expect(search('PullRequestReviewComment', 1)[0]).toMatchObject({ kind: 'type', name: 'PullRequestReviewComment' })
  }, 60_000)
})
