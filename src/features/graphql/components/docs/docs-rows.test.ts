import { describe, expect, it } from 'vitest'
import { docsModel, schemaFromSDL, searchSchema } from '@/features/graphql/core/schema'
import {
  allTypeNames,
  crumbLabel,
  fieldParts,
  fieldRow,
  estimateRowHeight,
  firstParagraph,
  hitRow,
  hitTarget,
  resolveView,
  rootRows,
} from '@/features/graphql/components/docs/docs-rows'

const index = docsModel(
  schemaFromSDL(`
    """The query root."""
    type Query { user(id: ID!, first: Int = 10): User, search(q: String!): [Result!]! }
    type Mutation { rename(name: String!): User }
    type User { id: ID!, name: String @deprecated(reason: "Use login."), login: String! }
    union Result = User
    enum Role { ADMIN, OWNER @deprecated }
    input UserFilter { role: Role = ADMIN }
  `),
)

describe('resolveView', () => {
  it('names the root, a type, a field, and an enum value (as its enum with the value focused)', () => {
    expect(resolveView(index, [])).toEqual({ kind: 'root' })
    expect(resolveView(index, ['User'])).toMatchObject({ kind: 'type', type: { name: 'User' } })
    expect(resolveView(index, ['Query', 'Query.user'])).toMatchObject({ kind: 'field', type: { name: 'Query' }, field: { name: 'user' } })
    expect(resolveView(index, ['Role.OWNER'])).toMatchObject({ kind: 'type', type: { name: 'Role' }, focusKey: 'value:OWNER' })
  })
  it('reports entries the schema does not have instead of throwing', () => {
    expect(resolveView(index, ['Repository'])).toEqual({ kind: 'missing', entry: 'Repository' })
    expect(resolveView(index, ['Query.me'])).toEqual({ kind: 'missing', entry: 'Query.me', typeName: 'Query', fieldName: 'me' })
    expect(resolveView(index, [''])).toEqual({ kind: 'missing', entry: '' })
  })
})

describe('crumbLabel', () => {
  it('shortens a field entry right after its own type to the field name', () => {
    expect(crumbLabel(['Query', 'Query.user'], 1)).toBe('user')
    expect(crumbLabel(['Query.user'], 0)).toBe('Query.user')
    expect(crumbLabel(['User', 'Query.user'], 1)).toBe('Query.user')
  })
})

describe('rows', () => {
  it('writes a field as name(args): Type with defaults', () => {
    const user = index.types.get('Query')!.fields[0]!
    expect(fieldParts(user).map((p) => p.text).join('')).toBe('user(id: ID!, first: Int = 10): User')
  })
  it('lets fields of objects be inserted (when allowed), never input fields', () => {
    const userType = index.types.get('User')!
    const name = fieldRow(userType, userType.fields[1]!, true)
    expect(name).toMatchObject({ key: 'field:name', deprecated: true, reason: 'Use login.', insert: { typeName: 'User', fieldName: 'name' } })
    expect(fieldRow(userType, userType.fields[1]!, false).insert).toBeUndefined()
    const filter = index.types.get('UserFilter')!
    const role = fieldRow(filter, filter.fields[0]!, true)
    expect(role.insert).toBeUndefined()
    expect(role.parts.map((p) => p.text).join('')).toBe('role: Role = ADMIN')
  })
  it('lists the root types with their operation, and all types with built-in scalars last', () => {
    expect(rootRows(index).map((r) => [r.name, r.meta, r.description])).toEqual([
      ['Query', 'query root', 'The query root.'],
      ['Mutation', 'mutation root', undefined],
    ])
    expect(allTypeNames(index)).toEqual(['Mutation', 'Query', 'Result', 'Role', 'User', 'UserFilter', 'Boolean', 'ID', 'Int', 'String'])
  })
  it('estimates taller rows for descriptions, reasons and narrow lists', () => {
    const userType = index.types.get('User')!
    const plain = fieldRow(userType, userType.fields[0]!, true)
    const deprecated = fieldRow(userType, userType.fields[1]!, true)
    expect(estimateRowHeight(plain, 600)).toBe(36)
    expect(estimateRowHeight(deprecated, 600)).toBeGreaterThan(estimateRowHeight(plain, 600))
    const long = { ...plain, description: 'word '.repeat(200) }
    expect(estimateRowHeight(long, 600)).toBe(estimateRowHeight({ ...plain, description: 'word '.repeat(40) }, 600))
    expect(estimateRowHeight(deprecated, 150)).toBeGreaterThan(estimateRowHeight(deprecated, 600))
    expect(estimateRowHeight(undefined, 600)).toBe(36)
  })
  it('keeps the first paragraph of a description, on one line', () => {
    expect(firstParagraph('One\nline.\n\nSecond paragraph.')).toBe('One line.')
    expect(firstParagraph('  ')).toBeUndefined()
    expect(firstParagraph(undefined)).toBeUndefined()
  })
})

describe('search hits', () => {
  it('lead a type to its view, a field or argument to the field view, an enum value to its enum', () => {
    const target = (q: string) => hitTarget(searchSchema(index, q, 1)[0]!)
    expect(target('User')).toEqual({ push: ['User'] })
    expect(target('login')).toEqual({ push: ['User', 'User.login'] })
    expect(target('first')).toEqual({ push: ['Query', 'Query.user'], focusKey: 'arg:first' })
    expect(target('OWNER')).toEqual({ push: ['Role'], focusKey: 'value:OWNER' })
    expect(target('UserFilter.role')).toEqual({ push: ['UserFilter', 'UserFilter.role'] })
  })
  it('show kind, type and path; only object fields can be inserted', () => {
    const row = hitRow(index, searchSchema(index, 'first', 1)[0]!, true)
    expect(row).toMatchObject({ name: 'first', meta: 'argument · Int', path: 'Query › user › first', insert: undefined })
    expect(hitRow(index, searchSchema(index, 'login', 1)[0]!, true).insert).toEqual({ typeName: 'User', fieldName: 'login' })
    expect(hitRow(index, searchSchema(index, 'User', 1)[0]!, true)).toMatchObject({ meta: 'type · object', path: undefined })
  })
})
