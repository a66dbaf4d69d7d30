import { describe, expect, it } from 'vitest'
import { buildSchema } from 'graphql'
import { validateQuery } from '../schema/validate-query'
import { validateVariables } from '../schema/validate-variables'
import { buildGraphQLRequest } from './build'
import { editorDiagnostics } from './editor-diagnostics'

describe('editorDiagnostics', () => {
  it("lists the Send's error, Fill's error, warnings and schema problems of its own editor only, in that order", () => {
    const list = editorDiagnostics('variables', {
      inputError: { field: 'variables', message: 'Unexpected token', line: 2, column: 3 },
      fillError: { field: 'variables', message: 'Cannot fill', line: 1, column: 1 },
      warnings: [
        { field: 'variables', message: 'Number rounded', line: 3 },
        { field: 'query', message: 'not mine' },
      ],
      problems: [{ message: 'Unknown variable', line: 4, column: 5, severity: 'warning', from: 10, to: 14 }],
    })
    expect(list).toEqual([
      { line: 2, column: 3, message: 'Unexpected token' },
      { line: 1, column: 1, message: 'Cannot fill' },
      { line: 3, column: 1, message: 'Number rounded', severity: 'warning' },
      { line: 4, column: 5, message: 'Unknown variable', severity: 'warning', from: 10, to: 14 },
    ])
  })

  it('says a fault once: a schema problem where the Send error stands, and repeated messages', () => {
    const list = editorDiagnostics('query', {
      inputError: { field: 'query', message: 'Syntax Error: Expected Name', line: 1, column: 9 },
      warnings: [
        { field: 'query', message: 'Deprecated', line: 2, column: 1 },
        { field: 'query', message: 'Deprecated', line: 2, column: 1 },
      ],
      problems: [{ message: 'Syntax Error: Expected Name, found <EOF>.', line: 1, column: 9, severity: 'error' }],
    })
    expect(list.map((d) => d.message)).toEqual(['Syntax Error: Expected Name', 'Deprecated'])
  })

  it('says an undeclared variable once: the Send\'s warning, underlined over the schema problem\'s range', () => {
    const list = editorDiagnostics('variables', {
      warnings: [{ field: 'variables', message: '"id" is not declared by the operation, so it is not sent', line: 2, column: 3 }],
      problems: [{ message: '"id" is not a variable of operation "Large"; the server ignores it.', line: 2, column: 3, severity: 'warning', from: 4, to: 8 }],
    })
    expect(list).toEqual([{ line: 2, column: 3, message: '"id" is not declared by the operation, so it is not sent', severity: 'warning', from: 4, to: 8 }])
  })

  it('the Send and the schema check place an undeclared variable at the same spot, so it is said once', () => {
    const schema = buildSchema('type Query { products(count: Int): [String] }')
    const query = 'query Large { products(count: 1) }'
    const variables = '{\n  "id": "1"\n}'
    const built = buildGraphQLRequest({ endpoint: 'https://api.example.com/graphql', query, variables })
    const list = editorDiagnostics('variables', { warnings: built.warnings ?? [], problems: validateVariables(schema, query, undefined, variables) })
    expect(list).toHaveLength(1)
    // The same words as the editor's live lint had before the Send, so the editor's diagnostics do not change.
    expect(list[0]?.message).toBe('"id" is not a variable of operation "Large", so it is not sent (declare $id in the signature to use it).')
    expect(variables.slice(list[0]?.from, list[0]?.to)).toBe('"id"')
  })

  it("underlines graphql-js's own validation problems by their range", () => {
    const schema = buildSchema('type Query { user: User } type User { name: String }')
    const query = '{ user { nme } }'
    const list = editorDiagnostics('query', { warnings: [], problems: validateQuery(schema, query) })
    expect(list).toHaveLength(1)
    expect(list[0]?.message).toMatch(/Cannot query field "nme" on type "User"/)
    expect(query.slice(list[0]?.from, list[0]?.to)).toBe('nme')
  })
})
